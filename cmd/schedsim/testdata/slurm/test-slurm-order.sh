#!/usr/bin/env bash
# The real-Slurm check of the order schedsim's Slurm model starts jobs in
# (make test-slurm-order): the site of site.sh with accounting (one node
# n01 declared with 16 CPUs, multifactor priority with large fair-share
# and age weights, sched/backfill with bf_interval=2 and sched_interval=5),
# 4 users in 2 accounts, and 40 jobs of 1-16 CPUs sleeping 1-15 s under
# limits of 1-10 minutes, submitted together right after a priority
# pass. Then it
# captures sacct (slurm.PriorityFormat), sacctmgr show assoc and qos, and
# replays them under the same slurm.conf lines:
#
#   schedsim replay --sacct sacct.txt --slurm-conf slurm.conf --assoc assoc.txt \
#     --qos qos.txt --compare-recorded --out DIR
#
# and requires at least 90% of the jobs to start in the same relative
# order as in Slurm (same_order in DIR/recorded-summary.csv, checked by
# order-check.sh), printing the start-time errors. The capture and the
# replay's output are kept in $ORDER_KEEP (default
# /tmp/schedsim-slurm-order-last). It stops every daemon it started, by
# pid, on every exit path. Run it as root from the repository root; it
# takes about 3 minutes.
set -euo pipefail

say() { printf 'test-slurm-order: %s\n' "$*" >&2; }
die() { say "FAIL: $*"; exit 1; }

ORDER_KEEP=${ORDER_KEEP:-/tmp/schedsim-slurm-order-last}
MIN_SAME_ORDER=${MIN_SAME_ORDER:-0.90}
HERE=$(dirname "$0")
SLURM_ACCOUNTING=1
. "$HERE/node.sh"
. "$HERE/site.sh"
site_start order

say "building schedsim"
go build -o "$WORK/schedsim" ./cmd/schedsim
help=$("$WORK/schedsim" replay --help 2>&1 || true)
grep -q -e '-slurm-conf' <<<"$help" ||
  die "schedsim replay has no --slurm-conf (the Slurm model of issue 25 is not in this build)"

PARTS="batch:10:1"
site_conf "$WORK/site.conf" $PARTS
SLURM_SITE_CONF=$WORK/site.conf SLURM_NODE_NAME=$SITE_NODE SLURM_NODE_CPUS=$SITE_CPUS SLURM_NODE_MEM=$SITE_MEM slurm_node_start
site_users a1:50:u01/1,u02/1 a2:50:u03/1,u04/2
# The jobs go in at once (in about 3 s), right after a priority pass:
# Slurm starts a job a second or so after its submission or the end that
# frees its CPUs, which the model does not reproduce, and with jobs of
# seconds arriving one by one that latency alone reorders them. The whole
# run (about 50 s of work for the 16 CPUs) fits between two passes (a
# minute apart): the fair shares Slurm computes at the pass are the ones
# every job is ordered by, and the new users have theirs (0 until the
# first pass after they are added).
site_workload 40 40 "u01:a1:3 u02:a1:1 u03:a2:2 u04:a2:1" "$PARTS" 15 0.05 >"$WORK/jobs.tsv"
say "waiting for a priority pass"
site_wait_pass
say "submitting 40 jobs"
site_submit "$WORK/jobs.tsv"
say "waiting for them to end"
site_wait 240
CAP=$WORK/capture
site_capture "$CAP"
site_replay_conf "$WORK/site.conf" "$CAP/slurm.conf"
slurm_node_stop || true # kill -9 of a stopped daemon fails

say "replaying the capture"
"$WORK/schedsim" replay --sacct "$CAP/sacct.txt" --slurm-conf "$CAP/slurm.conf" --assoc "$CAP/assoc.txt" \
  --qos "$CAP/qos.txt" --compare-recorded --out "$WORK/replay" >"$WORK/replay.txt" 2>&1 ||
  { cat "$WORK/replay.txt" >&2; die "schedsim replay failed"; }
cat "$WORK/replay.txt" >&2
rm -rf "$ORDER_KEEP"
mkdir -p "$ORDER_KEEP"
cp -r "$CAP" "$WORK/replay" "$WORK/replay.txt" "$ORDER_KEEP/"
say "the 5 largest start-time errors (job,user,partition,submit_s,recorded_start_s,simulated_start_s,error_s):"
awk -F, 'NR > 1 && $7 != "" { print ($7 < 0 ? -$7 : $7) "\t" $0 }' "$WORK/replay/recorded.csv" |
  sort -g -r | head -5 | cut -f2 >&2
result=$("$HERE/order-check.sh" "$WORK/replay/recorded-summary.csv" "$MIN_SAME_ORDER") ||
  die "too few jobs start in Slurm's order (capture and replay kept in $ORDER_KEEP)"
say "PASS: $result (kept in $ORDER_KEEP)"

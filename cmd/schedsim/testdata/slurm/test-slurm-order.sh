#!/usr/bin/env bash
# The real-Slurm check of the order schedsim's Slurm model starts jobs in
# (make test-slurm-order): the site of site.sh with accounting (one node
# n01 declared with 16 CPUs, multifactor priority with large fair-share
# and age weights, sched/backfill with bf_interval=1 and sched_interval=5),
# 4 users in 2 accounts, and 40 jobs: right after a priority pass two jobs
# of u01 and u03 fill the node for a little over a minute, across the next
# pass, which charges their usage; 38 jobs of 1-16 CPUs sleeping 5-15 s
# under limits of 2 or 10 minutes arrive a second apart meanwhile and
# then run in the order that pass's fair shares and ages give them, with
# backfill (docs/explanation/slurm-checks.md says why each choice). Then it
# captures sacct (slurm.PriorityFormat), sacctmgr show assoc and qos, and
# replays them under the same slurm.conf lines:
#
#   schedsim replay --sacct sacct.txt --slurm-conf slurm.conf --assoc assoc.txt \
#     --qos qos.txt --compare-recorded --out DIR
#
# and requires at least 90% of the jobs to start in the same relative
# order as in Slurm (same_order in DIR/recorded-summary.csv, checked by
# order-check.sh), printing the start-time errors.
#
# Slurm's own timing (the order of job ends within a second, a fraction
# of a second of start latency that sacct's seconds do not carry) sends
# about one run in six down another branch, where 35 of the 40 jobs
# start in the same order (docs/explanation/slurm-checks.md, Attempts).
# So the experiment runs up to $ORDER_ATTEMPTS times (default 3), each on
# a fresh Slurm with the same seeded jobs, and the check passes on the
# first attempt at or above 0.90 and fails if none is; any other failure
# (a daemon, sbatch, the replay) ends it at once. Attempt K's capture and the
# replay's output are kept in $ORDER_KEEP/attempt-K (default
# /tmp/schedsim-slurm-order-last). It stops every daemon it started, by
# pid, on every exit path. Run it as root from the repository root; an
# attempt takes about 4 minutes.
set -euo pipefail

say() { printf 'test-slurm-order: %s %s\n' "$(date -u +%T)" "$*" >&2; }
die() { say "FAIL: $*"; exit 1; }

ORDER_KEEP=${ORDER_KEEP:-/tmp/schedsim-slurm-order-last}
MIN_SAME_ORDER=${MIN_SAME_ORDER:-0.90}
ORDER_ATTEMPTS=${ORDER_ATTEMPTS:-3}
HERE=$(dirname "$0")
# Below the threshold an attempt exits with belowOrder; the parent
# retries only that.
belowOrder=3
if [ -z "${ORDER_ATTEMPT:-}" ]; then
  [[ $ORDER_ATTEMPTS =~ ^[1-9][0-9]?$ ]] || die "ORDER_ATTEMPTS must be a whole number from 1 to 99, not \"$ORDER_ATTEMPTS\""
  rm -rf "$ORDER_KEEP"
  # An attempt runs in the background so that a signal here reaches it
  # at once, and it stops its daemons on its way out.
  attempt=
  trap '[ -n "$attempt" ] && kill -TERM "$attempt" 2>/dev/null && wait "$attempt"; exit 130' INT TERM
  for ((k = 1; k <= ORDER_ATTEMPTS; k++)); do
    say "attempt $k of $ORDER_ATTEMPTS"
    status=0
    ORDER_ATTEMPT=$k bash "$0" &
    attempt=$!
    wait "$attempt" || status=$?
    attempt=
    [ "$status" = 0 ] && exit 0
    [ "$status" = "$belowOrder" ] || exit "$status"
  done
  die "too few jobs started in Slurm's order in all $ORDER_ATTEMPTS attempts (kept in $ORDER_KEEP)"
fi
KEEP=$ORDER_KEEP/attempt-$ORDER_ATTEMPT
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
SITE_SCHED=bf_interval=1,bf_resolution=1,bf_window=60,bf_max_job_test=500,default_queue_depth=100,sched_interval=5
site_conf "$WORK/site.conf" $PARTS
SLURM_SITE_CONF=$WORK/site.conf SLURM_NODE_NAME=$SITE_NODE SLURM_NODE_CPUS=$SITE_CPUS SLURM_NODE_MEM=$SITE_MEM slurm_node_start
site_users a1:50:u01/1,u02/1 a2:50:u03/1,u04/2
# Two jobs fill the 16 CPUs for a little over a minute, across the
# priority pass a minute after the first submit: u01's 12 CPUs and u03's
# 4 are charged there, so the fair shares (Fair Tree) rank u04 > u03 >
# u02 > u01 from then on. Meanwhile 38 seeded jobs of all four users
# arrive about a second apart and wait (their ages differ by seconds);
# when the two end, the queue drains in the order that pass's priorities
# set, the backfill scheduler starting the jobs whose time limits end
# before the reservation of the first job that does not fit. Sleeps are
# 5-15 s: a second of start latency or of sacct's rounding does not
# reorder them. A fifth of the jobs have limits of 2 minutes, the rest
# 10, and the queue drains in under 2 minutes: a 10-minute job never
# ends before the reservation of a job it would pass (a running job's
# start + 10 minutes), so those start in priority order, and a 2-minute
# job always does; which one passes is decided by the minutes of the
# limits, never by the seconds between two starts, which Slurm and the
# replay see a second or two apart.
{
  printf '0\tu01\ta1\tbatch\t12\t10\t64\n'
  printf '0\tu03\ta2\tbatch\t4\t10\t66\n'
  site_workload 40 38 "u01:a1:3 u02:a1:1 u03:a2:2 u04:a2:1" "$PARTS" 11 1 |
    awk -F'\t' -v OFS='\t' 'NR == 1 { $1 = 1 } { $6 = $6 <= 2 ? 2 : 10; $7 += 4; print }'
} >"$WORK/jobs.tsv"
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
mkdir -p "$KEEP"
cp -r "$CAP" "$WORK/replay" "$WORK/replay.txt" "$WORK/log/slurmctld.log" "$KEEP/"
say "Slurm's backfill scheduler started $(grep -c 'sched/backfill: _start_job' "$WORK/log/slurmctld.log" || true) of the jobs, its main scheduler $(grep -c 'sched: Allocate' "$WORK/log/slurmctld.log" || true)"
say "the 5 largest start-time errors (job,user,partition,submit_s,recorded_start_s,simulated_start_s,error_s):"
awk -F, 'NR > 1 && $7 != "" { print ($7 < 0 ? -$7 : $7) "\t" $0 }' "$WORK/replay/recorded.csv" |
  sort -g -r | head -5 | cut -f2 >&2
if ! result=$("$HERE/order-check.sh" "$WORK/replay/recorded-summary.csv" "$MIN_SAME_ORDER"); then
  say "attempt $ORDER_ATTEMPT of $ORDER_ATTEMPTS: too few jobs start in Slurm's order: $result (capture and replay kept in $KEEP)"
  exit "$belowOrder"
fi
say "PASS: $result (attempt $ORDER_ATTEMPT of $ORDER_ATTEMPTS, kept in $KEEP)"

#!/usr/bin/env bash
# Makes the anonymised Slurm capture of the built-in slurm-whatif
# (scenarios/builtin/slurm-site/): the site of site.sh (one node n01 of 16
# CPUs, Fair Tree, sched/backfill) with two partitions, batch (default,
# MaxTime 10 min, PriorityTier 1) and short (MaxTime 2 min, PriorityTier 2),
# 8 users in 3 accounts (shares 50/30/20), and 180 jobs of 1-16 CPUs
# sleeping 1-40 s under limits of 1-10 min, submitted 1.5 s apart on average
# (about 10 minutes in all). It writes sacct.txt (slurm.PriorityFormat),
# assoc.txt, qos.txt and slurm.conf (what the replay reads) into OUTDIR
# (default scenarios/builtin/slurm-site). The workload is seeded: a rerun
# submits the same jobs (Slurm's start times differ a little). Run it as
# root from the repository root; it stops every daemon it started.
set -euo pipefail

say() { printf 'capture-slurm-site: %s\n' "$*" >&2; }
die() { say "FAIL: $*"; exit 1; }

OUTDIR=${1:-scenarios/builtin/slurm-site}
OUTDIR=$(realpath -m "$OUTDIR")
JOBS=${JOBS:-180}
SEED=${SEED:-25}
HERE=$(dirname "$0")
SLURM_ACCOUNTING=1
. "$HERE/node.sh"
. "$HERE/site.sh"
site_start site

PARTS="batch:10:1 short:2:2"
site_conf "$WORK/site.conf" $PARTS
SLURM_SITE_CONF=$WORK/site.conf SLURM_NODE_NAME=$SITE_NODE SLURM_NODE_CPUS=$SITE_CPUS SLURM_NODE_MEM=$SITE_MEM slurm_node_start
site_users a1:50:u01/1,u02/1,u03/1 a2:30:u04/1,u05/2,u06/1 a3:20:u07/1,u08/1
site_workload "$SEED" "$JOBS" "u01:a1:6 u02:a1:2 u03:a1:1 u04:a2:3 u05:a2:2 u06:a2:1 u07:a3:4 u08:a3:1" "$PARTS" 40 1.5 >"$WORK/jobs.tsv"
say "submitting $JOBS jobs"
site_submit "$WORK/jobs.tsv"
say "waiting for them to end"
site_wait 3600
site_capture "$OUTDIR"
site_replay_conf "$WORK/site.conf" "$OUTDIR/slurm.conf"
say "wrote $(grep -c -v -e '^JobIDRaw' -e '\.batch|' "$OUTDIR/sacct.txt") jobs to $OUTDIR"

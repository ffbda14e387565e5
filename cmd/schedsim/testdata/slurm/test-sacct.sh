#!/usr/bin/env bash
# The real Slurm accounting test of workloads/slurm (make test-sacct): the
# single-node cluster of node.sh with accounting (private mysqld and
# slurmdbd), jobs of known sizes, limits and durations (a 2-CPU job, a job
# with an srun step, a 3-task array, a job cancelled while held, one
# cancelled while running, one that hits its time limit, one that fails,
# one without a limit), then
#
#   TZ=UTC sacct --allusers --parsable2 --format $FORMAT -j IDS
#
# and the Go test TestSacctCapture checks every field of the import against
# what was submitted. `schedsim trace import-sacct` and an EASY replay of
# the result must succeed. The capture is kept in $SACCT_KEEP (default
# /tmp/schedsim-sacct-last.txt). It stops every daemon it started, by
# pid, on every exit path. Run it as root from the repository root.
set -euo pipefail

say() { printf 'test-sacct: %s\n' "$*" >&2; }
die() { say "FAIL: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (it installs packages and starts mysqld, slurmdbd, slurmctld, slurmd and munged)"
[ -f go.mod ] && [ -d cmd/schedsim ] || die "run from the repository root"
if pgrep -x slurmctld >/dev/null; then
  die "a slurmctld is already running (make test-slurm?): run this when it has stopped"
fi

TIMEOUT_JOBS=${TIMEOUT_JOBS:-300}
SACCT_KEEP=${SACCT_KEEP:-/tmp/schedsim-sacct-last.txt}
# slurm.Format plus JobName, which the test uses to find each job.
FORMAT=JobIDRaw,JobID,User,Group,Partition,Submit,Start,End,Elapsed,AllocCPUS,ReqCPUS,Timelimit,State,JobName
SLURM_ACCOUNTING=1
. "$(dirname "$0")/node.sh"
slurm_node_install

WORK=$(mktemp -d /tmp/schedsim-sacct.XXXXXX)
chmod 0755 "$WORK"
IDS=()
cleanup() {
  status=$?
  set +e
  slurm_node_finish "$status" "${IDS[@]}"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "building schedsim"
go build -o "$WORK/bin/schedsim" ./cmd/schedsim
go test -c -o "$WORK/bin/slurm.test" ./workloads/slurm

slurm_node_start
T0=$(date +%s)
mkdir -p "$WORK/jobs"
cd "$WORK/jobs"
submit() { # submit NAME SBATCH-ARGS…: submit, remember the id in IDS and LAST
  local name=$1
  shift
  LAST=$(sbatch --parsable -J "$name" -o "$WORK/jobs/%x-%A_%a.out" "$@") || die "sbatch $name failed"
  LAST=${LAST%%;*}
  IDS+=("$LAST")
}
wait_state() { # wait_state ID STATE
  for _ in $(seq 120); do
    [ "$(squeue -h -j "$1" -o %T 2>/dev/null)" = "$2" ] && return
    sleep 0.5
  done
  die "job $1 never reached $2"
}

say "submitting the jobs"
submit ss-killed -n 1 -t 10 --wrap 'sleep 120'
wait_state "$LAST" RUNNING
sleep 3
scancel "$LAST"
submit ss-timeout -n 1 -t 1 --wrap 'sleep 600'
submit ss-two -n 2 -t 1 --wrap 'sleep 4'
submit ss-step -n 1 -t 2:00:00 --wrap 'srun -n 1 sleep 2; sleep 1'
submit ss-array --array 0-2 -n 1 -t 5 --wrap 'sleep 2'
submit ss-held --hold -n 1 -t 10 --wrap 'sleep 60'
scancel "$LAST"
submit ss-fail -n 1 -t 1 --wrap 'sleep 1; exit 3'
submit ss-nolimit -n 1 --wrap 'sleep 1'

ids=$(IFS=,; echo "${IDS[*]}")
say "waiting for jobs $ids (the time-limit job takes 1-2 minutes)"
deadline=$((SECONDS + TIMEOUT_JOBS))
while [ -n "$(squeue -h -j "$ids" -o %i 2>/dev/null)" ]; do
  [ $SECONDS -lt $deadline ] || die "jobs still queued or running after ${TIMEOUT_JOBS}s: $(squeue -h -j "$ids" -o '%i %j %T %r' | tr '\n' ';')"
  sleep 2
done
IDS=()
# slurmctld sends job ends to slurmdbd asynchronously: wait for them.
for _ in $(seq 60); do
  open=$(TZ=UTC sacct -n -X -P -j "$ids" -o State | grep -c -E 'PENDING|RUNNING|REQUEUED' || true)
  [ "$open" = 0 ] && break
  sleep 1
done
T1=$(date +%s)

CAPTURE="$WORK/sacct.txt"
TZ=UTC sacct --allusers --parsable2 --format "$FORMAT" -j "$ids" > "$CAPTURE"
say "captured $(wc -l < "$CAPTURE") lines of sacct output"
cp "$CAPTURE" "$SACCT_KEEP"

say "checking every field (TestSacctCapture)"
cd "$OLDPWD"
(cd workloads/slurm && SCHEDSIM_SACCT_CAPTURE="$CAPTURE" SCHEDSIM_SACCT_T0="$T0" SCHEDSIM_SACCT_T1="$T1" \
  "$WORK/bin/slurm.test" -test.run '^TestSacctCapture$' -test.v -test.count=1) >&2 || die "TestSacctCapture failed on $CAPTURE (kept in $SACCT_KEEP)"

"$WORK/bin/schedsim" trace import-sacct "$CAPTURE" --out "$WORK/sacct.swf.gz" --procs "$(nproc)" >&2 || die "import-sacct failed"
"$WORK/bin/schedsim" trace info "$WORK/sacct.swf.gz" >&2 || die "trace info failed"
"$WORK/bin/schedsim" replay --trace "$WORK/sacct.swf.gz" --policy easy,conservative >&2 || die "replay failed"
say "PASS: sacct output of a real Slurm with accounting imports with every field as submitted (kept in $SACCT_KEEP)"

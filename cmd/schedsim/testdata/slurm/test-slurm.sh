#!/usr/bin/env bash
# The real Slurm test of `schedsim slurm` (make test-slurm): installs
# Debian's slurm-wlm and munge when absent, starts a single-node cluster
# (munged, slurmctld, slurmd as root, private config, state and sockets in
# a temporary directory), submits a reduced karatza2010 sweep as a job
# array of 4 shards plus its merge job, waits for both, and requires the
# merged files to be byte-identical to a local run. It stops the daemons
# it started, by their process ids, on every exit path. It fails (never
# skips) when Slurm cannot start. Run it as root from the repository root.
set -euo pipefail

say() { printf 'test-slurm: %s\n' "$*" >&2; }
die() { say "FAIL: $*"; exit 1; }

[ "$(id -u)" = 0 ] || die "must run as root (it installs packages and starts slurmctld, slurmd and munged)"
[ -f go.mod ] && [ -d cmd/schedsim ] || die "run from the repository root"

TIMEOUT_JOBS=${TIMEOUT_JOBS:-300}   # seconds for the array and the merge
. "$(dirname "$0")/node.sh"
slurm_node_install

WORK=$(mktemp -d /tmp/schedsim-slurm.XXXXXX)
chmod 0755 "$WORK"
JOBS=()
cleanup() {
  status=$?
  set +e
  if [ "$status" != 0 ]; then
    for f in "$WORK"/sweep/logs/*.out; do
      [ -f "$f" ] || continue
      say "--- last lines of $f"
      tail -n 15 "$f" >&2
    done
  fi
  slurm_node_finish "$status" "${JOBS[@]}"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "building schedsim"
go build -o "$WORK/bin/schedsim" ./cmd/schedsim
SCHEDSIM="$WORK/bin/schedsim"

# The reduced karatza2010: the paper's model, 2 approaches × 2 rates ×
# 2 gang-size distributions at E = 0, 2 replications of 3 000 jobs. Its
# claims are left out: they name the sweep values the reduction drops, and
# 3 000-job runs decide nothing the paper says (the claims of a sharded run
# are checked by TestShardsMergeToTheSingleRun).
awk '/^claims:/ {skip=1; next} skip && /^[a-z_]+:/ {skip=0} !skip' scenarios/builtin/karatza2010.yaml |
sed -e 's/^replications: .*/replications: 2/' \
    -e 's/^  completed_jobs: .*/  completed_jobs: 3000/' \
    -e 's/^    values: \[8.333333333333334, 10, 12.5\]/    values: [10, 12.5]/' \
    -e 's/^    values: \[0, 10, 30\]/    values: [0]/' \
    -e 's/^name: .*/name: karatza2010-reduced/' |
  grep -v 'estimate_error, where\|series: estimate_error' > "$WORK/karatza2010-reduced.yaml"
check=$("$SCHEDSIM" validate "$WORK/karatza2010-reduced.yaml")
echo "$check" >&2
case "$check" in *"8 points × 2 replications"*) ;; *) die "the reduction of karatza2010 no longer applies (scenarios/builtin/karatza2010.yaml changed?): $check" ;; esac

slurm_node_start

say "submitting: schedsim slurm karatza2010-reduced --tasks 4 --submit"
cd "$WORK"
out=$("$SCHEDSIM" slurm "$WORK/karatza2010-reduced.yaml" --out "$WORK/sweep" --tasks 4 --cpus-per-task 1 --time 10:00 --submit)
echo "$out" >&2
read -r array_id merge_id < <(sed -n 's/^array job \([0-9]*\) .*merge job \([0-9]*\);.*/\1 \2/p' <<<"$out")
[ -n "${array_id:-}" ] && [ -n "${merge_id:-}" ] || die "no job ids in: $out"
JOBS=("$array_id" "$merge_id")

say "waiting for jobs $array_id (array) and $merge_id (merge)"
deadline=$((SECONDS + TIMEOUT_JOBS))
while [ -n "$(squeue -h -j "$array_id,$merge_id" -o %i 2>/dev/null)" ]; do
  [ $SECONDS -lt $deadline ] || die "jobs still queued or running after ${TIMEOUT_JOBS}s: $(squeue -h -j "$array_id,$merge_id" -o '%i %T %r')"
  sleep 1
done
JOBS=()
for j in $array_id $merge_id; do
  st=$(scontrol -o show job "$j" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | sort -u | tr '\n' ' ' || true)
  say "job $j: ${st:-gone from slurmctld}"
  case "$st" in *COMPLETED*) ;; "") ;; *) die "job $j did not complete: $st" ;; esac
  case "$st" in *FAILED*|*CANCELLED*|*TIMEOUT*) die "job $j did not complete: $st" ;; esac
done
[ -f "$WORK/sweep/result/summary.csv" ] || die "the merge job wrote no $WORK/sweep/result/summary.csv"

say "local run for comparison"
"$SCHEDSIM" run "$WORK/karatza2010-reduced.yaml" --out "$WORK/local" --progress never >/dev/null
for f in summary.csv summary.json scenario.yaml plots; do
  diff -r "$WORK/local/$f" "$WORK/sweep/result/$f" >&2 || die "$f of the Slurm run differs from the local run"
done
n=$(find "$WORK/sweep/result/plots" -type f | wc -l)
say "PASS: 4 Slurm array tasks + afterok merge are byte-identical to the local run (summary.csv, summary.json, scenario.yaml, $n plot files)"

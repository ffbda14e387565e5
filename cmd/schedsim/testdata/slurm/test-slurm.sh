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

TIMEOUT_START=${TIMEOUT_START:-60}  # seconds for the node to come up
TIMEOUT_JOBS=${TIMEOUT_JOBS:-300}   # seconds for the array and the merge

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  say "installing slurm-wlm and munge (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null >/dev/null || die "apt-get update failed"
  apt-get install -y -qq slurm-wlm munge </dev/null >/dev/null || die "apt-get install slurm-wlm munge failed"
fi

WORK=$(mktemp -d /tmp/schedsim-slurm.XXXXXX)
chmod 0755 "$WORK"
PIDS=()
JOBS=()
cleanup() {
  status=$?
  set +e
  for j in "${JOBS[@]}"; do scancel "$j" >/dev/null 2>&1; done
  # Stop the daemons this script started, newest first, by pid.
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
    kill "${PIDS[i]}" 2>/dev/null
  done
  for p in "${PIDS[@]}"; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$p" 2>/dev/null
  done
  if [ "$status" != 0 ]; then
    for f in "$WORK"/log/*.log "$WORK"/sweep/logs/*.out; do
      [ -f "$f" ] || continue
      say "--- last lines of $f"
      tail -n 15 "$f" >&2
    done
    say "kept $WORK for inspection"
  else
    rm -rf "$WORK"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

say "building schedsim"
go build -o "$WORK/bin/schedsim" ./cmd/schedsim
SCHEDSIM="$WORK/bin/schedsim"

# The reduced karatza2010: the paper's model, 2 approaches × 2 rates ×
# 2 gang-size distributions at E = 0, 2 replications of 3 000 jobs.
sed -e 's/^replications: .*/replications: 2/' \
    -e 's/^  completed_jobs: .*/  completed_jobs: 3000/' \
    -e 's/^    values: \[8.333333333333334, 10, 12.5\]/    values: [10, 12.5]/' \
    -e 's/^    values: \[0, 10, 30\]/    values: [0]/' \
    -e 's/^name: .*/name: karatza2010-reduced/' \
    scenarios/builtin/karatza2010.yaml |
  grep -v 'estimate_error, where\|series: estimate_error' > "$WORK/karatza2010-reduced.yaml"
check=$("$SCHEDSIM" validate "$WORK/karatza2010-reduced.yaml")
echo "$check" >&2
case "$check" in *"8 points × 2 replications"*) ;; *) die "the reduction of karatza2010 no longer applies (scenarios/builtin/karatza2010.yaml changed?): $check" ;; esac

mkdir -p "$WORK/log" "$WORK/state" "$WORK/spool" "$WORK/munge"
chmod 0700 "$WORK/munge"
HOST=$(hostname -s)
CPUS=$(nproc)
MEM=$(awk '/MemTotal/ {print int($2 / 1024 / 2)}' /proc/meminfo)

# munged: a private key, socket and pid file.
dd if=/dev/urandom of="$WORK/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$WORK/munge/munge.key"
munged --foreground --force --key-file="$WORK/munge/munge.key" \
  --socket="$WORK/munge/munge.socket" --pid-file="$WORK/munge/munged.pid" \
  --seed-file="$WORK/munge/munged.seed" --log-file="$WORK/log/munged.log" \
  </dev/null >"$WORK/log/munged.out" 2>&1 &
PIDS+=($!)

# Free ports for slurmctld and slurmd (6817 and 6818 unless taken).
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
CTLD_PORT=6817; while ! port_free $CTLD_PORT; do CTLD_PORT=$((CTLD_PORT + 2)); done
SLURMD_PORT=$((CTLD_PORT + 1)); while ! port_free $SLURMD_PORT; do SLURMD_PORT=$((SLURMD_PORT + 2)); done

export SLURM_CONF="$WORK/slurm.conf"
cat > "$SLURM_CONF" <<CONF
ClusterName=schedsimtest
SlurmctldHost=$HOST(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$WORK/munge/munge.socket
StateSaveLocation=$WORK/state
SlurmdSpoolDir=$WORK/spool/slurmd-%n
SlurmctldPidFile=$WORK/slurmctld.pid
SlurmdPidFile=$WORK/slurmd.pid
SlurmctldLogFile=$WORK/log/slurmctld.log
SlurmdLogFile=$WORK/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SchedulerParameters=kill_invalid_depend
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SlurmdTimeout=60
InactiveLimit=0
KillWait=5
NodeName=$HOST NodeAddr=127.0.0.1 NodeHostname=$HOST CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=test Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF

for _ in $(seq 50); do [ -S "$WORK/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$WORK/munge/munge.socket" ] || die "munged did not start"

slurmctld -D -c -f "$SLURM_CONF" </dev/null >"$WORK/log/slurmctld.out" 2>&1 &
PIDS+=($!)
slurmd -D -f "$SLURM_CONF" -N "$HOST" </dev/null >"$WORK/log/slurmd.out" 2>&1 &
PIDS+=($!)

say "waiting for node $HOST (ports $CTLD_PORT/$SLURMD_PORT)"
state=""
for _ in $(seq $((TIMEOUT_START * 2))); do
  for p in "${PIDS[@]}"; do kill -0 "$p" 2>/dev/null || die "a Slurm daemon (pid $p) exited"; done
  state=$(sinfo -h -n "$HOST" -o %T 2>/dev/null || true)
  case "$state" in idle|mixed|allocated) break ;; esac
  sleep 0.5
done
case "$state" in idle|mixed|allocated) ;; *) die "Slurm did not start: node $HOST is '${state:-unknown}' after ${TIMEOUT_START}s" ;; esac
say "node $HOST is $state"

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

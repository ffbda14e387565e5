# A private single-node Slurm cluster for the real-Slurm tests (sourced by
# test-slurm.sh and test-sacct.sh, run as root from the repository root).
# Config, state, sockets and logs live in $WORK; ports are free ones. With
# SLURM_ACCOUNTING=1 it adds accounting: a private mysqld (MariaDB, TCP on
# 127.0.0.1), slurmdbd on it, the cluster registered with sacctmgr, and
# AccountingStorageType=accounting_storage/slurmdbd in slurm.conf.
#
# SLURM_NODE_NAME names the node (default: the host's short name; the node
# is always this host, 127.0.0.1). SLURM_NODE_CPUS declares that many CPUs
# whatever the host has (SlurmdParameters=config_overrides; default: nproc),
# and SLURM_NODE_MEM that many MB of memory (default: half the host's).
# SLURM_SITE_CONF is a file of scheduling lines (Priority*, SchedulerType,
# SchedulerParameters, SelectTypeParameters, PartitionName … with @NODE@
# for the node's name) that replace the defaults (sched/backfill, CR_Core,
# one partition "test").
#
# The caller defines say and die, sets WORK, and calls slurm_node_finish
# (or slurm_node_stop) on every exit path (a trap): it stops every daemon
# slurm_node_start started, newest first, by process id. Exports
# SLURM_CONF and HOST.

SLURM_ACCOUNTING=${SLURM_ACCOUNTING:-0}
SLURM_NODE_NAME=${SLURM_NODE_NAME:-}
SLURM_NODE_CPUS=${SLURM_NODE_CPUS:-}
SLURM_NODE_MEM=${SLURM_NODE_MEM:-}
SLURM_SITE_CONF=${SLURM_SITE_CONF:-}
TIMEOUT_START=${TIMEOUT_START:-60}  # seconds for the node to come up
NODE_PIDS=()
CLUSTER=schedsimtest

# slurm_node_install installs the Debian packages that are missing.
slurm_node_install() {
  local pkgs=()
  command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null || pkgs+=(slurm-wlm)
  command -v munged >/dev/null || pkgs+=(munge)
  if [ "$SLURM_ACCOUNTING" = 1 ]; then
    command -v slurmdbd >/dev/null || pkgs+=(slurmdbd)
    command -v mariadbd >/dev/null && command -v mariadb-install-db >/dev/null || pkgs+=(mariadb-server)
  fi
  [ ${#pkgs[@]} = 0 ] && return
  say "installing ${pkgs[*]} (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq </dev/null >/dev/null || die "apt-get update failed"
  apt-get install -y -qq "${pkgs[@]}" </dev/null >/dev/null || die "apt-get install ${pkgs[*]} failed"
}

# slurm_node_stop stops the daemons slurm_node_start started.
slurm_node_stop() {
  local i p
  for ((i = ${#NODE_PIDS[@]} - 1; i >= 0; i--)); do
    kill "${NODE_PIDS[i]}" 2>/dev/null
    for _ in $(seq 100); do kill -0 "${NODE_PIDS[i]}" 2>/dev/null || break; sleep 0.1; done
    kill -9 "${NODE_PIDS[i]}" 2>/dev/null
  done
  NODE_PIDS=()
  # A slurmstepd whose slurmd stopped under it can outlive it: stop the
  # ones of this cluster (their SLURM_CONF is ours), by pid.
  for p in $(pgrep -x slurmstepd); do
    if tr '\0' '\n' <"/proc/$p/environ" 2>/dev/null | grep -qxF "SLURM_CONF=$WORK/slurm.conf"; then
      kill -9 "$p" 2>/dev/null
    fi
  done
}

# slurm_node_finish STATUS JOB…: the end of a test's exit trap: cancels
# the jobs (only while the daemons run: scancel retries a stopped
# slurmctld for seconds, and 40 of them kept a finished test alive for 3
# minutes, long enough for the next run to start and lose its users to
# this one's clean-up), stops the daemons and, when STATUS is not 0,
# prints the daemon logs and keeps $WORK for inspection (else removes it).
slurm_node_finish() {
  local status=$1 j
  shift
  if [ ${#NODE_PIDS[@]} -gt 0 ] && [ $# -gt 0 ]; then
    scancel "$@" >/dev/null 2>&1
  fi
  slurm_node_stop
  if [ "$status" != 0 ]; then
    slurm_node_logs
    say "kept $WORK for inspection"
  else
    rm -rf "$WORK"
  fi
}

# slurm_node_logs prints the last lines of every daemon log.
slurm_node_logs() {
  local f
  for f in "$WORK"/log/*; do
    [ -f "$f" ] || continue
    say "--- last lines of $f"
    tail -n 15 "$f" >&2
  done
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() { local p=$1; while ! port_free "$p"; do p=$((p + 1)); done; echo "$p"; }

# start_mysqld starts a private MariaDB server on a free port of
# 127.0.0.1 with a database and a user for slurmdbd.
start_mysqld() {
  mkdir -p "$WORK/mysql"
  mariadb-install-db --no-defaults --user=root --datadir="$WORK/mysql/data" \
    --auth-root-authentication-method=socket >"$WORK/log/mariadb-install-db.log" 2>&1 ||
    die "mariadb-install-db failed (see $WORK/log/mariadb-install-db.log)"
  mariadbd --no-defaults --user=root --datadir="$WORK/mysql/data" --socket="$WORK/mysql/mysqld.sock" \
    --pid-file="$WORK/mysql/mysqld.pid" --bind-address=127.0.0.1 --port="$MYSQL_PORT" \
    --innodb-buffer-pool-size=64M --log-error="$WORK/log/mysqld.log" </dev/null >/dev/null 2>&1 &
  NODE_PIDS+=($!)
  for _ in $(seq 300); do
    mariadb --no-defaults --socket="$WORK/mysql/mysqld.sock" -u root -e 'SELECT 1' >/dev/null 2>&1 && break
    kill -0 "${NODE_PIDS[-1]}" 2>/dev/null || die "mysqld exited"
    sleep 0.1
  done
  mariadb --no-defaults --socket="$WORK/mysql/mysqld.sock" -u root <<SQL || die "could not create the slurm database"
CREATE DATABASE slurm_acct_db;
CREATE USER 'slurm'@'127.0.0.1' IDENTIFIED BY 'schedsim';
CREATE USER 'slurm'@'localhost' IDENTIFIED BY 'schedsim';
GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';
GRANT ALL ON slurm_acct_db.* TO 'slurm'@'localhost';
SQL
}

# start_slurmdbd starts slurmdbd on mysqld and registers the cluster.
start_slurmdbd() {
  cat > "$WORK/slurmdbd.conf" <<CONF
AuthType=auth/munge
AuthInfo=socket=$WORK/munge/munge.socket
DbdHost=localhost
DbdAddr=127.0.0.1
DbdPort=$DBD_PORT
SlurmUser=root
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$MYSQL_PORT
StorageUser=slurm
StoragePass=schedsim
StorageLoc=slurm_acct_db
LogFile=$WORK/log/slurmdbd.log
PidFile=$WORK/slurmdbd.pid
CONF
  chmod 0600 "$WORK/slurmdbd.conf"
  slurmdbd -D </dev/null >"$WORK/log/slurmdbd.out" 2>&1 &
  NODE_PIDS+=($!)
  local deadline=$((SECONDS + TIMEOUT_START))
  until sacctmgr -n list cluster >/dev/null 2>&1; do
    kill -0 "${NODE_PIDS[-1]}" 2>/dev/null || die "slurmdbd exited"
    [ $SECONDS -lt $deadline ] || die "slurmdbd did not answer sacctmgr within ${TIMEOUT_START}s"
    sleep 0.5
  done
  sacctmgr -i add cluster "$CLUSTER" >&2 || die "sacctmgr add cluster $CLUSTER failed"
}

# slurm_node_start starts munged, (with accounting: mysqld, slurmdbd,)
# slurmctld and slurmd, and waits until the node is up. Exports NODE, the
# node's name.
slurm_node_start() {
  mkdir -p "$WORK/log" "$WORK/state" "$WORK/spool" "$WORK/munge"
  chmod 0700 "$WORK/munge"
  HOST=$(hostname -s)
  NODE=${SLURM_NODE_NAME:-$HOST}
  local cpus mem state accounting sched overrides=""
  cpus=$(nproc)
  if [ -n "$SLURM_NODE_CPUS" ]; then
    cpus=$SLURM_NODE_CPUS
    overrides="SlurmdParameters=config_overrides"
  fi
  sched="SchedulerType=sched/backfill
SchedulerParameters=kill_invalid_depend
SelectTypeParameters=CR_Core
PartitionName=test Nodes=$NODE Default=YES MaxTime=INFINITE State=UP"
  if [ -n "$SLURM_SITE_CONF" ]; then
    sched=$(sed "s/@NODE@/$NODE/g" "$SLURM_SITE_CONF") || die "cannot read $SLURM_SITE_CONF"
  fi
  mem=${SLURM_NODE_MEM:-$(awk '/MemTotal/ {print int($2 / 1024 / 2)}' /proc/meminfo)}

  # munged: a private key, socket and pid file.
  dd if=/dev/urandom of="$WORK/munge/munge.key" bs=1024 count=1 status=none
  chmod 0400 "$WORK/munge/munge.key"
  munged --foreground --force --key-file="$WORK/munge/munge.key" \
    --socket="$WORK/munge/munge.socket" --pid-file="$WORK/munge/munged.pid" \
    --seed-file="$WORK/munge/munged.seed" --log-file="$WORK/log/munged.log" \
    </dev/null >"$WORK/log/munged.out" 2>&1 &
  NODE_PIDS+=($!)
  for _ in $(seq 50); do [ -S "$WORK/munge/munge.socket" ] && break; sleep 0.1; done
  [ -S "$WORK/munge/munge.socket" ] || die "munged did not start"

  # Free ports for slurmctld and slurmd (6817 and 6818 unless taken).
  CTLD_PORT=6817; while ! port_free $CTLD_PORT; do CTLD_PORT=$((CTLD_PORT + 2)); done
  SLURMD_PORT=$((CTLD_PORT + 1)); while ! port_free $SLURMD_PORT; do SLURMD_PORT=$((SLURMD_PORT + 2)); done

  export SLURM_CONF="$WORK/slurm.conf"
  accounting="AccountingStorageType=accounting_storage/none"
  if [ "$SLURM_ACCOUNTING" = 1 ]; then
    MYSQL_PORT=$(free_port 13306)
    DBD_PORT=$(free_port 16819)
    accounting="AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=localhost
AccountingStoragePort=$DBD_PORT
AccountingStoragePass=$WORK/munge/munge.socket"
  fi
  cat > "$SLURM_CONF" <<CONF
ClusterName=$CLUSTER
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
$accounting
SelectType=select/cons_tres
MpiDefault=none
ReturnToService=2
SlurmdTimeout=60
InactiveLimit=0
KillWait=5
$overrides
NodeName=$NODE NodeAddr=127.0.0.1 NodeHostname=$HOST CPUs=$cpus RealMemory=$mem State=UNKNOWN
$sched
CONF
  if [ "$SLURM_ACCOUNTING" = 1 ]; then
    # slurmdbd reads the slurmdbd.conf beside SLURM_CONF; sacctmgr finds
    # slurmdbd through slurm.conf. Both before slurmctld.
    start_mysqld
    start_slurmdbd
  fi

  slurmctld -D -c -f "$SLURM_CONF" </dev/null >"$WORK/log/slurmctld.out" 2>&1 &
  NODE_PIDS+=($!)
  slurmd -D -f "$SLURM_CONF" -N "$NODE" </dev/null >"$WORK/log/slurmd.out" 2>&1 &
  NODE_PIDS+=($!)

  say "waiting for node $NODE (ports $CTLD_PORT/$SLURMD_PORT)"
  state=""
  for _ in $(seq $((TIMEOUT_START * 2))); do
    for p in "${NODE_PIDS[@]}"; do kill -0 "$p" 2>/dev/null || die "a Slurm daemon (pid $p) exited"; done
    state=$(sinfo -h -n "$NODE" -o %T 2>/dev/null || true)
    case "$state" in idle|mixed|allocated) break ;; esac
    sleep 0.5
  done
  case "$state" in idle|mixed|allocated) ;; *) die "Slurm did not start: node $NODE is '${state:-unknown}' after ${TIMEOUT_START}s" ;; esac
  say "node $NODE is $state"
}

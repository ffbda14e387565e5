# A scripted Slurm site for the priority and order tests (sourced, after
# node.sh, by test-slurm-order.sh, test-slurm-priority.sh and
# capture-slurm-site.sh; run as root from the repository root).
#
# One node n01 declared with 16 CPUs (CR_CPU: consumable CPUs), the
# multifactor priority (Fair Tree unless the caller sets SITE_FLAGS) and
# sched/backfill with intervals of seconds, so that seconds-long jobs
# exercise both schedulers. site_conf writes the scheduling lines, which
# node.sh puts in the real slurm.conf (SLURM_SITE_CONF) and the replay
# reads (with the NodeName line), so both see the same values.
#
# Users are Unix users "schedsim-uNN" of group users (created when missing
# and removed by site_users_remove, by name, only those this run created);
# jobs are submitted as them with `sbatch --uid --gid=users`. Captures name
# them uNN.

SITE_CPUS=16
SITE_MEM=16000 # MB, whatever the host has: sacct's ReqTRES shows it, not the host's
SITE_NODE=n01
SITE_USER_PREFIX=schedsim-
SITE_FLAGS=${SITE_FLAGS:-}
# SITE_SCHED is the SchedulerParameters line's value (the order test sets
# its own; see test-slurm-order.sh).
SITE_SCHED=${SITE_SCHED:-bf_interval=2,bf_resolution=1,bf_window=60,bf_max_job_test=500,default_queue_depth=100,sched_interval=5}
SITE_CREATED_USERS=()

# site_start NAME: what every site script does first, after `say` and `die`
# are defined and node.sh and this file sourced: root, the repository root
# and no Slurm running are checked, Slurm is installed, WORK is a fresh
# scratch directory, and on every exit path the daemons are stopped (with
# SITE_IDS' jobs reported on failure) and the users this run made removed.
site_start() {
  [ "$(id -u)" = 0 ] || die "must run as root (it installs packages, adds users and starts mysqld, slurmdbd, slurmctld, slurmd and munged)"
  [ -f go.mod ] && [ -d cmd/schedsim ] || die "run from the repository root"
  pgrep -x slurmctld >/dev/null && die "a slurmctld is already running: run this when it has stopped"
  slurm_node_install
  WORK=$(mktemp -d "/tmp/schedsim-$1.XXXXXX")
  chmod 0755 "$WORK"
  SITE_IDS=()
  trap site_cleanup EXIT
  trap 'exit 130' INT TERM
}

site_cleanup() {
  status=$?
  set +e
  slurm_node_finish "$status" "${SITE_IDS[@]}"
  site_users_remove
  exit "$status"
}

# site_conf FILE PARTITIONS…: the scheduling lines, one PartitionName per
# argument "NAME:MAXTIME:TIER[:STATE]" (the first is the default; STATE UP
# unless given).
site_conf() {
  local file=$1 p name max tier state def=YES
  shift
  {
    echo "PriorityType=priority/multifactor"
    [ -n "$SITE_FLAGS" ] && echo "PriorityFlags=$SITE_FLAGS"
    echo "PriorityWeightFairshare=100000"
    echo "PriorityWeightAge=10000"
    echo "PriorityWeightJobSize=1000"
    echo "PriorityWeightPartition=0"
    echo "PriorityWeightQOS=0"
    echo "PriorityMaxAge=10"
    echo "PriorityDecayHalfLife=1:00:00"
    echo "PriorityCalcPeriod=1"
    echo "SchedulerType=sched/backfill"
    echo "SchedulerParameters=$SITE_SCHED"
    echo "SelectTypeParameters=CR_CPU"
    for p in "$@"; do
      IFS=: read -r name max tier state <<<"$p"
      echo "PartitionName=$name Nodes=@NODE@ Default=$def MaxTime=$max PriorityTier=$tier State=${state:-UP}"
      def=NO
    done
  } >"$file"
}

# site_replay_conf SITE OUT: the slurm.conf the replay reads: the
# scheduling lines and the node.
site_replay_conf() {
  {
    echo "NodeName=$SITE_NODE CPUs=$SITE_CPUS"
    sed "s/@NODE@/$SITE_NODE/g" "$1"
  } >"$2"
}

# site_users ACCOUNT[@PARENT]:SHARES:USER/SHARES,USER/SHARES … : the Unix
# users, and the accounts (under root or PARENT, which comes earlier) and
# user associations (SHARES "parent": FairShare=parent) in slurmdbd.
site_users() {
  local spec acct parent shares users u name ushares
  for spec in "$@"; do
    IFS=: read -r acct shares users <<<"$spec"
    parent=root
    case "$acct" in *@*) parent=${acct#*@}; acct=${acct%@*} ;; esac
    sacctmgr -i add account "$acct" Parent="$parent" Fairshare="$shares" >/dev/null ||
      die "sacctmgr add account $acct failed"
    for u in ${users//,/ }; do
      name=$SITE_USER_PREFIX${u%/*}
      ushares=${u#*/}
      if ! id "$name" >/dev/null 2>&1; then
        useradd -M -N -s /usr/sbin/nologin "$name" || die "useradd $name failed"
        SITE_CREATED_USERS+=("$name")
      fi
      sacctmgr -i add user "$name" Account="$acct" Fairshare="$ushares" >/dev/null || die "sacctmgr add user $name failed"
    done
  done
}

# site_users_remove removes the Unix users this run created.
site_users_remove() {
  local u
  for u in "${SITE_CREATED_USERS[@]}"; do
    userdel "$u" 2>/dev/null || say "could not remove the Unix user $u (userdel $u)"
  done
  SITE_CREATED_USERS=()
}

# site_workload SEED N USERS PARTITIONS MAXSLEEP GAP: N job lines
# "GAP USER ACCOUNT PARTITION CPUS LIMIT_MIN SLEEP_S" (tab-separated), from
# a seeded awk generator, so a rerun submits the same jobs. USERS is
# "uNN:ACCOUNT:WEIGHT …" (how many jobs each submits, relatively);
# PARTITIONS "NAME:MAXTIME:TIER …" (a job goes to the second one with
# probability 1/4 when there is one, with a limit of at most its MaxTime);
# sleeps are 1..MAXSLEEP s, skewed short; gaps between submissions are
# exponential with mean GAP s; sizes 1, 2, 4, 8 or 16 CPUs.
site_workload() {
  awk -v seed="$1" -v n="$2" -v users="$3" -v parts="$4" -v maxsleep="$5" -v gap="$6" 'BEGIN {
    srand(seed)
    nu = split(users, u, " ")
    total = 0
    for (i = 1; i <= nu; i++) { split(u[i], f, ":"); un[i] = f[1]; ua[i] = f[2]; uw[i] = f[3]; total += f[3] }
    np = split(parts, p, " ")
    for (i = 1; i <= np; i++) { split(p[i], f, ":"); pn[i] = f[1]; pmax[i] = f[2] }
    for (j = 1; j <= n; j++) {
      r = rand() * total
      for (i = 1; i < nu && r >= uw[i]; i++) r -= uw[i]
      r = rand()
      cpus = r < 0.40 ? 1 : r < 0.65 ? 2 : r < 0.85 ? 4 : r < 0.95 ? 8 : 16
      s = 1 + int((maxsleep - 1) * rand() * rand())
      k = (np > 1 && rand() < 0.25) ? 2 : 1
      lim = 1 + int(rand() * pmax[k])
      if (lim > pmax[k]) lim = pmax[k]
      g = -gap * log(1 - rand())
      printf "%.2f\t%s\t%s\t%s\t%d\t%d\t%d\n", (j == 1 ? 0 : g), un[i], ua[i], pn[k], cpus, lim, s
    }
  }'
}

# site_submit FILE: submits FILE's jobs (site_workload's lines) in turn,
# sleeping each line's gap first; the job ids go to SITE_IDS. A refused
# sbatch is retried once after a second, its message printed (a
# controller busy with a pass may time out an RPC); a second refusal
# fails the run.
site_submit() {
  local g user acct part cpus lim s id try
  SITE_IDS=()
  while IFS=$'\t' read -r g user acct part cpus lim s; do
    sleep "$g"
    for try in 1 2; do
      if id=$(sbatch --parsable --uid="$SITE_USER_PREFIX$user" --gid=users -D /tmp -o /dev/null -e /dev/null \
        -J "ss-$user" -A "$acct" -p "$part" -n "$cpus" -t "$lim" --wrap "sleep $s" 2>"$WORK/sbatch.err"); then
        break
      fi
      [ "$try" = 1 ] || die "sbatch of a job of $user failed twice: $(tr '\n' ' ' <"$WORK/sbatch.err")"
      say "sbatch of a job of $user refused, retrying once: $(tr '\n' ' ' <"$WORK/sbatch.err")"
      sleep 1
    done
    SITE_IDS+=("${id%%;*}")
  done <"$1"
}

# site_wait TIMEOUT: waits until SITE_IDS have left the queue and their
# ends have reached slurmdbd.
site_wait() {
  local ids deadline open
  ids=$(IFS=,; echo "${SITE_IDS[*]}")
  deadline=$((SECONDS + $1))
  while [ -n "$(squeue -h -j "$ids" -o %i 2>/dev/null)" ]; do
    [ $SECONDS -lt $deadline ] || die "jobs still queued or running after $1 s: $(squeue -h -j "$ids" -o '%i %T %r' | head -5 | tr '\n' ';')"
    sleep 2
  done
  for _ in $(seq 60); do
    open=$(sacct -n -X -P -j "$ids" -o State | grep -c -E 'PENDING|RUNNING|REQUEUED' || true)
    [ "$open" = 0 ] && return
    sleep 1
  done
  die "slurmdbd still lists jobs as open"
}

# site_capture DIR: sacct (slurm.PriorityFormat, UTC), sacctmgr show assoc
# and qos (--parsable2) of SITE_IDS into DIR/sacct.txt, assoc.txt and
# qos.txt, users named uNN and the cluster "site".
site_capture() {
  local ids anon
  ids=$(IFS=,; echo "${SITE_IDS[*]}")
  anon="s/$SITE_USER_PREFIX\(u[0-9][0-9]\)/\1/g; s/$CLUSTER/site/g"
  mkdir -p "$1"
  TZ=UTC sacct --allusers --parsable2 -j "$ids" \
    --format JobIDRaw,JobID,User,Group,Partition,Submit,Start,End,Elapsed,AllocCPUS,ReqCPUS,Timelimit,State,Account,QOS,Eligible,Priority,ReqTRES,NodeList |
    sed "$anon" >"$1/sacct.txt" || die "sacct failed"
  sacctmgr show assoc --parsable2 format=Cluster,Account,User,Partition,Share,ParentName,Priority,MaxJobs,QOS |
    sed "$anon" >"$1/assoc.txt" || die "sacctmgr show assoc failed"
  sacctmgr show qos --parsable2 format=Name,Priority,MaxJobsPU,GrpTRES,MaxWall,UsageFactor >"$1/qos.txt" ||
    die "sacctmgr show qos failed"
}

# site_wait_pass waits until slurmctld's priority thread (every
# PriorityCalcPeriod, a minute) has run once more: until then the
# associations site_users added have a fair share of 0 (Slurm computes
# it at the passes), and the jobs' priorities would be their job size
# only.
#
# It polls the state file's modification time (with nanoseconds) every
# 0.2 s, so a caller that submits next does so within a fraction of a
# second of the pass: the replay's priority steps fall on multiples of
# PriorityCalcPeriod from its first submit, within that of Slurm's.
site_wait_pass() {
  local f=$WORK/state/priority_last_decay_ran t0
  t0=$(stat -c %y "$f" 2>/dev/null || echo none)
  for _ in $(seq 500); do
    [ "$(stat -c %y "$f" 2>/dev/null || echo none)" != "$t0" ] && return
    sleep 0.2
  done
  die "no priority pass within 100 s"
}

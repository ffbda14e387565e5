#!/usr/bin/env bash
# The real-Slurm check of Slurm's multifactor priority formulas (make
# test-slurm-priority): the site of site.sh with accounting, an account
# tree with shares (a1 40 with a sub-account a11, a2 60, a user with
# FairShare=parent), short jobs of 1-6 CPUs under six users so that usage
# accrues, then 14 jobs of 1-16 CPUs in partition hold, which is down (on
# the same node), so that they stay pending. Once Slurm has recomputed their
# priorities it captures
#
#   sshare -a -l --parsable2
#   sprio -n -o '%i|%u|%Y|%a|%f|%j|%p|%q|%b'      (sacctmgr.SprioFormat)
#   squeue -t PD -o '%i|%a|%P|%C|%D'
#
# first under the classic fair share (PriorityFlags=NO_FAIR_TREE), then,
# after scontrol reconfigure without the flag, under Fair Tree. The Go test
# TestSlurmPriorityCapture (policies/slurmprio) computes every user's fair
# share from sshare's shares and raw usage, and every pending job's
# priority from the weights and the job's age, and requires Slurm's values
# within 1e-3. The captures, users renamed uNN, are kept in $PRIO_KEEP
# (default /tmp/schedsim-slurm-priority-last); the same test checks the
# copy in policies/slurmprio/testdata/slurm-22.05 offline in make test.
# It stops every daemon it started, by pid, on every exit path. Run it as
# root from the repository root; it takes about 6 minutes.
set -euo pipefail

say() { printf 'test-slurm-priority: %s\n' "$*" >&2; }
die() { say "FAIL: $*"; exit 1; }

PRIO_KEEP=${PRIO_KEEP:-/tmp/schedsim-slurm-priority-last}
HERE=$(dirname "$0")
SLURM_ACCOUNTING=1
. "$HERE/node.sh"
. "$HERE/site.sh"
site_start prio

say "building the check"
go test -c -o "$WORK/slurmprio.test" ./policies/slurmprio

PARTS="batch:10:1 hold:10:1:DOWN"
SITE_FLAGS=NO_FAIR_TREE site_conf "$WORK/site.conf" $PARTS
SLURM_SITE_CONF=$WORK/site.conf SLURM_NODE_NAME=$SITE_NODE SLURM_NODE_CPUS=$SITE_CPUS SLURM_NODE_MEM=$SITE_MEM slurm_node_start
site_users a1:40:u01/1,u02/3 a11@a1:2:u03/1,u04/1 a2:60:u05/1,u06/2,u07/parent

# rawusage prints root's RawUsage in sshare.
rawusage() {
  sshare -a -l --parsable2 2>/dev/null |
    awk -F'|' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "RawUsage") c = i; next } $1 == "root" && $2 == "" { print $c; exit }'
}
# wait_pass waits until the decay thread (every PriorityCalcPeriod, a
# minute) has run once more: root's raw usage changes at every pass.
wait_pass() {
  local u0 u
  u0=$(rawusage)
  for _ in $(seq 90); do
    sleep 2
    u=$(rawusage)
    if [ "$u" != "$u0" ]; then
      sleep 3 # the pass recomputes the pending jobs' priorities after the usage
      return
    fi
  done
  die "root's raw usage stayed $u0 for 3 minutes: no priority pass"
}

# Slurm charges usage at its priority passes (and at a job's end, from
# the last pass on): a job that ends before the first pass is never
# charged. So wait for that pass, and let the jobs span the next one.
say "waiting for the first priority pass"
for _ in $(seq 90); do
  [ -f "$WORK/state/priority_last_decay_ran" ] && break
  sleep 2
done
[ -f "$WORK/state/priority_last_decay_ran" ] || die "no priority pass within 3 minutes"
say "accruing usage: jobs of 1-6 CPUs under six users"
cat >"$WORK/usage.tsv" <<'JOBS'
0	u01	a1	batch	4	2	70
0	u02	a1	batch	2	2	50
0	u03	a11	batch	1	2	80
0	u04	a11	batch	6	2	40
0	u05	a2	batch	2	2	65
0	u06	a2	batch	1	2	55
JOBS
site_submit "$WORK/usage.tsv"
site_wait 300
say "waiting for the priority pass that charges them"
wait_pass

say "submitting 14 jobs to the partition that is down"
site_workload 7 14 "u01:a1:1 u02:a1:1 u03:a11:1 u04:a11:1 u05:a2:1 u06:a2:1 u07:a2:1" hold:10:1 5 1 >"$WORK/pending.tsv"
site_submit "$WORK/pending.tsv"

# capture NAME: sshare, sprio and squeue into $WORK/NAME, users renamed.
capture() {
  local d=$WORK/$1 anon="s/$SITE_USER_PREFIX\(u[0-9][0-9]\)/\1/g"
  mkdir -p "$d"
  sshare -a -l --parsable2 | sed "$anon" >"$d/sshare.txt" || die "sshare failed"
  sprio -n -o '%i|%u|%Y|%a|%f|%j|%p|%q|%b' | sed "$anon" >"$d/sprio.txt" || die "sprio failed"
  squeue -t PD -o '%i|%a|%P|%C|%D' >"$d/squeue.txt" || die "squeue failed"
  site_replay_conf "$WORK/site.conf" "$d/slurm.conf"
  [ "$(grep -c . "$d/sprio.txt")" = 15 ] || die "sprio lists $(($(grep -c . "$d/sprio.txt") - 1)) jobs, not 14"
}

say "classic fair share: waiting for a priority pass"
wait_pass
capture classic

say "Fair Tree: scontrol reconfigure without NO_FAIR_TREE"
site_conf "$WORK/site.conf" $PARTS
sed -i '/^PriorityFlags=NO_FAIR_TREE$/d' "$SLURM_CONF"
scontrol reconfigure || die "scontrol reconfigure failed"
wait_pass
capture fairtree

rm -rf "$PRIO_KEEP"
mkdir -p "$PRIO_KEEP"
cp -r "$WORK/classic" "$WORK/fairtree" "$PRIO_KEEP/"
say "comparing (TestSlurmPriorityCapture on $PRIO_KEEP)"
(cd policies/slurmprio && SCHEDSIM_SLURM_PRIO_DIR="$PRIO_KEEP" \
  "$WORK/slurmprio.test" -test.run '^TestSlurmPriorityCapture$' -test.v -test.count=1) >&2 ||
  die "schedsim's fair shares or priorities differ from Slurm's (captures kept in $PRIO_KEEP)"
say "PASS: schedsim computes Slurm's fair-share factors (classic and Fair Tree) and job priorities within 1e-3 (captures in $PRIO_KEEP)"

#!/usr/bin/env bash
# order-check.sh SUMMARY MIN: the check of test-slurm-order.sh on a
# replay's recorded-summary.csv (results/recorded's tidy summary:
# metric,group,recorded,simulated,unit; the comparison's statistics in the
# simulated column). It prints the same-order share and the start-time
# errors, and fails unless the same-order share is at least MIN.
set -euo pipefail
[ $# = 2 ] || { echo "usage: order-check.sh SUMMARY MIN" >&2; exit 2; }
awk -F, -v min="$2" -v file="$1" '
  NR == 1 {
    for (i = 1; i <= NF; i++) col[$i] = i
    if (!("metric" in col) || !("simulated" in col)) { print file ": not a recorded summary (no metric or simulated column)" > "/dev/stderr"; bad = 1; exit }
    next
  }
  $(col["group"]) == "" { v[$(col["metric"])] = $(col["simulated"]) }
  END {
    if (bad) exit 1
    n = split("jobs same_order start_error_median start_error_p90 start_within_60s wait_ks", ms, " ")
    for (i = 1; i <= n; i++) {
      if (!(ms[i] in v) || v[ms[i]] == "") { print file ": no value of " ms[i] > "/dev/stderr"; exit 1 }
    }
    printf "%d jobs: same order %.3f (need >= %s); start-time error median %.1f s, p90 %.1f s; %.0f%% within 60 s; KS distance of waits %.3f\n",
      v["jobs"], v["same_order"], min, v["start_error_median"], v["start_error_p90"], 100 * v["start_within_60s"], v["wait_ks"]
    if (!(v["same_order"] + 0 >= min + 0)) { print file ": same-order share " v["same_order"] " is below " min > "/dev/stderr"; exit 1 }
  }' "$1"

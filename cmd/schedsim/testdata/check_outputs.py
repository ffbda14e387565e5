#!/usr/bin/env python3
"""Read every data file of schedsim output directories with pandas and
check their schema (docs/reference/outputs.md): the dtypes of every
column, that summary.csv equals the rows of summary.json, and that
jobs.csv and parts.csv carry the sweep axes and agree with each other,
and windows.csv (slot kinds with --schedule) has its columns and types.

usage: check_outputs.py DIR...   (prints one line per directory; exit 1
on the first failure, naming the directory, file and column)
"""
import json
import os
import sys

import pandas as pd
from pandas.api import types

SUMMARY = ["metric", "unit", "n", "mean", "sd", "ci_half_width", "ci_low", "ci_high",
           "min", "max", "reference", "undefined_replications", "requested_replications",
           "interrupted"]
INTS = ["n", "undefined_replications", "requested_replications"]
NUMBERS = ["mean", "sd", "ci_half_width", "ci_low", "ci_high", "min", "max", "reference"]
PARTS = ["id", "part", "cluster", "start", "processors"]
WINDOWS = ["cycle", "variant", "job", "alternative", "chosen", "node", "start", "end", "cost"]


class Failure(Exception):
    pass


def check(cond, where, msg):
    if not cond:
        raise Failure(f"{where}: {msg}")


def read_csv(path):
    # round_trip: the files hold the shortest text of each float64; read
    # it back to the same bits, as Python's json does.
    return pd.read_csv(path, float_precision="round_trip")


def axis_dtype_ok(series, typ):
    if typ == "int":
        return types.is_integer_dtype(series)
    if typ == "float":
        return types.is_float_dtype(series)
    if typ == "bool":
        return types.is_bool_dtype(series)
    return types.is_object_dtype(series)


def check_summary(d):
    where = os.path.join(d, "summary.csv")
    csv = read_csv(where)
    with open(os.path.join(d, "summary.json")) as f:
        js = json.load(f)
    for key, typ in [("scenario", str), ("model", str), ("seed", int), ("engine", str),
                     ("replications", int), ("requested_replications", int),
                     ("interrupted", bool), ("events", int), ("axes", list),
                     ("metrics", list), ("columns", list), ("rows", list)]:
        check(isinstance(js.get(key), typ), d + "/summary.json", f"{key} is {js.get(key)!r}, want a {typ.__name__}")
    axes = js["axes"]
    cols = [a["column"] for a in axes] + SUMMARY
    check(list(csv.columns) == cols, where, f"columns {list(csv.columns)}, want {cols}")
    check(js["columns"] == cols, d + "/summary.json", f"columns {js['columns']}, want {cols}")
    check(len(csv) > 0, where, "no rows")
    check(types.is_object_dtype(csv["metric"]) and types.is_object_dtype(csv["unit"]), where, "metric and unit are not text")
    check(csv["unit"].notna().all(), where, "a metric without a unit")
    for c in INTS:
        check(types.is_integer_dtype(csv[c]), where, f"{c} has dtype {csv[c].dtype}, want integers")
    for c in NUMBERS:
        check(types.is_numeric_dtype(csv[c]), where, f"{c} has dtype {csv[c].dtype}, want numbers")
    check(types.is_bool_dtype(csv["interrupted"]), where, f"interrupted has dtype {csv['interrupted'].dtype}, want booleans")
    for a in axes:
        check(axis_dtype_ok(csv[a["column"]], a["type"]), where,
              f"axis {a['column']} has dtype {csv[a['column']].dtype}, summary.json says {a['type']}")
    declared = {m["name"]: m["unit"] for m in js["metrics"]}
    for m, u in zip(csv["metric"], csv["unit"]):
        check(declared.get(m) == u, where, f"metric {m} has unit {u!r}, summary.json declares {declared.get(m)!r}")
    rows = pd.DataFrame(js["rows"], columns=js["columns"])
    for c in cols:
        a, b = csv[c], rows[c]
        if a.isna().all() and b.isna().all():
            continue  # no value anywhere (the CI of one replication): NaN in the CSV, None in the JSON
        if types.is_numeric_dtype(a) and not types.is_bool_dtype(a):
            check(types.is_numeric_dtype(b) and not types.is_bool_dtype(b), where, f"{c}: numbers in the CSV, {b.dtype} in the JSON")
            same = ((a == b) | (a.isna() & b.isna())).all()
        else:
            same = (a == b).all()
        check(same, where, f"column {c} differs between summary.csv and summary.json")
    return csv, axes


def check_jobs(d, summary, axes):
    path = os.path.join(d, "jobs.csv")
    if not os.path.exists(path):
        return 0, 0
    jobs = read_csv(path)
    lead = [a["column"] for a in axes]
    check(list(jobs.columns[:len(lead) + 1]) == lead + ["replication"], path,
          f"columns start {list(jobs.columns[:len(lead) + 1])}, want {lead + ['replication']}")
    check(len(jobs) > 0, path, "no rows")
    for a in axes:
        c = a["column"]
        check(axis_dtype_ok(jobs[c], a["type"]), path, f"axis {c} has dtype {jobs[c].dtype}, want {a['type']}")
        check(set(jobs[c]) <= set(summary[c]), path, f"axis {c} has values that summary.csv has not")
    check(types.is_integer_dtype(jobs["replication"]), path, "replication is not integer")
    for c in jobs.columns[len(lead) + 1:]:
        check(types.is_numeric_dtype(jobs[c]), path, f"per-job column {c} has dtype {jobs[c].dtype}, want numbers")
    check("placement" not in jobs.columns, path, "the placement column belongs in parts.csv")
    nparts = 0
    ppath = os.path.join(d, "parts.csv")
    if os.path.exists(ppath):
        parts = read_csv(ppath)
        check(list(parts.columns) == lead + ["replication"] + PARTS, ppath, f"columns {list(parts.columns)}")
        for c in ["replication", "id", "part", "cluster", "processors"]:
            check(types.is_integer_dtype(parts[c]), ppath, f"{c} has dtype {parts[c].dtype}, want integers")
        check(types.is_numeric_dtype(parts["start"]), ppath, "start is not numeric")
        key = lead + ["replication", "id"]
        per_job = parts.groupby(key).size().rename("n").reset_index()
        merged = jobs[key + ["parts"]].merge(per_job, on=key, how="outer")
        check((merged["parts"] == merged["n"]).all(), ppath, "the parts of a job do not match its parts column in jobs.csv")
        nparts = len(parts)
    return len(jobs), nparts


def check_windows(d, summary, axes):
    path = os.path.join(d, "windows.csv")
    if not os.path.exists(path):
        return 0
    w = read_csv(path)
    lead = [a["column"] for a in axes]
    check(list(w.columns) == lead + ["replication"] + WINDOWS, path, f"columns {list(w.columns)}")
    check(len(w) > 0, path, "no rows")
    for a in axes:
        c = a["column"]
        check(axis_dtype_ok(w[c], a["type"]), path, f"axis {c} has dtype {w[c].dtype}, want {a['type']}")
        check(set(w[c]) <= set(summary[c]), path, f"axis {c} has values that summary.csv has not")
    for c in ["replication", "cycle", "job", "chosen", "node"]:
        check(types.is_integer_dtype(w[c]), path, f"{c} has dtype {w[c].dtype}, want integers")
    for c in ["alternative", "start", "end", "cost"]:
        check(types.is_numeric_dtype(w[c]), path, f"{c} has dtype {w[c].dtype}, want numbers")
    check(types.is_object_dtype(w["variant"]), path, "variant is not text")
    check(set(w["chosen"]) <= {0, 1}, path, "chosen is not 0 or 1")
    check((w["end"] > w["start"]).all(), path, "a part that does not end after it starts")
    return len(w)


def main(dirs):
    for d in dirs:
        try:
            summary, axes = check_summary(d)
            njobs, nparts = check_jobs(d, summary, axes)
            nwindows = check_windows(d, summary, axes)
        except Failure as e:
            print(f"FAIL {e}")
            return 1
        print(f"ok {d}: {len(summary)} summary rows, {len(axes)} axes, {njobs} jobs, {nparts} parts, {nwindows} window rows")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/replicate"
	"github.com/schedsim/schedsim/workloads/swf"
)

const resampleSynopsis = "schedsim trace resample IN.swf[.gz] --out OUT.swf[.gz] [--seed S] [--replication R] [--weeks W] [--load L] [--procs P] [--long-term F]"

// traceResample runs `schedsim trace resample`: one workload resampled
// from a trace (Zakay & Feitelson), written as SWF. With seed S and
// replication R it is the workload replication R of a scenario with seed
// S and replicate: {method: resample} replays (same weeks, load,
// long_term and procs).
func traceResample(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlagSet("trace resample", resampleSynopsis, stdout)
	registerTraces(fs.FlagSet)
	out := fs.String("out", "", "output SWF file, gzipped when it ends in .gz (required)")
	seed := fs.Uint64("seed", 1, "the seed (as a scenario's seed:)")
	rep := fs.Int("replication", 0, "the replication whose workload to write")
	weeks := fs.Int("weeks", 0, "length in weeks (0: the trace's whole weeks)")
	load := fs.Float64("load", 0, "offered load to reach (0: the trace's own)")
	procs := fs.Int("procs", 0, "machine size the load is relative to (0: the header's MaxProcs)")
	longTerm := fs.Float64("long-term", 0, "share of the weeks a long-term user's activity spans (0: 0.5)")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(files) != 1:
		return usagef("trace resample needs exactly one SWF file (got %d)", len(files))
	case *out == "":
		return usagef("--out FILE.swf[.gz] is required")
	case *rep < 0:
		return usagef("--replication must be ≥ 0 (got %d)", *rep)
	case *procs < 0:
		return usagef("--procs must be ≥ 0 (got %d)", *procs)
	}
	if err := (replicate.Resample{Weeks: *weeks, Load: *load}).Validate(); err != nil {
		return usageError{err}
	}
	in := files[0]
	if path, err := traceByName(in); err != nil {
		return usageError{err}
	} else if path != "" {
		in = path
	}
	if err := checkOut(*out, in); err != nil {
		return err
	}
	rd, err := swf.Open(in, swf.ReadOptions{Mode: swf.Lenient, Context: ctx})
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
			return usageError{err}
		}
		return err
	}
	defer rd.Close()
	pool, err := replicate.NewPool(rd, *procs, *longTerm)
	if err != nil {
		return err
	}
	res, err := pool.Resample(replicate.Resample{Weeks: *weeks, Load: *load, Context: ctx}, sim.NewStreams(*seed, *rep).Rand("replicate"))
	if err != nil {
		return err
	}
	n, err := writeSWF(ctx, *out, res.Records, nil)
	if err != nil {
		return err
	}
	long, temp := pool.Users()
	fmt.Fprintf(stdout, "%s: %d weeks, load %.3f, %d long-term and %d temporary users → %s: %d jobs, %d weeks, load %.3f, %d long-term users kept, %d temporary users drawn\n",
		files[0], pool.Weeks(), pool.Load(), long, temp, *out, n, res.Weeks, res.Load, res.LongUsers, res.TempUsers)
	return nil
}

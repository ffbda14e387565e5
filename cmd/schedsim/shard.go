package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios"
)

// checkOutDir makes sure dir is, or can be made, a writable directory,
// before anything runs.
func checkOutDir(dir string) error {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return usagef("--out %s: is a file, not a directory", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--out %s: cannot create the directory: %v", dir, cause(err))
	}
	f, err := os.CreateTemp(dir, ".schedsim-write-test*")
	if err != nil {
		return fmt.Errorf("--out %s: not writable: %v", dir, cause(err))
	}
	f.Close()
	return os.Remove(f.Name())
}

// cause strips the operation and path from a file system error, which the
// message names already.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// executeShard runs one shard of a loaded scenario into f.out.
// A shard that fails removes the directory it created if it left it
// empty.
func executeShard(ctx context.Context, sc *scenarios.Scenario, f *runFlags, opts scenarios.Options, stdout, stderr io.Writer) (err error) {
	shard, _ := scenarios.ParseShard(f.shard) // validated with the flags
	if _, statErr := os.Stat(f.out); errors.Is(statErr, fs.ErrNotExist) {
		defer func() {
			if err != nil {
				os.Remove(f.out) // fails, harmlessly, unless empty
			}
		}()
	}
	if err := checkOutDir(f.out); err != nil {
		return err
	}
	prog := newProgress(stderr, f.progress)
	opts.Progress = prog.update
	res, err := scenarios.RunShard(ctx, sc, opts, shard, f.out)
	prog.finish()
	if err != nil {
		return err
	}
	if res.Skipped {
		fmt.Fprintf(stdout, "shard %s of %s: already finished (%s), skipped\n", shard, sc.Name, res.Manifest)
		return nil
	}
	resumed := ""
	if res.Resumed > 0 {
		resumed = fmt.Sprintf(" (%d from the journal of a killed run)", res.Resumed)
	}
	fmt.Fprintf(stdout, "shard %s of %s: %d tasks done%s, %s\n", shard, sc.Name, res.Tasks, resumed, res.Manifest)
	return nil
}

// cmdMerge aggregates finished shards into the outputs of one run.
func cmdMerge(args []string, stdout io.Writer) error {
	err := mergeCommand(args, stdout)
	if errors.As(err, new(usageError)) {
		return commandError{"merge", err}
	}
	return err
}

func mergeCommand(args []string, stdout io.Writer) error {
	fset := newFlagSet("merge", "schedsim merge SHARD_DIR… --out DIR", stdout)
	out := fset.String("out", "", "write summary.csv, summary.json, scenario.yaml and plots to this directory (required)")
	dirs, err := parseInterleaved(fset, args)
	if err != nil {
		return err
	}
	if len(dirs) == 0 {
		return usagef("merge needs at least one directory of shards (from `schedsim run --shard I/N --out DIR`)")
	}
	if *out == "" {
		return usagef("merge needs --out DIR")
	}
	for _, d := range dirs {
		if st, err := os.Stat(d); err != nil || !st.IsDir() {
			return usagef("merge: %s: not a directory of shards", d)
		}
	}
	stage, err := results.NewStage(*out)
	if err != nil {
		return usageError{err}
	}
	defer stage.Abort()
	defer trackStage(stage)()
	sc, rep, err := scenarios.Merge(dirs)
	if err != nil {
		return err
	}
	verdicts, err := sc.EvaluateClaims(rep)
	if err != nil {
		return err
	}
	if err := writeOutputs(stage.Dir(), sc, rep, &figureFlags{}, verdicts); err != nil {
		return err
	}
	// The shards' per-job records (run --shard … --per-job), as one run's.
	if err := scenarios.CombineJobs(sc, rep, stage.Dir(), dirs...); err != nil {
		return err
	}
	if err := scenarios.CombineWindows(sc, rep, stage.Dir(), dirs...); err != nil {
		return err
	}
	if err := stage.Commit(); err != nil {
		return err
	}
	if err := results.WriteTable(stdout, rep); err != nil {
		return err
	}
	return printClaims(stdout, verdicts, terminalWidth(stdout), false)
}

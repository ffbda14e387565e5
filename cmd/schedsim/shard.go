package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios"
)

// perJob is the value of --per-job: off, on (replication 0 of each point)
// or all (every replication). A bare --per-job means on.
type perJob struct{ on, all bool }

func (p *perJob) IsBoolFlag() bool { return true }

func (p *perJob) String() string {
	switch {
	case p == nil || !p.on:
		return "false"
	case p.all:
		return "all"
	}
	return "true"
}

func (p *perJob) Set(s string) error {
	switch s {
	case "true", "1", "first":
		*p = perJob{on: true}
	case "all":
		*p = perJob{on: true, all: true}
	case "false", "0":
		*p = perJob{}
	default:
		return fmt.Errorf("want --per-job (replication 0) or --per-job all (got %q)", s)
	}
	return nil
}

// joinPerJobAll turns "--per-job all" into "--per-job=all": a boolean
// flag does not take a separate value in the flag package.
func joinPerJobAll(args []string) []string {
	out := make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if (a == "--per-job" || a == "-per-job") && i+1 < len(args) && args[i+1] == "all" {
			a += "=all"
			i++
		}
		out = append(out, a)
	}
	return out
}

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
	fmt.Fprintf(stdout, "shard %s of %s: %d tasks done, %s\n", shard, sc.Name, res.Tasks, res.Manifest)
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
	sc, rep, err := scenarios.Merge(dirs)
	if err != nil {
		return err
	}
	stage, err := results.NewStage(*out)
	if err != nil {
		return usageError{err}
	}
	defer stage.Abort()
	if err := writeOutputs(stage.Dir(), sc, rep); err != nil {
		return err
	}
	if err := stage.Commit(); err != nil {
		return err
	}
	return results.WriteTable(stdout, rep)
}

// shellQuote quotes s for a POSIX shell.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

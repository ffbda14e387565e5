package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/internal/suggest"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/claims"
	"github.com/schedsim/schedsim/scenarios"
	"github.com/schedsim/schedsim/sim"
)

func defaultScenario() string { return scenarios.DefaultScenario }

// runFlags are the flags of `schedsim run`.
type runFlags struct {
	seed         uint64
	seedSet      bool
	replications int
	engine       string
	out          string
	format       string
	metrics      string
	logLevel     string
	jobs         perJob
	shard        string
	check        bool
	workers      int
	progress     string
	fig          figureFlags
	claims       claimFlags
}

// setSeed reads --seed, a decimal integer ≥ 0 and nothing else (fmt.Sscan
// read "12abc" as 12 and "0x10" as 16).
func (f *runFlags) setSeed(s string) error {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return errors.New("want a decimal integer ≥ 0")
	}
	f.seed, f.seedSet = v, true
	return nil
}

func (f *runFlags) register(fs *flag.FlagSet) {
	fs.Func("seed", "override the scenario's seed", f.setSeed)
	fs.IntVar(&f.replications, "replications", 0, "override the number of replications")
	fs.StringVar(&f.engine, "engine", "", "event engine: fast or simgo (default: the scenario's)")
	fs.StringVar(&f.out, "out", "", "write summary.csv, summary.json, scenario.yaml and plots to this directory")
	fs.StringVar(&f.format, "format", "table", "stdout format: table (pivot tables of the headline metrics, as wide as the terminal: $COLUMNS, 100 when piped), wide (a column per point), long (a block per point), csv, json or markdown")
	fs.StringVar(&f.metrics, "metrics", "", "the metrics the tables show, separated by commas (default: the model's headline metrics; see `schedsim metrics`)")
	fs.StringVar(&f.logLevel, "log-level", "warn", "log level: debug, info, warn, error")
	fs.Var(&f.jobs, "per-job", "with --out: the per-job records of replication 0 of every point in jobs.csv (long format: sweep axes, replication, then the model's columns; multicluster parts in parts.csv); --per-job all: of every replication")
	fs.StringVar(&f.shard, "shard", "", "with --out: run only shard I/N (0 ≤ I < N) of the tasks and write their raw metrics and a manifest (see `schedsim merge`)")
	fs.BoolVar(&f.check, "check", false, "switch on the models' invariant checkers")
	fs.IntVar(&f.workers, "workers", 0, "parallel replications (default GOMAXPROCS)")
	fs.StringVar(&f.progress, "progress", "auto", "progress line on stderr: auto (only on a terminal, not in CI), always, never")
	registerTraces(fs)
	f.fig.register(fs)
	f.claims.register(fs)
}

func (f *runFlags) validate(fs *flag.FlagSet) error {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if set["workers"] && f.workers < 1 {
		return usagef("--workers must be ≥ 1 (got %d)", f.workers)
	}
	if set["replications"] && (f.replications < 1 || f.replications > scenarios.MaxReplications) {
		return usagef("--replications must be in [1, %d] (got %d)", scenarios.MaxReplications, f.replications)
	}
	if !slices.Contains(results.TextFormats, f.format) {
		return usagef("--format must be one of %s (got %q)", strings.Join(results.TextFormats, ", "), f.format)
	}
	if f.engine != "" {
		if _, err := sim.New(sim.Kind(f.engine)); err != nil {
			return usagef("--engine: %v", err)
		}
	}
	if f.jobs.on && f.out == "" {
		return usagef("--per-job needs --out DIR")
	}
	if f.shard != "" {
		if _, err := scenarios.ParseShard(f.shard); err != nil {
			return usagef("--shard: %v", err)
		}
		if f.out == "" {
			return usagef("--shard needs --out DIR")
		}
	}
	switch f.progress {
	case "auto", "always", "never":
	default:
		return usagef("--progress must be auto, always or never (got %q)", f.progress)
	}
	return f.fig.validate(set, f.out)
}

func (f *runFlags) options(log zerolog.Logger) scenarios.Options {
	o := scenarios.Options{
		Engine:       sim.Kind(f.engine),
		Replications: f.replications,
		Workers:      f.workers,
		OutDir:       f.out,
		JobsCSV:      f.jobs.on,
		JobsAll:      f.jobs.all,
		Check:        f.check,
		Log:          log,
	}
	if f.seedSet {
		o.Seed = &f.seed
	}
	return o
}

func newLogger(level string, w io.Writer) (zerolog.Logger, error) {
	lvl, err := zerolog.ParseLevel(level)
	if err != nil || level == "" {
		return zerolog.Nop(), usagef("--log-level must be debug, info, warn or error (got %q)", level)
	}
	return zerolog.New(zerolog.ConsoleWriter{Out: w, NoColor: true}).Level(lvl).With().Timestamp().Logger(), nil
}

func cmdRun(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", "schedsim run [flags] [scenario.yaml | built-in name]", stdout)
	var f runFlags
	f.register(fs.FlagSet)
	positional, err := parseInterleaved(fs, joinPerJobAll(args))
	if err != nil {
		return err
	}
	if len(positional) > 1 {
		return usagef("run takes one scenario, got %d: %s", len(positional), strings.Join(positional, " "))
	}
	if err := f.validate(fs.FlagSet); err != nil {
		return err
	}
	name := scenarios.DefaultScenario
	if len(positional) == 1 {
		name = positional[0]
	}
	sc, err := scenarios.LoadContext(ctx, name)
	if err != nil {
		return loadError(err)
	}
	log, err := newLogger(f.logLevel, stderr)
	if err != nil {
		return err
	}
	return execute(ctx, sc, &f, log, stdout, stderr)
}

// execute runs a loaded scenario and writes its outputs. With --out, every
// file goes into a staging directory beside it that replaces --out only
// once the run has succeeded (or was interrupted after finishing some
// replications); a run that fails leaves --out as it found it.
func execute(ctx context.Context, sc *scenarios.Scenario, f *runFlags, log zerolog.Logger, stdout, stderr io.Writer) error {
	opts := f.options(log)
	if err := sc.Apply(opts); err != nil {
		return usageError{err}
	}
	if err := f.fig.check(sc); err != nil {
		return err
	}
	opts.WindowsCSV = f.fig.windows(sc)
	opts.JobsCSV = opts.JobsCSV || (f.fig.schedule && !opts.WindowsCSV)
	text, err := f.textOptions(sc, stdout)
	if err != nil {
		return err
	}
	if f.shard != "" {
		// A shard writes into a directory that other shards share: its
		// files are each atomic, and its manifest, written last, marks it
		// finished.
		return executeShard(ctx, sc, f, opts, stdout, stderr)
	}
	var stage *results.Stage
	if f.out != "" {
		var err error
		if stage, err = results.NewStage(f.out); err != nil {
			return usageError{err}
		}
		defer stage.Abort()
		defer trackStage(stage)()
		opts.OutDir = stage.Dir()
	}
	prog := newProgress(stderr, f.progress)
	opts.Progress = prog.update
	log.Info().Str("scenario", sc.Name).Int("points", len(sc.Points)).Int("replications", sc.Replications).Str("engine", sc.Engine).Msg("run")
	rep, err := scenarios.Run(ctx, sc, opts)
	prog.finish()
	if err != nil {
		return err
	}
	log.Info().Float64("wall_s", rep.Wall).Uint64("events", rep.Events).Float64("events_per_s", float64(rep.Events)/rep.Wall).Msg("done")
	verdicts, err := sc.EvaluateClaims(rep)
	if err != nil {
		return err
	}
	if stage != nil {
		if err := writeOutputs(stage.Dir(), sc, rep, &f.fig, verdicts); err != nil {
			return err
		}
		if err := stage.Commit(); err != nil {
			return err
		}
	}
	if !f.claims.only {
		if err := results.WriteText(stdout, rep, text); err != nil {
			return err
		}
		// The kinds' extra tables (replay --compare-recorded) follow,
		// unless stdout is a data format.
		if f.format != "csv" && f.format != "json" {
			if err := results.WriteNotes(stdout, rep, text.Width); err != nil {
				return err
			}
		}
	}
	// The table goes to stdout unless stdout is a data format (csv, json).
	if f.claims.only || (f.format != "csv" && f.format != "json") {
		if err := printClaims(stdout, verdicts, text.Width, f.claims.only); err != nil {
			return err
		}
	}
	if rep.Interrupted {
		msg := rep.InterruptedNote()
		if f.out != "" {
			msg += "; " + f.out + "/scenario.yaml re-runs them"
		}
		return errors.New(msg)
	}
	if f.claims.strict {
		return strictClaims(verdicts)
	}
	return nil
}

// writeOutputs writes the summary files, the resolved scenario, the
// figures and report.html into dir, each atomically.
func writeOutputs(dir string, sc *scenarios.Scenario, rep *results.Report, fig *figureFlags, verdicts []claims.Verdict) error {
	var csvBuf, jsonBuf bytes.Buffer
	if err := results.WriteCSV(&csvBuf, rep); err != nil {
		return err
	}
	if err := results.WriteJSON(&jsonBuf, rep); err != nil {
		return err
	}
	resolved, err := sc.Resolved()
	if err != nil {
		return err
	}
	if note := rep.InterruptedNote(); note != "" {
		resolved = append([]byte("# "+note+": this file re-runs exactly those.\n"), resolved...)
	}
	files := map[string][]byte{
		"summary.csv":   csvBuf.Bytes(),
		"summary.json":  jsonBuf.Bytes(),
		"scenario.yaml": resolved,
	}
	if len(sc.Claims) > 0 {
		if files["claims.csv"], files["claims.json"], err = claimFiles(verdicts); err != nil {
			return err
		}
	}
	for name, data := range files {
		if err := results.WriteFileAtomic(filepath.Join(dir, name), data); err != nil {
			return err
		}
	}
	return writeFigures(dir, sc, rep, fig, string(resolved), verdicts)
}

// flagSet is a subcommand's flags with its help text.
type flagSet struct {
	*flag.FlagSet
	help func()
}

// newFlagSet returns a flag set that reports errors only through Parse's
// result (no usage dump after a bad flag) and prints its help, on -h or
// --help, to stdout.
func newFlagSet(name, synopsis string, stdout io.Writer) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	help := func() {
		fmt.Fprintf(stdout, "usage: %s\n", synopsis)
		hasFlags := false
		fs.VisitAll(func(*flag.Flag) { hasFlags = true })
		if hasFlags {
			fmt.Fprint(stdout, "\nflags:\n")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
		}
	}
	return &flagSet{fs, help}
}

// parseInterleaved parses flags that may come before or after the
// positional arguments, and returns the positional ones. A bad flag is a
// usage error of one line; -h and --help return flag.ErrHelp after
// printing the help.
func parseInterleaved(fs *flagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if err == flag.ErrHelp {
				fs.help()
				return nil, err
			}
			return nil, commandError{fs.Name(), usageError{flagHint(fs.FlagSet, err)}}
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

func cmdValidate(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlagSet("validate", "schedsim validate [--traces DIR] scenario.yaml …", stdout)
	registerTraces(fs.FlagSet)
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("validate needs at least one scenario file")
	}
	for _, a := range files {
		sc, err := scenarios.LoadContext(ctx, a)
		if err != nil {
			return loadError(err)
		}
		fmt.Fprintf(stdout, "%s: ok (model %s, %s)\n", sc.File, sc.Model, sc.Plan())
	}
	return nil
}

// loadError classifies an error of scenarios.Load: an argument that names
// no file or built-in is a usage error; a scenario that does not decode or
// validate is a data error, as is an interrupt.
func loadError(err error) error {
	if errors.Is(err, scenarios.ErrNotFound) || errors.Is(err, fs.ErrPermission) {
		return usageError{err}
	}
	return err
}

// flagHint adds the nearest flag names to the error of an unknown flag.
func flagHint(fs *flag.FlagSet, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "flag provided but not defined: ")
	if !ok {
		return err
	}
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, "--"+f.Name) })
	if hint := suggest.DidYouMean("--"+strings.TrimLeft(name, "-"), names); hint != "" {
		return fmt.Errorf("%w%s", err, hint)
	}
	return err
}

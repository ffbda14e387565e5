package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"github.com/schedsim/schedsim/internal/suggest"
	"github.com/schedsim/schedsim/scenarios"
)

// Exit codes.
const (
	exitOK    = 0
	exitRun   = 1
	exitUsage = 2
)

// usageError marks errors in the command line: an unknown command or flag,
// a bad flag value, a missing argument, an argument that names no file.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// errUnknownCommand is the usage error of a first argument that names no
// command.
var errUnknownCommand = errors.New("unknown command")

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

// commandError names the subcommand of a usage error, for the hint
// "see `schedsim CMD --help`", when it is not the first argument (trace
// info).
type commandError struct {
	cmd string
	err error
}

func (e commandError) Error() string { return e.err.Error() }
func (e commandError) Unwrap() error { return e.err }

// stopGrace is how long a command may take to stop cleanly after Ctrl-C
// or SIGTERM (keep the finished replications, remove its staging
// directory) before main exits regardless: every command stops within a
// second, even one blocked reading a pipe that never ends.
const stopGrace = 800 * time.Millisecond

// forcedStop is the message of a command that main ends after stopGrace:
// every loop and read is meant to stop on its own before, and the signal
// tests check that none ends this way.
const forcedStop = "schedsim: interrupted (the command did not stop within 0.8 s: stopped by force)"

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	signals := make(chan os.Signal, 2)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	done := make(chan int, 1)
	go func() { done <- run(ctx, os.Args[1:], os.Stdout, os.Stderr) }()
	select {
	case code := <-done:
		os.Exit(code)
	case <-signals:
		cancel()
	}
	msg := forcedStop
	select {
	case code := <-done:
		os.Exit(code)
	case <-signals: // a second Ctrl-C: stop now
		msg = "schedsim: interrupted (a second signal: stopped at once)"
	case <-time.After(stopGrace):
	}
	abortStages()
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(exitRun)
}

const usage = `schedsim — discrete-event simulation of parallel and grid job scheduling

usage:
  schedsim run [flags] [scenario.yaml | built-in]   run a scenario (default: %s)
  schedsim run --shard I/N --out DIR [scenario]      run shard I of N (0 ≤ I < N): raw metrics + manifest
  schedsim merge DIR… --out OUT                      merge finished shards into the outputs of one run
  schedsim claims DIR…                               one table of the claims of runs' --out directories
  schedsim slurm SCENARIO --out DIR --tasks N        write (--submit: submit) a Slurm job array and its merge job
  schedsim replay --trace F.swf[.gz] --policy P      replay an SWF trace (policies: %s)
  schedsim plot schedule DIR [--from T --to T]      Gantt chart, utilisation, queue and ECDFs of a run's per-job CSV;
                                                    slot kinds: the chosen windows of cycle --cycle N (windows.csv)
  schedsim trace info F.swf[.gz] …                   jobs, span, load, estimates, problems; several: side by side
  schedsim trace import-sacct F --out F.swf.gz       turn Slurm accounting (sacct --parsable2) into SWF
  schedsim trace fetch NAME…                         download catalogued traces (SDSC-SP2, …) into the cache
  schedsim trace list                                the trace catalogue and where each trace is
  schedsim generate lublin --procs N --jobs M --out F.swf.gz   a Lublin–Feitelson synthetic workload
  schedsim list                                      list built-in scenarios, model kinds and policies
  schedsim metrics [KIND | scenario]                 the metrics of the model kinds: units and descriptions
  schedsim validate scenario.yaml …                  check scenarios without running them
  schedsim version                                   print the version

run 'schedsim run -h' for the flags of run.
`

// run executes one command line and returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintf(stderr, usage, defaultScenario(), batchPolicies())
		return exitUsage
	}
	var err error
	switch args[0] {
	case "run":
		err = cmdRun(ctx, args[1:], stdout, stderr)
	case "merge":
		err = cmdMerge(args[1:], stdout)
	case "claims":
		err = cmdClaims(ctx, args[1:], stdout)
	case "slurm":
		err = cmdSlurm(ctx, args[1:], stdout)
	case "replay":
		err = cmdReplay(ctx, args[1:], stdout, stderr)
	case "trace":
		err = cmdTrace(ctx, args[1:], stdout, stderr)
	case "plot":
		err = cmdPlot(args[1:], stdout)
	case "generate":
		err = cmdGenerate(ctx, args[1:], stdout)
	case "list":
		err = cmdList(args[1:], stdout)
	case "metrics":
		err = cmdMetrics(args[1:], stdout)
	case "validate":
		err = cmdValidate(ctx, args[1:], stdout)
	case "version":
		err = cmdVersion(args[1:], stdout)
	case "help", "-h", "-help", "--help":
		fmt.Fprintf(stdout, usage, defaultScenario(), batchPolicies())
	default:
		err = usageError{fmt.Errorf("%w %q%s (want run, merge, claims, slurm, replay, plot, trace, generate, list, metrics, validate or version; see `schedsim --help`)", errUnknownCommand, args[0],
			suggest.DidYouMean(args[0], []string{"run", "merge", "claims", "slurm", "replay", "plot", "trace", "generate", "list", "metrics", "validate", "version", "help"}))}
	}
	if err == nil || errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if errors.Is(err, context.Canceled) {
		// Interrupted while reading a scenario or a trace: where it was
		// says nothing to the user who pressed Ctrl-C.
		err = errors.New("interrupted")
	}
	msg := err.Error()
	if errors.As(err, new(usageError)) && !errors.Is(err, errUnknownCommand) && !errors.Is(err, scenarios.ErrNotFound) {
		cmd := args[0]
		var ce commandError
		if errors.As(err, &ce) {
			cmd = ce.cmd
		}
		msg += fmt.Sprintf(" (see `schedsim %s --help`)", cmd)
	}
	fmt.Fprintln(stderr, "schedsim: "+oneLine(msg))
	if errors.As(err, new(usageError)) {
		return exitUsage
	}
	return exitRun
}

// oneLine keeps an error on one line: a message that spans several (a
// YAML library's, say) has its line breaks replaced.
func oneLine(msg string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(msg, "\n", " ")), " ")
}

// revision is the VCS revision when the build info has none (go build
// -buildvcs=false, go run): `make build` sets it with -ldflags -X.
var revision string

// cmdVersion runs `schedsim version`.
func cmdVersion(args []string, stdout io.Writer) error {
	fs := newFlagSet("version", "schedsim version", stdout)
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("version takes no arguments")
	}
	fmt.Fprintln(stdout, "schedsim", version())
	return nil
}

// version returns the module version, the VCS revision (with "+modified"
// for a dirty tree) and the Go version the binary was built with, as far
// as the build recorded them.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(no build information)"
	}
	v := info.Main.Version
	rev, modified := revision, ""
	if r, ok := strings.CutSuffix(rev, "+modified"); ok {
		rev, modified = r, "+modified"
	}
	for _, s := range info.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value
		case s.Key == "vcs.modified" && s.Value == "true":
			modified = "+modified"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		rev = "unknown revision (built without VCS information; `make build` records it)"
	}
	return fmt.Sprintf("%s %s%s %s", v, rev, modified, info.GoVersion)
}

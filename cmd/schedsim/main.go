// Command schedsim runs scheduling simulations described by YAML scenarios
// (or built-in ones) and prints their metrics with confidence intervals.
//
//	schedsim run [flags] [scenario.yaml | built-in name]
//	schedsim run --shard I/N --out DIR [scenario]
//	schedsim merge DIR… --out OUT
//	schedsim slurm SCENARIO --out DIR --tasks N [--submit]
//	schedsim replay --trace F.swf[.gz] --policy easy[,conservative…]
//	schedsim trace info F.swf[.gz] …
//	schedsim list
//	schedsim validate scenario.yaml …
//	schedsim version
//
// Exit codes: 0 success, 1 the run failed or was interrupted, 2 usage
// error or invalid scenario (nothing ran).
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
	"syscall"
)

// Exit codes.
const (
	exitOK    = 0
	exitRun   = 1
	exitUsage = 2
)

// usageError marks errors that are the caller's: bad flags, bad scenario.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, args ...any) error {
	return usageError{fmt.Errorf(format, args...)}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

const usage = `schedsim — discrete-event simulation of parallel and grid job scheduling

usage:
  schedsim run [flags] [scenario.yaml | built-in]   run a scenario (default: %s)
  schedsim run --shard I/N --out DIR [scenario]      run shard I of N (0 ≤ I < N): raw metrics + manifest
  schedsim merge DIR… --out OUT                      merge finished shards into the outputs of one run
  schedsim slurm SCENARIO --out DIR --tasks N        write (--submit: submit) a Slurm job array and its merge job
  schedsim replay --trace F.swf[.gz] --policy P      replay an SWF trace (policies: fcfs, easy, conservative, fpfs)
  schedsim trace info F.swf[.gz] …                   jobs, span, load, estimate accuracy and problems of a trace
  schedsim list                                      list built-in scenarios and model kinds
  schedsim validate scenario.yaml …                  check scenarios without running them
  schedsim version                                   print the version

run 'schedsim run -h' for the flags of run.
`

// run executes one command line and returns the exit code.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintf(stderr, usage, defaultScenario())
		return exitUsage
	}
	var err error
	switch args[0] {
	case "run":
		err = cmdRun(ctx, args[1:], stdout, stderr)
	case "merge":
		err = cmdMerge(args[1:], stdout, stderr)
	case "slurm":
		err = cmdSlurm(ctx, args[1:], stdout, stderr)
	case "replay":
		err = cmdReplay(ctx, args[1:], stdout, stderr)
	case "trace":
		err = cmdTrace(args[1:], stdout, stderr)
	case "list":
		err = cmdList(args[1:], stdout)
	case "validate":
		err = cmdValidate(args[1:], stdout)
	case "version":
		fmt.Fprintln(stdout, "schedsim", version())
	case "help", "-h", "--help":
		fmt.Fprintf(stdout, usage, defaultScenario())
	default:
		err = usagef("unknown command %q (want run, merge, slurm, replay, trace, list, validate or version)", args[0])
	}
	if err == nil {
		return exitOK
	}
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	fmt.Fprintln(stderr, "schedsim:", err)
	var ue usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitRun
}

// version returns the module version and VCS revision the binary was
// built from, as far as the build recorded them.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown)"
	}
	v := info.Main.Version
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v
}

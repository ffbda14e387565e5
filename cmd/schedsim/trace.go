package main

import (
	"context"
	"errors"
	"fmt"
	"github.com/schedsim/schedsim/model"
	"io"
	"os"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/schedsim/schedsim/internal/suggest"
	"github.com/schedsim/schedsim/scenarios"
	"github.com/schedsim/schedsim/workloads/swf"
)

// cmdTrace runs `schedsim trace info FILE …` (one file: its full
// report; several: one table of their statistics side by side,
// traceInfoTable) and the other trace subcommands (fetch, list,
// import-sacct, resample).
func cmdTrace(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	const synopsis = "schedsim trace info [--strict] FILE.swf[.gz] … | schedsim trace fetch NAME … | schedsim trace list | schedsim trace import-sacct FILE --out FILE.swf[.gz] | " + resampleSynopsis
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintf(stdout, "usage: %s\n", synopsis)
		return nil
	}
	if len(args) > 0 && args[0] == "import-sacct" {
		err := importSacct(ctx, args[1:], stdout)
		if errors.As(err, new(usageError)) {
			return commandError{"trace import-sacct", err}
		}
		return err
	}
	if len(args) > 0 && args[0] == "resample" {
		err := traceResample(ctx, args[1:], stdout)
		if errors.As(err, new(usageError)) {
			return commandError{"trace resample", err}
		}
		return err
	}
	if len(args) > 0 && (args[0] == "fetch" || args[0] == "list") {
		var err error
		if args[0] == "fetch" {
			err = cmdTraceFetch(ctx, args[1:], stdout, stderr)
		} else {
			err = cmdTraceList(args[1:], stdout)
		}
		if errors.As(err, new(usageError)) {
			return commandError{"trace " + args[0], err}
		}
		return err
	}
	if len(args) == 0 || args[0] != "info" {
		if len(args) > 0 {
			return usagef("unknown trace subcommand %q%s (want info, fetch, list, import-sacct or resample)", args[0], suggest.DidYouMean(args[0], []string{"info", "fetch", "list", "import-sacct", "resample"}))
		}
		return usagef("trace needs the subcommand info, fetch, list, import-sacct or resample: %s", synopsis)
	}
	fs := newFlagSet("trace info", synopsis, stdout)
	registerTraces(fs.FlagSet)
	strict := fs.Bool("strict", false, "stop at the first malformed line instead of counting it")
	files, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return commandError{"trace info", usagef("trace info needs at least one SWF file")}
	}
	opts := swf.ReadOptions{Mode: swf.Lenient, Context: ctx}
	if *strict {
		opts.Mode = swf.Strict
	}
	var infos []swf.Info
	var paths []string
	for i, f := range files {
		if path, err := traceByName(f); err != nil {
			return commandError{"trace info", usageError{err}}
		} else if path != "" {
			f = path
		}
		in, err := swf.InfoFile(f, opts)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
				return usageError{err}
			}
			return err
		}
		if len(files) == 1 {
			if err := in.Format(stdout, terminalWidth(stdout)); err != nil {
				return err
			}
		}
		if in.Jobs == 0 {
			where := "above"
			if len(files) > 1 {
				where = "in `schedsim trace info " + files[i] + "`"
			}
			return fmt.Errorf("%s: no usable job in %d records (record quality and problems %s)", files[i], in.Records, where)
		}
		infos, paths = append(infos, in), append(paths, f)
	}
	if len(files) == 1 {
		return nil
	}
	return traceInfoTable(paths, infos, opts, stdout)
}

// replayFlags maps the cluster kind's parameter keys to the flags of
// `schedsim replay`, so that a parameter error names the flag.
var replayFlags = map[string]string{
	"trace": "--trace", "procs": "--procs", "policy": "--policy", "order": "--order",
	"estimates": "--estimates", "estimate_factor": "--estimate-factor", "jobs": "--jobs",
	"days": "--days", "skip_days": "--skip-days", "load": "--load", "tau": "--tau",
	"kill_at_estimate": "--kill", "source": "--sacct", "source.sacct": "--sacct",
	"source.sacct_tz": "--sacct-tz", "compare_recorded": "--compare-recorded",
}

// cmdReplay runs `schedsim replay --trace F --policy P …`: a quick trace
// replay without a scenario file. Several comma-separated policies are
// compared side by side.
func cmdReplay(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", "schedsim replay --trace FILE | --sacct FILE [--policy easy[,conservative…]] [flags] | --sacct FILE --slurm-conf FILE [--assoc FILE] [--qos FILE] [flags]", stdout)
	p := scenarios.NewClusterParams()
	policies := fs.String("policy", p.Policy, "batch policy, or several separated by commas: "+batchPolicies())
	fs.StringVar(&p.Trace, "trace", "", "SWF trace (.swf or .swf.gz); this or --sacct is required")
	sacct := fs.String("sacct", "", "Slurm accounting instead of a trace: sacct --parsable2 output (see README, Slurm accounting)")
	sacctTZ := fs.String("sacct-tz", "", "with --sacct: the IANA time zone sacct printed its times in (default UTC)")
	fs.IntVar(&p.Procs, "procs", 0, "processors (0: the trace header's MaxProcs)")
	fs.StringVar(&p.Order, "order", p.Order, "queue order of the backfilling policies: submit or sjf")
	fs.StringVar(&p.Estimates, "estimates", p.Estimates, "runtime estimates: requested, exact or factor")
	fs.Float64Var(&p.EstimateFactor, "estimate-factor", p.EstimateFactor, "with --estimates factor: estimate = run time × this")
	fs.IntVar(&p.Jobs, "jobs", 0, "replay only the first N usable jobs (0: all)")
	fs.Float64Var(&p.Days, "days", 0, "replay only the jobs submitted in the first D days (0: all)")
	fs.Float64Var(&p.SkipDays, "skip-days", 0, "skip the jobs submitted in the first D days")
	fs.Float64Var(&p.Load, "load", p.Load, "scale the offered load by dividing inter-arrival times by F")
	fs.Float64Var(&p.Tau, "tau", p.Tau, "runtime bound of the bounded slowdown, seconds")
	fs.BoolVar(&p.KillAtEstimate, "kill", false, "kill jobs at their estimate")
	fs.BoolVar(&p.CompareRecorded, "compare-recorded", false, "compare every job's simulated start with the recorded one (submit + wait): a table after the metrics, recorded.csv and recorded-summary.csv with --out")
	var sf slurmReplayFlags
	sf.register(fs.FlagSet)
	var f runFlags
	f.register(fs.FlagSet)
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("replay takes no positional arguments (got %q); use --trace", strings.Join(rest, " "))
	}
	if err := f.validate(fs.FlagSet); err != nil {
		return err
	}
	if err := sf.check(fs.FlagSet); err != nil {
		return err
	}
	if sf.conf != "" {
		return sf.replay(ctx, *sacct, *sacctTZ, p.Tau, p.CompareRecorded, &f, stdout, stderr)
	}
	switch {
	case *sacct != "" && p.Trace != "":
		return usagef("--trace and --sacct: give one of them")
	case *sacct != "":
		p.Source = &scenarios.Source{Sacct: *sacct, SacctTZ: *sacctTZ}
	case *sacctTZ != "":
		return usagef("--sacct-tz goes with --sacct")
	}
	names := strings.Split(*policies, ",")
	p.Policy = names[0]
	p.SetBaseDir(".")
	for _, name := range names {
		q := *p
		q.Policy = name
		if err := q.Validate(); err != nil {
			var fe *model.FieldError
			if errors.As(err, &fe) {
				return usagef("%s: %s", replayFlag(fe.Path), fe.Msg)
			}
			return usageError{err}
		}
	}
	sc, err := replayScenario(p, names)
	if err != nil {
		return err
	}
	log, err := newLogger(f.logLevel, stderr)
	if err != nil {
		return err
	}
	err = execute(ctx, sc, &f, log, stdout, stderr)
	if fe, ok := model.AsField(err); ok && fe.Path == "procs" {
		// the machine size is known only once the input is read: name
		// the flag that sets it (errors about the input name its file)
		return fmt.Errorf("%s: %s", replayFlags[fe.Path], fe.Msg)
	}
	return err
}

// replayFlag returns the flag of a parameter key, or the key itself for
// one without a flag (its default failed).
func replayFlag(key string) string {
	if f := replayFlags[key]; f != "" {
		return f
	}
	return key
}

// replayScenario builds the scenario a replay runs, as YAML, so that its
// resolved form can be written to --out and run again as a file.
func replayScenario(p *scenarios.ClusterParams, policies []string) (*scenarios.Scenario, error) {
	input := p.Trace
	if p.Source != nil {
		input = p.Source.Sacct
	}
	doc := map[string]any{
		"name":         "replay",
		"description":  "schedsim replay of " + input,
		"model":        "cluster",
		"seed":         1,
		"replications": 1,
		"params":       p,
	}
	if len(policies) > 1 {
		doc["sweep"] = []map[string]any{{"key": "policy", "values": policies}}
	}
	b, err := yaml.Marshal(doc)
	if err != nil {
		return nil, err
	}
	return scenarios.Parse(b, "replay", ".")
}

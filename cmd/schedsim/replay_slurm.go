package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/scenarios"
)

// slurmReplayFlags are the flags of `schedsim replay` that replay a
// sacct history under Slurm's own schedulers (the slurm kind) instead of
// a batch policy: --slurm-conf selects it.
type slurmReplayFlags struct {
	conf, assoc, qos string
	allowUnmodelled  bool
}

// register adds the flags to the replay command's flag set.
func (s *slurmReplayFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&s.conf, "slurm-conf", "", "with --sacct: replay under Slurm's schedulers and multifactor priority as this slurm.conf sets them (the slurm kind; --policy does not apply)")
	fs.StringVar(&s.assoc, "assoc", "", "with --slurm-conf: sacctmgr show assoc --parsable2 output (account tree and shares)")
	fs.StringVar(&s.qos, "qos", "", "with --slurm-conf: sacctmgr show qos --parsable2 output (QoS priorities and limits)")
	fs.BoolVar(&s.allowUnmodelled, "allow-unmodelled", false, "with --slurm-conf: list slurm.conf and QoS values that are not modelled as ignored instead of failing")
}

// slurmOnlyFlags are the flags that need --slurm-conf.
var slurmOnlyFlags = []string{"assoc", "qos", "allow-unmodelled"}

// clusterOnlyFlags are the replay flags of the batch policies that the
// slurm kind has no use for.
var clusterOnlyFlags = []string{"policy", "trace", "procs", "order", "estimates", "estimate-factor", "jobs", "days", "skip-days", "load", "kill"}

// slurmParamFlags maps the slurm kind's keys to the replay flags that set
// them, so that a parameter error names the flag.
var slurmParamFlags = map[string]string{
	"sacct": "--sacct", "sacct_tz": "--sacct-tz", "slurm_conf": "--slurm-conf",
	"assoc": "--assoc", "qos_file": "--qos", "tau": "--tau",
}

// check refuses the flags that do not go with (or without) --slurm-conf,
// one line naming the flag.
func (s *slurmReplayFlags) check(fs *flag.FlagSet) error {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if s.conf == "" {
		for _, name := range slurmOnlyFlags {
			if set[name] {
				return usagef("--%s goes with --slurm-conf (a replay under Slurm's own schedulers)", name)
			}
		}
		return nil
	}
	var bad []string
	for _, name := range clusterOnlyFlags {
		if set[name] {
			bad = append(bad, "--"+name)
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return usagef("%s: not with --slurm-conf, which replays a --sacct history under the slurm.conf's own scheduler and priority", strings.Join(bad, ", "))
	}
	if !set["sacct"] {
		return usagef("--slurm-conf needs --sacct FILE (sacct --parsable2 --format with the priority columns; see docs/how-to/slurm-whatif.md)")
	}
	return nil
}

// replay runs the slurm kind on the sacct history, with the run flags f.
func (s *slurmReplayFlags) replay(ctx context.Context, sacct, sacctTZ string, tau float64, compare bool, f *runFlags, stdout, stderr io.Writer) error {
	p := scenarios.NewSlurmParams()
	p.Sacct, p.SacctTZ, p.SlurmConf, p.Assoc, p.QOSFile = sacct, sacctTZ, s.conf, s.assoc, s.qos
	p.AllowUnmodelled, p.CompareRecorded, p.Tau = s.allowUnmodelled, compare, tau
	p.SetBaseDir(".")
	if err := p.Validate(); err != nil {
		if fe, ok := model.AsField(err); ok {
			if flag := slurmParamFlags[strings.SplitN(fe.Path, ".", 2)[0]]; flag != "" {
				return usagef("%s: %s", flag, fe.Msg)
			}
			return usagef("%s: %s", fe.Path, fe.Msg)
		}
		return usageError{err}
	}
	sc, err := slurmReplayScenario(p)
	if err != nil {
		return err
	}
	log, err := newLogger(f.logLevel, stderr)
	if err != nil {
		return err
	}
	err = execute(ctx, sc, f, log, stdout, stderr)
	var fe *model.FieldError
	if errors.As(err, &fe) {
		if flag := slurmParamFlags[fe.Path]; flag != "" {
			return errors.New(flag + ": " + fe.Msg)
		}
	}
	return err
}

// slurmReplayScenario builds the scenario a slurm replay runs, as YAML,
// so that its resolved form can be written to --out and run again.
func slurmReplayScenario(p *scenarios.SlurmParams) (*scenarios.Scenario, error) {
	params := map[string]any{"sacct": p.Sacct, "slurm_conf": p.SlurmConf, "tau": p.Tau}
	for key, v := range map[string]string{"sacct_tz": p.SacctTZ, "assoc": p.Assoc, "qos_file": p.QOSFile} {
		if v != "" {
			params[key] = v
		}
	}
	if p.AllowUnmodelled {
		params["allow_unmodelled"] = true
	}
	if p.CompareRecorded {
		params["compare_recorded"] = true
	}
	b, err := yaml.Marshal(map[string]any{
		"name":         "replay",
		"description":  "schedsim replay of " + p.Sacct + " under " + p.SlurmConf,
		"model":        "slurm",
		"seed":         1,
		"replications": 1,
		"params":       params,
	})
	if err != nil {
		return nil, err
	}
	return scenarios.Parse(b, "replay", ".")
}

package scenarios

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

// Units a metric may have: a new one is added here on purpose, so that
// the docs' list of units stays short.
var knownUnits = []string{
	"s", "model time units", "node × model time units", "cost units", "processors",
	"fraction", "%", "ratio", "count", "jobs", "jobs / model time unit",
}

// Every metric of every point of every built-in scenario, and of every
// kind's defaults, has a unit from knownUnits and a description, and no
// name comes twice.
func TestEveryMetricIsDescribed(t *testing.T) {
	check := func(where string, infos []results.MetricInfo) {
		if len(infos) == 0 {
			t.Errorf("%s: declares no metric", where)
		}
		seen := map[string]bool{}
		for _, m := range infos {
			if seen[m.Name] {
				t.Errorf("%s: metric %s declared twice", where, m.Name)
			}
			seen[m.Name] = true
			if m.Description == "" || !slices.Contains(knownUnits, m.Unit) {
				t.Errorf("%s: metric %s has unit %q and description %q: give it a unit of %v and a description", where, m.Name, m.Unit, m.Description, knownUnits)
			}
		}
	}
	for _, k := range Kinds() {
		check("kind "+k.Name, k.NewParams().Metrics())
	}
	t.Chdir("..") // built-in trace paths are relative to the module root
	for _, name := range Builtins() {
		sc, err := Load(name)
		if err != nil {
			if strings.Contains(err.Error(), "shared/traces") {
				t.Logf("%s: skipped, its trace is missing: %v", name, err)
				continue
			}
			t.Errorf("%s: %v", name, err)
			continue
		}
		for _, p := range sc.Points {
			check(name+" "+p.Name(), p.Params.Metrics())
		}
	}
}

// The names match what a (short) replication returns.
func TestMetricNamesMatchARun(t *testing.T) {
	for _, src := range []string{
		"name: m\nmodel: mmc\nreplications: 1\nparams: {servers: 2, load: 0.5, jobs: 200, warmup_jobs: 0}\n",
		"name: k\nmodel: karatza\nreplications: 1\nstop: {completed_jobs: 300}\n",
		"name: s\nmodel: slots\nreplications: 1\nparams: {cycles: 2}\n",
	} {
		sc, err := Parse([]byte(src), "t.yaml", ".")
		if err != nil {
			t.Fatal(err)
		}
		p := sc.Points[0].Params
		m, err := p.Run(RunContext{Engine: sim.NewFast(), Streams: sim.NewStreams(1, 0), Stop: sc.Stop})
		if err != nil {
			t.Fatalf("%s: %v", sc.Model, err)
		}
		if got, want := names(m), MetricNames(p); !slices.Equal(got, want) {
			t.Errorf("%s: Run returns %v, Metrics declares %v", sc.Model, got, want)
		}
	}
	// The trace-driven kinds, on the multicluster tests' toy trace.
	dir := toyDir(t)
	for _, src := range []string{
		"name: c\nmodel: cluster\nreplications: 1\nparams: {trace: toy.swf}\n",
		"name: g\nmodel: multicluster\nreplications: 1\nparams: {trace: toy.swf, platform: grid.yaml}\n",
	} {
		sc, err := Parse([]byte(src), filepath.Join(dir, "t.yaml"), dir)
		if err != nil {
			t.Fatal(err)
		}
		p := sc.Points[0].Params
		m, err := p.Run(RunContext{Engine: sim.NewFast(), Streams: sim.NewStreams(1, 0), Stop: sc.Stop, Log: zerolog.Nop()})
		if err != nil {
			t.Fatalf("%s: %v", sc.Model, err)
		}
		if got, want := names(m), MetricNames(p); !slices.Equal(got, want) {
			t.Errorf("%s: Run returns %v, Metrics declares %v", sc.Model, got, want)
		}
	}
}

func names(m results.Metrics) []string {
	var out []string
	for _, x := range m {
		out = append(out, x.Name)
	}
	return out
}

// A kind's headline metrics are among those it declares.
func TestHeadlineMetricsAreDeclared(t *testing.T) {
	for _, k := range Kinds() {
		names := MetricNames(k.NewParams())
		for _, h := range k.Headline {
			if !slices.Contains(names, h) {
				t.Errorf("kind %s: headline metric %s is not declared (it has %v)", k.Name, h, names)
			}
		}
	}
}

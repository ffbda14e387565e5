package scenarios

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

// Every kind names its metrics before running, so that validate can check
// the metrics a scenario's plots name.
func TestEveryKindNamesItsMetrics(t *testing.T) {
	for _, k := range Kinds() {
		if _, ok := k.NewParams().(MetricNamer); !ok {
			t.Errorf("kind %s: its Params do not implement scenarios.MetricNamer (MetricNames() []string), so validate cannot check plots[].metric", k.Name)
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
		if got, want := names(m), p.(MetricNamer).MetricNames(); !slices.Equal(got, want) {
			t.Errorf("%s: Run returns %v, MetricNames %v", sc.Model, got, want)
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
		if got, want := names(m), p.(MetricNamer).MetricNames(); !slices.Equal(got, want) {
			t.Errorf("%s: Run returns %v, MetricNames %v", sc.Model, got, want)
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

package scenarios

import (
	"context"
	"errors"
	"github.com/schedsim/schedsim/model"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/scenarios/slotexp"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

func TestSlotsBuiltinScenario(t *testing.T) {
	sc, err := Load("toporkov-alp-amp")
	if err != nil {
		t.Fatal(err)
	}
	if sc.Model != "slots" || sc.Replications != 10 || len(sc.Points) != 1 {
		t.Fatalf("scenario %+v", sc)
	}
	p, ok := sc.Points[0].Params.(*SlotsParams)
	if !ok {
		t.Fatalf("params %T", sc.Points[0].Params)
	}
	// the file spells out the defaults.
	def := NewSlotsParams()
	if p.Cycles*sc.Replications != 25000 || p.Config != def.Config || p.TStarRounding != def.TStarRounding {
		t.Errorf("built-in params %+v, defaults %+v", p, def)
	}
	if p.Jobs.MaxPrice != toporkov.DefaultMaxPrice {
		t.Errorf("max_price %v", p.Jobs.MaxPrice)
	}
	// a short run through the runner: metrics, references, files.
	p.Cycles = 400
	out := t.TempDir()
	rep, err := Run(context.Background(), sc, Options{Replications: 2, OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	pt := rep.Points[0]
	for _, name := range []string{slotexp.MetricTimeMinALPTime, slotexp.MetricRatioAltsPerJob, slotexp.MetricCountedCycles} {
		s, ok := pt.Metric(name)
		if !ok || !(s.Mean > 0) {
			t.Errorf("%s: %+v", name, s)
		}
	}
	if s, _ := pt.Metric(slotexp.MetricTimeMinAMPTime); s.Reference != 39.01 {
		t.Errorf("reference %v", s.Reference)
	}
	for _, f := range []string{"cycles.csv", "fig5_timemin_time.png", "fig6_costmin_cost.svg", "hist_alternatives.png"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Error(err)
		}
	}
}

func TestSlotsParamsValidation(t *testing.T) {
	cases := map[string]func(p *SlotsParams){
		"cycles":                func(p *SlotsParams) { p.Cycles = 0 },
		"tstar_rounding":        func(p *SlotsParams) { p.TStarRounding = "ceil" },
		"max_passes":            func(p *SlotsParams) { p.MaxPasses = -1 },
		"jobs.max_price":        func(p *SlotsParams) { p.Jobs.MaxPrice = -1 },
		"slots.length.min":      func(p *SlotsParams) { p.Slots.Length.Min = -50 },
		"slots.performance.max": func(p *SlotsParams) { p.Slots.Performance.Max = 0.5 },
		"batch":                 func(p *SlotsParams) { p.Environment, _ = handEnv(t) },
		"environment": func(p *SlotsParams) {
			_, p.Batch = handEnv(t)
		},
	}
	for key, f := range cases {
		p := NewSlotsParams()
		f(p)
		err := p.Validate()
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Path != key {
			t.Errorf("%s: err = %v", key, err)
		}
	}
	p := NewSlotsParams()
	p.Environment, p.Batch = handEnv(t)
	p.Batch[1].Length = -3
	if err := p.Validate(); err == nil || !strings.Contains(err.Error(), "batch[1]") {
		t.Errorf("negative length: %v", err)
	}
	p.Environment, p.Batch = handEnv(t)
	p.Environment.Slots[0].End = -1
	var fe *model.FieldError
	if err := p.Validate(); !errors.As(err, &fe) || fe.Path != "environment" {
		t.Errorf("negative slot: %v", err)
	}
}

func handEnv(t *testing.T) (*slot.List, []slot.Request) {
	t.Helper()
	sc, err := Parse([]byte(handYAML), "hand.yaml", ".")
	if err != nil {
		t.Fatal(err)
	}
	p := sc.Points[0].Params.(*SlotsParams)
	return p.Environment, p.Batch
}

// handYAML is the paper's section 4 example (see policies/slots
// hand_test.go) written as a user-defined cycle.
const handYAML = `
name: hand
model: slots
seed: 1
replications: 1
params:
  environment:
    nodes:
      - {name: cpu1, performance: 1, price: 5}
      - {name: cpu2, performance: 1, price: 4}
      - {name: cpu3, performance: 1, price: 7}
      - {name: cpu4, performance: 1, price: 5}
      - {name: cpu5, performance: 1, price: 2}
      - {name: cpu6, performance: 1, price: 12}
    slots:
      - {node: 1, start: 0, end: 100}
      - {node: 2, start: 0, end: 120}
      - {node: 4, start: 0, end: 20}
      - {node: 5, start: 100, end: 200}
      - {node: 3, start: 140, end: 500}
      - {node: 0, start: 150, end: 500}
      - {node: 1, start: 230, end: 500}
      - {node: 2, start: 300, end: 460}
      - {node: 5, start: 350, end: 430}
      - {node: 4, start: 450, end: 500}
  batch:
    - {name: job1, nodes: 2, length: 80, min_performance: 1, max_price: 5}
    - {name: job2, nodes: 3, length: 30, min_performance: 1, max_price: 10}
    - {name: job3, nodes: 2, length: 50, min_performance: 1, max_price: 6, budget: 300}
`

func TestSlotsUserDefinedCycle(t *testing.T) {
	sc, err := Parse([]byte(handYAML), "hand.yaml", ".")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	rep, err := Run(context.Background(), sc, Options{OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	// job3 with max_price 6 lets ALP use cpu2 too: every job has
	// alternatives under both searches and the cycle counts.
	if s, _ := rep.Points[0].Metric(slotexp.MetricCountedCycles); s.Mean != 1 || s.HasReference() {
		t.Errorf("counted cycles %+v", s)
	}
	data, err := os.ReadFile(filepath.Join(out, "alternatives.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "amp,0,0,150,230,80,800,cpu4 cpu1") {
		t.Errorf("alternatives.csv:\n%s", data)
	}
	bad := strings.Replace(handYAML, "max_price: 5}", "max_prise: 5}", 1)
	if _, err := Parse([]byte(bad), "bad.yaml", "."); err == nil || !strings.Contains(err.Error(), "max_prise") {
		t.Errorf("unknown key: %v", err)
	}
}

func TestSlotsReproduceOutsideTheLoader(t *testing.T) {
	p := NewSlotsParams()
	p.Cycles = 100
	tab, err := p.Reproduce(context.Background(), 1, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if s, ok := tab.Get(slotexp.MetricCycles); !ok || s.Mean != 100 || tab.Replications != 2 {
		t.Errorf("table %+v", tab)
	}
	// the kind's replication equals the plain function's.
	m, err := p.Run(RunContext{Streams: sim.NewStreams(1, 1)})
	if err != nil {
		t.Fatal(err)
	}
	v, _ := m.Get(slotexp.MetricTimeMinAMPTime)
	// stop.completed_jobs ends a replication early; Check runs the
	// invariant checker on every cycle.
	short, err := p.Run(RunContext{Streams: sim.NewStreams(1, 1), Stop: Stop{CompletedJobs: 50}, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := short.Get(slotexp.MetricCycles); c < 50.0/7 || c > 50.0/3+1 {
		t.Errorf("%v cycles for 50 jobs", c)
	}
	if s, _ := tab.Get(slotexp.MetricTimeMinAMPTime); !(s.Min <= v && v <= s.Max) {
		t.Errorf("replication 1 gives %v, outside the table's range [%v, %v]", v, s.Min, s.Max)
	}
}

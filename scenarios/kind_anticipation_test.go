package scenarios

import (
	"context"
	"errors"
	"github.com/schedsim/schedsim/model"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/scenarios/slotexp"
)

// TestAnticipationBuiltinsRun runs both built-in scenarios, shrunk, with
// the invariant checker: Table 1's columns carry the paper's values, and
// the comparison's metrics are per method.
func TestAnticipationBuiltinsRun(t *testing.T) {
	sc, err := Load("toporkov-ant-replication")
	if err != nil {
		t.Fatal(err)
	}
	shrink(sc, 1, 2, 0)
	rep, err := Run(context.Background(), sc, Options{Check: true})
	if err != nil {
		t.Fatal(err)
	}
	pt := rep.Points[0]
	for name, want := range slotexp.Table1References() {
		s, ok := pt.Metric(name)
		if !ok || s.Reference != want {
			t.Errorf("%s: %+v (ok %v), paper %v", name, s, ok, want)
		}
	}
	ua, _ := pt.Metric("reference_ua")
	lim0, _ := pt.Metric("lim0_cost")
	lim100, _ := pt.Metric("lim100_cost")
	if ua.Mean > 10+1e-9 || !(lim0.Mean < lim100.Mean) {
		t.Errorf("reference Ua %v, cost lim 0 %v, lim 100 %v", ua.Mean, lim0.Mean, lim100.Mean)
	}

	sc, err = Load("toporkov-ant-vs-bf")
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Points) != 24 {
		t.Fatalf("%d points", len(sc.Points))
	}
	sc.Points = sc.Points[9:12] // lim 10, N = 40: bf, css, ant
	shrink(sc, 3, 2, 0)
	dir := t.TempDir()
	rep, err = Run(context.Background(), sc, Options{Check: true, OutDir: dir, JobsCSV: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range rep.Points {
		for _, m := range []string{"start", "finish", "proctime", "cost", "batch_cost", "runtime_jobs_proctime", "cost_jobs_cost"} {
			if s, ok := p.Metric(m); !ok || !(s.Mean > 0) {
				t.Errorf("%s: %s = %+v", p.Name(), m, s)
			}
		}
	}
	found := false
	_ = filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(path, ".csv") && strings.Contains(path, "jobs") {
			data, _ := os.ReadFile(path)
			found = found || strings.Contains(strings.SplitN(string(data), "\n", 2)[0], ",replication,"+strings.Join(slotexp.JobColumns, ","))
		}
		return nil
	})
	if !found {
		t.Error("no per-job CSV with the anticipation columns")
	}
}

// TestAnticipationBadInput: bad values are errors naming the key; a fully
// owner-loaded interval and jobs wider than the domain are counted as
// unscheduled, not errors.
func TestAnticipationBadInput(t *testing.T) {
	for key, mod := range map[string]func(p *AnticipationParams){
		"batch.criteria":         func(p *AnticipationParams) { p.Batch.Criteria = []string{"speed"} },
		"batch.price_factor.min": func(p *AnticipationParams) { p.Batch.PriceFactor.Min = 0 },
		"nodes":                  func(p *AnticipationParams) { p.Nodes = 0 },
		"terms":                  func(p *AnticipationParams) { p.Terms = []string{"utility"} },
		"method":                 func(p *AnticipationParams) { p.Method = "easy" },
		"limit":                  func(p *AnticipationParams) { p.Limit = -1 },
		"interval":               func(p *AnticipationParams) { p.Interval = 0 },
	} {
		p := NewAnticipationParams()
		mod(p)
		var fe *model.FieldError
		if err := p.Validate(); !errors.As(err, &fe) || fe.Path != key {
			t.Errorf("%s: %v", key, err)
		}
	}
	for name, mod := range map[string]func(p *AnticipationParams){
		"full owner load": func(p *AnticipationParams) { p.OwnerLoad.Min, p.OwnerLoad.Max = 1, 1 },
		"wide jobs":       func(p *AnticipationParams) { p.Nodes = 4; p.Batch.Nodes.Min, p.Batch.Nodes.Max = 5, 6 },
	} {
		for _, exp := range []string{slotexp.ExperimentReplication, slotexp.ExperimentComparison} {
			p := NewAnticipationParams()
			p.Batches, p.Experiment = 1, exp
			mod(p)
			if err := p.Validate(); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			sc := &Scenario{Name: "x", Model: "anticipation", Replications: 1, Engine: "fast", Points: []Point{{Params: p}}}
			rep, err := Run(context.Background(), sc, Options{Check: true})
			if err != nil {
				t.Fatalf("%s %s: %v", name, exp, err)
			}
			key := "unscheduled_fraction"
			if exp == slotexp.ExperimentReplication {
				key = "lim0_unscheduled_fraction"
			}
			if s, _ := rep.Points[0].Metric(key); s.Mean != 1 {
				t.Errorf("%s %s: %s = %v", name, exp, key, s.Mean)
			}
			if s, _ := rep.Points[0].Metric(strings.TrimSuffix(key, "unscheduled_fraction") + "cost"); !math.IsNaN(s.Mean) {
				t.Errorf("%s %s: a cost %v without jobs", name, exp, s.Mean)
			}
		}
	}
}

// TestAnticipationMethodFromRegistry: the method is resolved through the
// css registry: an unknown name is one line naming the key and the
// registered names, a bad option of the policy names its key.
func TestAnticipationMethodFromRegistry(t *testing.T) {
	p := NewAnticipationParams()
	p.Method = "easy"
	err := p.Validate()
	if err == nil || err.Error() != `method: policies: unknown policy "easy" for slot-batch (want one of [ant bf css])` {
		t.Errorf("unknown method: %v", err)
	}
	for _, m := range []string{"ant", "bf", "css"} {
		p.Method = m
		if err := p.Validate(); err != nil {
			t.Errorf("%s: %v", m, err)
		}
	}
}

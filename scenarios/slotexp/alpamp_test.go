package slotexp

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

func generators(cfg toporkov.Config, seed uint64) func(rep int) (Source, error) {
	return func(rep int) (Source, error) {
		return toporkov.NewGenerator(cfg, sim.NewStreams(seed, rep))
	}
}

// TestReproducesPaperRatios runs the experiment at reduced size (4 000
// cycles instead of 25 000) with the default generators and checks the
// AMP/ALP ratios of the paper's five comparisons within ±15%.
func TestReproducesPaperRatios(t *testing.T) {
	tab, err := Reproduce(context.Background(), 4, 0, ExperimentConfig{Cycles: 1000}, generators(toporkov.DefaultConfig(), 2011))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	_ = tab.Write(&buf)
	t.Logf("\n%s", buf.String())
	for _, name := range []string{MetricRatioTimeMinTime, MetricRatioTimeMinCost, MetricRatioAltsPerJob, MetricRatioCostMinCost, MetricRatioCostMinTime,
		MetricCountedFraction} {
		s, ok := tab.Get(name)
		if !ok {
			t.Fatalf("%s missing", name)
		}
		if rel := s.Mean / s.Reference; math.Abs(rel-1) > 0.15 {
			t.Errorf("%s = %.4f, paper %.4f (%.0f%% off, more than 15%%)", name, s.Mean, s.Reference, 100*(rel-1))
		}
	}
	// the paper's qualitative findings: AMP is faster, dearer, finds more.
	get := func(n string) float64 { s, _ := tab.Get(n); return s.Mean }
	if !(get(MetricTimeMinAMPTime) < get(MetricTimeMinALPTime) && get(MetricTimeMinAMPCost) > get(MetricTimeMinALPCost) &&
		get(MetricAMPAltsPerJob) > get(MetricALPAltsPerJob) && get(MetricCostMinAMPCost) > get(MetricCostMinALPCost) &&
		get(MetricCostMinAMPTime) < get(MetricCostMinALPTime)) {
		t.Error("the paper's orderings do not hold")
	}
	// minimising one criterion never does worse on it than minimising the
	// other.
	if get(MetricCostMinALPCost) > get(MetricTimeMinALPCost) || get(MetricTimeMinAMPTime) > get(MetricCostMinAMPTime) {
		t.Error("a criterion's own optimum is beaten by the other's")
	}
}

func TestReproduceIsDeterministic(t *testing.T) {
	cfg := ExperimentConfig{Cycles: 150}
	a, err := Reproduce(context.Background(), 3, 1, cfg, generators(toporkov.DefaultConfig(), 5))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Reproduce(context.Background(), 3, 3, cfg, generators(toporkov.DefaultConfig(), 5))
	if err != nil {
		t.Fatal(err)
	}
	for i := range a.Summaries {
		x, y := a.Summaries[i], b.Summaries[i]
		if x.Mean != y.Mean || x.SD != y.SD {
			t.Fatalf("%s: %v with 1 worker, %v with 3", x.Name, x.Mean, y.Mean)
		}
	}
	if _, err := Reproduce(context.Background(), 0, 1, cfg, generators(toporkov.DefaultConfig(), 5)); err == nil {
		t.Error("0 replications accepted")
	}
}

func TestWriteCycleFiles(t *testing.T) {
	g, _ := toporkov.NewGenerator(toporkov.DefaultConfig(), sim.NewStreams(3, 0))
	tally, recs, err := RunExperiment(context.Background(), g, ExperimentConfig{Cycles: 1000, Record: -1})
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != tally.Counted || len(recs) <= FigureCycles {
		t.Fatalf("%d records, %d counted", len(recs), tally.Counted)
	}
	dir := t.TempDir()
	if err := WriteCycleFiles(dir, recs); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, "cycles.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(string(data), "\n"); lines != FigureCycles+1 {
		t.Errorf("cycles.csv has %d lines", lines)
	}
	for _, base := range []string{"fig5_timemin_time", "fig5_timemin_cost", "fig6_costmin_cost", "fig6_costmin_time", "hist_timemin_time", "hist_alternatives"} {
		for _, ext := range []string{".png", ".svg"} {
			if st, err := os.Stat(filepath.Join(dir, base+ext)); err != nil || st.Size() < 1000 {
				t.Errorf("%s%s: %v", base, ext, err)
			}
		}
	}
	if err := WriteCycleFiles(t.TempDir(), nil); err != nil {
		t.Errorf("no counted cycle: %v", err)
	}
}

func TestFixedSourceAndAlternativesCSV(t *testing.T) {
	g, err := toporkov.NewGenerator(toporkov.DefaultConfig(), sim.NewStreams(9, 0))
	if err != nil {
		t.Fatal(err)
	}
	l, jobs, err := g.Next()
	if err != nil {
		t.Fatal(err)
	}
	src := FixedSource{List: l, Jobs: jobs}
	tally, _, err := RunExperiment(context.Background(), src, ExperimentConfig{Cycles: 2})
	if err != nil {
		t.Fatal(err)
	}
	var c Cycler
	one, err := c.RunCycle(l, jobs, ExperimentConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if tally.Cycles != 2 || tally.Counted != 2*b2i(one.Counted) || l.Len() != one.Slots {
		t.Errorf("a fixed source does not repeat its cycle: tally %+v, one cycle %+v", tally, one)
	}
	dir := t.TempDir()
	if err := WriteAlternatives(dir, l, jobs); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, "alternatives.csv"))
	if lines := strings.Count(string(data), "\n"); lines != 1+one.Alternatives[IdxALP]+one.Alternatives[IdxAMP] {
		t.Errorf("alternatives.csv has %d lines for %v alternatives", lines, one.Alternatives)
	}
	if _, _, err := (FixedSource{}).Next(); err == nil {
		t.Error("fixed source without a list")
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestUnservableAndEmptyBatches(t *testing.T) {
	nodes := []slot.Node{{Performance: 1, Price: 1}, {Performance: 1, Price: 2}}
	l, err := slot.NewList(nodes, []slot.Slot{{Node: 0, Start: 0, End: 100}, {Node: 1, Start: 0, End: 100}})
	if err != nil {
		t.Fatal(err)
	}
	big := slot.Request{Nodes: 3, Length: 10, MinPerformance: 1, MaxPrice: 5}
	var c Cycler
	// a batch where nothing fits is a cycle that does not count.
	r, err := c.RunCycle(l, []slot.Request{big}, ExperimentConfig{})
	if err != nil || r.Counted || r.Unserved != [2]int{1, 1} {
		t.Errorf("unservable batch: %+v, %v", r, err)
	}
	if r, err := c.RunCycle(l, nil, ExperimentConfig{}); err != nil || r.Counted {
		t.Errorf("empty batch: %+v, %v", r, err)
	}
}

// BenchmarkPaperExperiment runs the paper's whole experiment: 25 000
// cycles (10 replications × 2 500), ALP and AMP alternatives, both DP
// criteria, on GOMAXPROCS goroutines.
func BenchmarkPaperExperiment(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := Reproduce(context.Background(), 10, 0, ExperimentConfig{Cycles: 2500}, generators(toporkov.DefaultConfig(), 2011)); err != nil {
			b.Fatal(err)
		}
	}
}

// The Fig. 5 share counts the counted cycles whose least batch time is
// strictly lower with AMP; a tie or a cycle that does not count is not a
// gain.
func TestAMPFasterFraction(t *testing.T) {
	cycle := func(counted bool, alp, amp float64) CycleResult {
		r := CycleResult{Counted: counted, Jobs: 1}
		r.Choice[0].MinTime.Time, r.Choice[1].MinTime.Time = alp, amp
		return r
	}
	var tally Tally
	for _, r := range []CycleResult{cycle(true, 10, 8), cycle(true, 10, 10), cycle(true, 7, 9), cycle(true, 12, 3), cycle(false, 10, 1)} {
		tally.Add(r)
	}
	m := tally.Metrics()
	if got, _ := m.Get(MetricAMPFaster); got != 0.5 {
		t.Errorf("%s = %v, want 2 of 4 counted cycles", MetricAMPFaster, got)
	}
	if _, ok := ALPAMPMetricInfo(MetricAMPFaster); !ok {
		t.Errorf("%s has no description", MetricAMPFaster)
	}
}

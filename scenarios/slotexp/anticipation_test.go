package slotexp

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/policies/anticipation"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

func runANT(t *testing.T, cfg ANTConfig, seed uint64) results.Metrics {
	t.Helper()
	g, err := toporkov.NewDomainGenerator(toporkov.DefaultDomainConfig(), sim.NewStreams(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	m, err := RunANT(context.Background(), g, cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func get(t *testing.T, m results.Metrics, name string) float64 {
	t.Helper()
	v, ok := m.Get(name)
	if !ok {
		t.Fatalf("no metric %s", name)
	}
	return v
}

// TestTable1Orderings is a short version of Table 1 (12 batches): the
// orderings the paper reports, with the invariant checker on.
func TestTable1Orderings(t *testing.T) {
	cfg := ANTConfig{Experiment: ExperimentReplication, Batches: 12, Limit: 10, Check: true,
		Similarity: anticipation.Similarity{Terms: []css.Property{css.Cost, css.ProcTime}, Floor: 1}}
	m := runANT(t, cfg, 1)
	cost := func(col string) float64 { return get(t, m, col+MetricCost) }
	ua := func(col string) float64 { return get(t, m, col+MetricUtility) }
	if !(cost(ColumnLim0) < cost(ColumnReference) && cost(ColumnReference) < cost(ColumnLim100)) {
		t.Errorf("cost lim 0 %v, reference %v, lim 100 %v: not increasing", cost(ColumnLim0), cost(ColumnReference), cost(ColumnLim100))
	}
	if ua(ColumnLim0) != 0 || ua(ColumnReference) > 10+1e-9 || !(ua(ColumnLim100) > ua(ColumnReference)) {
		t.Errorf("Ua lim 0 %v, reference %v, lim 100 %v", ua(ColumnLim0), ua(ColumnReference), ua(ColumnLim100))
	}
	for _, col := range []string{ColumnLinear, ColumnGeometric} {
		// replication stays near the reference's cost, inside the
		// [lim 0, lim 100] range, and costs the users utility.
		if c := cost(col); c < cost(ColumnLim0) || c > cost(ColumnLim100) || c/cost(ColumnReference) < 0.95 || c/cost(ColumnReference) > 1.05 {
			t.Errorf("%s cost %v, reference %v", col, c, cost(ColumnReference))
		}
		if !(ua(col) > ua(ColumnReference)) {
			t.Errorf("%s Ua %v not above the reference's %v", col, ua(col), ua(ColumnReference))
		}
	}
}

// TestComparisonShort runs the three methods of section 4.2 on the same
// 6 batches of 40 nodes and checks what holds by construction: every
// method schedules in free time (checker on), and ANT's time-criterion
// jobs use less processor time than its cost-criterion jobs, which cost
// less.
func TestComparisonShort(t *testing.T) {
	sim := anticipation.Similarity{Terms: []css.Property{css.Cost, css.ProcTime, css.Start}, Distance: anticipation.Geometric, Floor: 1}
	ms := map[string]results.Metrics{}
	for _, method := range []string{MethodBF, MethodCSS, MethodANT} {
		cfg := ANTConfig{Experiment: ExperimentComparison, Method: method, Batches: 6, Limit: 10, Similarity: sim, StartFromBackfilling: true, Check: true}
		ms[method] = runANT(t, cfg, 2)
	}
	ant := ms[MethodANT]
	if !(get(t, ant, "runtime_jobs_proctime") < get(t, ant, "cost_jobs_proctime")) || !(get(t, ant, "cost_jobs_cost") < get(t, ant, "runtime_jobs_cost")) {
		t.Errorf("ANT does not follow the users' criteria: %v", ant)
	}
	if !(get(t, ms[MethodBF], MetricStart) < get(t, ms[MethodCSS], MetricStart)) {
		t.Errorf("backfilling starts later than CSS")
	}
}

func TestRunANTJobsAndErrors(t *testing.T) {
	cfg := ANTConfig{Experiment: ExperimentComparison, Method: MethodBF, Batches: 2, Limit: 10,
		Similarity: anticipation.Similarity{Terms: []css.Property{css.Cost}, Floor: 1}}
	g, _ := toporkov.NewDomainGenerator(toporkov.DefaultDomainConfig(), sim.NewStreams(3, 0))
	var buf bytes.Buffer
	if _, err := RunANT(context.Background(), g, cfg, &buf); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(buf.String(), "\n"); lines != 1+2*75 {
		t.Errorf("%d per-job lines", lines)
	}
	for _, bad := range []ANTConfig{
		{Experiment: "x", Batches: 1, Similarity: cfg.Similarity},
		{Experiment: ExperimentComparison, Method: "easy", Batches: 1, Similarity: cfg.Similarity},
		{Experiment: ExperimentReplication, Batches: 0, Similarity: cfg.Similarity},
		{Experiment: ExperimentReplication, Batches: 1, Limit: -1, Similarity: cfg.Similarity},
		{Experiment: ExperimentReplication, Batches: 1},
	} {
		if _, err := RunANT(context.Background(), g, bad, nil); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// countingContext reports itself cancelled from its (after+1)-th Err on.
type countingContext struct {
	context.Context
	asked, after int
}

func (c *countingContext) Err() error {
	c.asked++
	if c.asked > c.after {
		return context.Canceled
	}
	return nil
}

// RunANT asks its context before every batch and within a batch before
// every job's search, and stops at the first cancellation.
func TestRunANTStopsWhenCancelled(t *testing.T) {
	cfg := ANTConfig{Experiment: ExperimentReplication, Batches: 1000, Limit: 10,
		Similarity: anticipation.Similarity{Terms: []css.Property{css.Cost, css.ProcTime}, Floor: 1}}
	for _, after := range []int{0, 3, 200} {
		g, err := toporkov.NewDomainGenerator(toporkov.DefaultDomainConfig(), sim.NewStreams(1, 0))
		if err != nil {
			t.Fatal(err)
		}
		ctx := &countingContext{Context: context.Background(), after: after}
		_, err = RunANT(ctx, g, cfg, nil)
		if !errors.Is(err, sim.ErrInterrupted) || ctx.asked != after+1 {
			t.Errorf("cancelled after %d: err %v after %d questions, want a cancellation at question %d", after, err, ctx.asked, after+1)
		}
	}
}

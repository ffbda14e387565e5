package slotexp

import (
	"math"
	"testing"

	"github.com/schedsim/schedsim/policies/anticipation"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/results"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

// The Table 1 ratios are the ratios of the columns' own means, in one
// replication.
func TestTable1RatiosAreRatiosOfTheColumns(t *testing.T) {
	cfg := ANTConfig{Experiment: ExperimentReplication, Batches: 3, Limit: 10,
		Similarity: anticipation.Similarity{Terms: []css.Property{css.Cost, css.ProcTime}, Floor: 1}}
	m := runANT(t, cfg, 4)
	g := func(n string) float64 { return get(t, m, n) }
	for _, col := range []string{ColumnLim0, ColumnLinear, ColumnGeometric, ColumnLim100} {
		if want := g(col+MetricCost) / g(ColumnReference+MetricCost); !near(g(col+MetricCostRatio), want) {
			t.Errorf("%scost_ratio %v, want %v", col, g(col+MetricCostRatio), want)
		}
		if want := g(col+MetricUtility) / g(ColumnReference+MetricUtility); !near(g(col+MetricUtilityRatio), want) {
			t.Errorf("%sua_ratio %v, want %v", col, g(col+MetricUtilityRatio), want)
		}
	}
	rng := g(ColumnLim100+MetricCost) - g(ColumnLim0+MetricCost)
	for _, col := range []string{ColumnLinear, ColumnGeometric} {
		if want := 100 * (g(col+MetricCost) - g(ColumnReference+MetricCost)) / rng; !near(g(col+MetricCostDeviation), want) {
			t.Errorf("%scost_deviation %v, want %v", col, g(col+MetricCostDeviation), want)
		}
	}
	if _, ok := m.Get(ColumnReference + MetricCostRatio); ok {
		t.Error("the reference column has a ratio to itself")
	}
}

// The paper's ratios follow from Table 1: lim 0 / reference cost 1283 /
// 1349, the replications' deviation (1353 − 1349) / (1475 − 1283).
func TestTable1RatioReferences(t *testing.T) {
	ref := Table1RatioReferences()
	for name, want := range map[string]float64{
		ColumnLim0 + MetricCostRatio:          1283.0 / 1349,
		ColumnLim100 + MetricCostRatio:        1475.0 / 1349,
		ColumnLinear + MetricUtilityRatio:     17.6 / 9.9,
		ColumnGeometric + MetricCostDeviation: 100 * 4.0 / 192,
	} {
		if !near(ref[name], want) {
			t.Errorf("%s = %v, want %v", name, ref[name], want)
		}
	}
	for name := range ref {
		if _, ok := ANTMetricInfo(name); !ok {
			t.Errorf("%s has no description", name)
		}
	}
}

// The comparison's T-vs-C gaps are the relative differences of the
// per-criterion means; without both criteria there are none.
func TestCriterionGaps(t *testing.T) {
	sim := anticipation.Similarity{Terms: []css.Property{css.Cost, css.ProcTime, css.Start}, Distance: anticipation.Geometric, Floor: 1}
	cfg := ANTConfig{Experiment: ExperimentComparison, Method: MethodANT, Batches: 3, Limit: 10, Similarity: sim, StartFromBackfilling: true}
	m := runANT(t, cfg, 5)
	g := func(n string) float64 { return get(t, m, n) }
	tp, cp := g("runtime_jobs_proctime"), g("cost_jobs_proctime")
	tc, cc := g("runtime_jobs_cost"), g("cost_jobs_cost")
	if !near(g(MetricProcTimeGap), 100*(tp-cp)/cp) || !near(g(MetricCostGap), 100*(cc-tc)/tc) {
		t.Errorf("gaps %v %v from T %v/%v C %v/%v", g(MetricProcTimeGap), g(MetricCostGap), tp, tc, cp, cc)
	}
	var tally MethodTally
	if got := tally.Metrics(nil, "", []string{"runtime"}); hasMetric(got, MetricProcTimeGap) || hasMetric(got, MetricCostGap) {
		t.Errorf("gaps without the cost criterion: %v", got)
	}
	for _, name := range []string{MetricProcTimeGap, MetricCostGap} {
		if info, ok := ANTMetricInfo(name); !ok || info.Unit != unitPercent {
			t.Errorf("%s: %+v", name, info)
		}
	}
}

func hasMetric(m results.Metrics, name string) bool {
	_, ok := m.Get(name)
	return ok
}

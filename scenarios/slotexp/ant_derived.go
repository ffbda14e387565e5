package slotexp

import (
	"slices"

	"github.com/schedsim/schedsim/results"
)

// Derived metrics of the anticipation experiments: quantities the paper
// states as ratios or gaps between two of a point's own means, so that a
// claim can compare them (one replication's ratio of means is one
// sample; the CI is over replications).
//
// Table 1 (replication experiment): a column's cost as a ratio to the
// reference column's, since the price unit (price_scale) only scales
// every cost and only ratios are comparable with the paper; a column's
// Ua as a ratio to the reference's ("almost twice as much", line 144);
// a replication's cost deviation from the reference as a share of the
// [lim 0, lim 100] cost range ("only 2% deviation … against [1283;
// 1475] interval", line 144).
//
// Section 4.2 (comparison): the processor-time gap of the
// runtime-criterion (T) jobs against the cost-criterion (C) jobs ("ANT T
// jobs used 25%-33% less processor time then ANT C jobs", line 176) and
// the cost gap of the C jobs against the T jobs ("ANT C jobs execution
// cost was 10-15% less than ANT T jobs", line 184).
const (
	MetricCostRatio     = "cost_ratio"
	MetricUtilityRatio  = "ua_ratio"
	MetricCostDeviation = "cost_deviation"
	// MetricProcTimeGap is 100·(T − C)/C of the processor times of the
	// T and C jobs, in %.
	MetricProcTimeGap = "runtime_vs_cost_jobs_proctime"
	// MetricCostGap is 100·(C − T)/T of the costs of the C and T jobs,
	// in %.
	MetricCostGap = "cost_vs_runtime_jobs_cost"
)

// table1Ratios appends the Table 1 ratios: cost and Ua ratios of every
// column but the reference, cost deviations of both replications.
func (r *ANTRunner) table1Ratios(m results.Metrics) results.Metrics {
	ref, lo, hi := r.tally(ColumnReference).all, r.tally(ColumnLim0).all, r.tally(ColumnLim100).all
	refCost, refUa := mean(ref.cost, ref.jobs), mean(ref.utility, ref.jobs)
	rng := mean(hi.cost, hi.jobs) - mean(lo.cost, lo.jobs)
	for _, col := range Table1Columns() {
		if col == ColumnReference {
			continue
		}
		s := r.tally(col).all
		c := mean(s.cost, s.jobs)
		m = m.Add(col+MetricCostRatio, div(c, refCost)).Add(col+MetricUtilityRatio, div(mean(s.utility, s.jobs), refUa))
		if col == ColumnLinear || col == ColumnGeometric {
			m = m.Add(col+MetricCostDeviation, 100*div(c-refCost, rng))
		}
	}
	return m
}

// criterionGaps appends the T-vs-C gaps of a comparison method when both
// the runtime and the cost criterion are in criteria.
func (t MethodTally) criterionGaps(m results.Metrics, criteria []string) results.Metrics {
	if !slices.Contains(criteria, "runtime") || !slices.Contains(criteria, "cost") {
		return m
	}
	tj, cj := t.byCriterion[criterionIndexByName("runtime")], t.byCriterion[criterionIndexByName("cost")]
	tp, cp := mean(tj.procTime, tj.jobs), mean(cj.procTime, cj.jobs)
	tc, cc := mean(tj.cost, tj.jobs), mean(cj.cost, cj.jobs)
	return m.Add(MetricProcTimeGap, 100*div(tp-cp, cp)).Add(MetricCostGap, 100*div(cc-tc, tc))
}

// Table1RatioReferences returns the paper's values of the Table 1 ratios
// (computed from Table 1).
func Table1RatioReferences() map[string]float64 {
	t := Table1References()
	ref := map[string]float64{}
	rng := t[ColumnLim100+MetricCost] - t[ColumnLim0+MetricCost]
	for _, col := range Table1Columns() {
		if col == ColumnReference {
			continue
		}
		ref[col+MetricCostRatio] = t[col+MetricCost] / t[ColumnReference+MetricCost]
		ref[col+MetricUtilityRatio] = t[col+MetricUtility] / t[ColumnReference+MetricUtility]
		if col == ColumnLinear || col == ColumnGeometric {
			ref[col+MetricCostDeviation] = 100 * (t[col+MetricCost] - t[ColumnReference+MetricCost]) / rng
		}
	}
	return ref
}

package slots

import (
	"math"
	"slices"
)

// A floorer is a criterion whose score depends only on the nodes of the
// window, never on its start, and never rises when candidates join the
// set it picks from: LowestCost (the sum of the n cheapest candidates'
// costs) and ShortestRuntime without a budget (the n-th least runtime).
// Two lower bounds of its score follow, which let the alternatives
// search stop a sweep at its first window that reaches them (hints.floor)
// with the result of the full sweep, since a later window replaces the
// best only when it scores strictly less:
//
//   - ignoring time: the score of the best n nodes that suit the job
//     (nodeFloor);
//   - the job's previous window: free time only shrinks while windows
//     are subtracted, so each slot of a later window lies in a slot of the
//     earlier list, and the earlier sweep, at the latest start of those
//     slots, had all of them among its candidates (each long enough from
//     there), so it scored no more than the later window. Floating point
//     keeps this: both scores are sums in ascending order of costs that
//     are no greater term by term (or one of the runtimes), and rounding
//     is monotone.
type floorer interface {
	// nodeFloor returns the least score a window of n of the nodes fits
	// marks as suiting can have under the budget, using vals as scratch;
	// ok is false when the criterion gives no floor under that budget.
	nodeFloor(fits []nodeFit, n int, budget float64, vals []float64) (floor float64, scratch []float64, ok bool)
}

// Compile-time checks: the criteria whose scores depend only on nodes.
var (
	_ floorer = lowestCost{}
	_ floorer = fastest{}
)

// nodeFloor: the sum, in ascending order as Pick sums them, of the n
// least costs of the suiting nodes.
func (lowestCost) nodeFloor(fits []nodeFit, n int, budget float64, vals []float64) (float64, []float64, bool) {
	vals = sortedFits(fits, vals, func(f nodeFit) float64 { return f.cost })
	if len(vals) < n {
		return math.Inf(-1), vals, true // no window at all
	}
	sum := 0.0
	for _, v := range vals[:n] {
		sum += v
	}
	return sum, vals, true
}

// nodeFloor: the n-th least runtime of the suiting nodes, without a
// budget (with one, the picked set depends on the sums of costs in an
// order a superset can change).
func (f fastest) nodeFloor(fits []nodeFit, n int, budget float64, vals []float64) (float64, []float64, bool) {
	if f.finish || !math.IsInf(budget, 1) {
		return 0, vals, false
	}
	vals = sortedFits(fits, vals, func(f nodeFit) float64 { return f.runtime })
	if len(vals) < n {
		return math.Inf(-1), vals, true
	}
	return vals[n-1], vals, true
}

// sortedFits returns the values of the suiting nodes' fits, sorted, in
// vals' memory.
func sortedFits(fits []nodeFit, vals []float64, value func(nodeFit) float64) []float64 {
	vals = vals[:0]
	for _, f := range fits {
		if f.ok {
			vals = append(vals, value(f))
		}
	}
	slices.Sort(vals)
	return vals
}

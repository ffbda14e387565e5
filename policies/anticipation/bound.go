package anticipation

import (
	"math"
	"slices"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
)

// lowerBound returns a distance below which no window of job j on the
// nodes of l can come, whatever its start: each term's error is at
// least the reference value's distance from the range the term can take
// over every set of j.Request.Nodes nodes fast enough for the job (the
// cost and processor time between the sums of the least and the greatest
// values, the runtime between the N-th least and the greatest); start and
// finish errors count 0. Once the search has a window this near, no later
// position can beat it, so the similarity sweep stops there (see
// criterion.Finished). The bound is widened by a relative 1e-9 against
// the rounding of sums taken in another order, so it never exceeds a
// distance the criterion computes. vals is scratch; the result is 0 when
// fewer than N nodes suit the job.
func (c *criterion) lowerBound(l *slot.List, j css.Job, vals []float64) ([]float64, float64) {
	n := j.Request.Nodes
	var lo, hi [6]float64
	for _, p := range [...]css.Property{css.Cost, css.ProcTime, css.Runtime} {
		vals = vals[:0]
		for _, node := range l.Nodes {
			if node.Performance < j.Request.MinPerformance {
				continue
			}
			rt := j.Request.Runtime(node.Performance)
			v := rt
			if p == css.Cost {
				v = node.Price * rt
			}
			vals = append(vals, v)
		}
		if len(vals) < n || n <= 0 {
			return vals, 0
		}
		slices.Sort(vals)
		switch p {
		case css.Runtime:
			lo[p], hi[p] = vals[n-1], vals[len(vals)-1]
		default:
			for k := 0; k < n; k++ {
				lo[p] += vals[k]
				hi[p] += vals[len(vals)-1-k]
			}
		}
	}
	sum := 0.0
	for _, t := range c.terms {
		e := 0.0
		if t.p == css.Cost || t.p == css.ProcTime || t.p == css.Runtime {
			pad := 1e-9 * (math.Abs(lo[t.p]) + math.Abs(hi[t.p]) + 1)
			e = max(0, lo[t.p]-pad-t.ref, t.ref-hi[t.p]-pad) * t.inv
		}
		if c.sim.Distance == Geometric {
			sum += e * e
		} else {
			sum += e
		}
	}
	return vals, c.finish(sum) * (1 - 1e-9)
}

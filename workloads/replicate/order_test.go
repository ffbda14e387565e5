package replicate

import (
	"cmp"
	"math"
	"slices"
	"testing"

	"github.com/schedsim/schedsim/workloads/swf"
)

// TestSortBySubmit checks sortBySubmit against the standard library's
// stable sort on workloads with many ties, sorted, reversed and random,
// and on times of every sign and size (fractions, -0, ±Inf, NaN), which
// the radix sort must order as cmp.Compare does.
func TestSortBySubmit(t *testing.T) {
	r := rng(5)
	odd := []float64{math.NaN(), math.Inf(-1), -1e300, -3.5, -1, math.Copysign(0, -1), 0, 5e-324, 0.25, 1, 1.5, 604800, 3e7, 1e300, math.Inf(1)}
	for _, n := range []int{0, 1, 2, 7, 1000} {
		for _, shape := range []string{"random", "sorted", "reversed", "odd"} {
			recs := make([]swf.Record, n)
			for i := range recs {
				recs[i] = swf.Record{Line: i, Submit: float64(r.IntN(max(1, n/4)))}
				if shape == "odd" {
					recs[i].Submit = odd[r.IntN(len(odd))]
				}
			}
			switch shape {
			case "sorted":
				slices.SortStableFunc(recs, func(a, b swf.Record) int { return cmp.Compare(a.Submit, b.Submit) })
			case "reversed":
				slices.SortStableFunc(recs, func(a, b swf.Record) int { return cmp.Compare(b.Submit, a.Submit) })
			}
			want := slices.Clone(recs)
			slices.SortStableFunc(want, func(a, b swf.Record) int { return cmp.Compare(a.Submit, b.Submit) })
			sortBySubmit(recs)
			if !slices.Equal(lineOrder(recs), lineOrder(want)) {
				t.Errorf("%d records, %s: not the stable order", n, shape)
			}
		}
	}
}

// lineOrder returns the records' lines, which tell their order (records
// holding NaN are not ==).
func lineOrder(recs []swf.Record) []int {
	out := make([]int, len(recs))
	for i, x := range recs {
		out[i] = x.Line
	}
	return out
}

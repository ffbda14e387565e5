package replicate

import (
	"cmp"
	"slices"
	"testing"

	"github.com/schedsim/schedsim/workloads/swf"
)

// TestSortBySubmit checks sortBySubmit against the standard library's
// stable sort on workloads with many ties, sorted, reversed and random.
func TestSortBySubmit(t *testing.T) {
	r := rng(5)
	for _, n := range []int{0, 1, 2, 7, 1000} {
		for _, shape := range []string{"random", "sorted", "reversed"} {
			recs := make([]swf.Record, n)
			for i := range recs {
				recs[i] = swf.Record{Line: i, Submit: float64(r.IntN(max(1, n/4)))}
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
			if !slices.Equal(recs, want) {
				t.Errorf("%d records, %s: not the stable order", n, shape)
			}
		}
	}
}

package replicate

import (
	"cmp"
	"slices"

	"github.com/schedsim/schedsim/workloads/swf"
)

// sortBySubmit sorts records by submit time, keeping the order of ties
// (a stable sort). It sorts 16-byte keys (submit time, position) instead
// of moving the 150-byte records O(n log² n) times, then puts each record
// in its place once, following the cycles of the permutation.
func sortBySubmit(recs []swf.Record) {
	type key struct {
		t float64
		i int
	}
	keys := make([]key, len(recs))
	sorted := true
	for i := range recs {
		keys[i] = key{recs[i].Submit, i}
		sorted = sorted && (i == 0 || recs[i-1].Submit <= recs[i].Submit)
	}
	if sorted {
		return
	}
	slices.SortFunc(keys, func(a, b key) int {
		if c := cmp.Compare(a.t, b.t); c != 0 {
			return c
		}
		return cmp.Compare(a.i, b.i)
	})
	// Position j receives the record at keys[j].i; a placed position is
	// marked -1.
	for start := range keys {
		if keys[start].i < 0 || keys[start].i == start {
			continue
		}
		tmp := recs[start]
		j := start
		for {
			k := keys[j].i
			keys[j].i = -1
			if k == start {
				recs[j] = tmp
				break
			}
			recs[j] = recs[k]
			j = k
		}
	}
}

package cluster

import (
	"slices"
	"sort"
)

// selectRanks reorders a so that a[r-off] holds the value of rank r (the
// value slices.Sort would put there) for every r of ranks, which are
// increasing and within [off, off+len(a)): a quickselect that descends
// only into the parts holding a wanted rank, with three-way partitions
// for repeated values (a trace's many zero waits). The percentiles of a
// replay need six ranks of a few hundred thousand values; sorting them
// all cost more comparisons and, being unpredictable, mispredicted
// branches. a must hold no NaN.
func selectRanks(a []float64, off int, ranks []int) {
	for len(ranks) > 0 {
		if len(a) <= 32 {
			slices.Sort(a)
			return
		}
		lt, gt := partition3(a, median3(a[0], a[len(a)/2], a[len(a)-1]))
		i := sort.SearchInts(ranks, off+lt)
		j := sort.SearchInts(ranks, off+gt)
		selectRanks(a[:lt], off, ranks[:i])
		// ranks[i:j] fall among the values equal to the pivot: in place.
		a, off, ranks = a[gt:], off+gt, ranks[j:]
	}
}

// partition3 reorders a into the values < p, those == p and those > p,
// and returns the bounds of the middle part, a[lt:gt].
func partition3(a []float64, p float64) (lt, gt int) {
	lt, i, gt := 0, 0, len(a)
	for i < gt {
		switch x := a[i]; {
		case x < p:
			a[lt], a[i] = x, a[lt]
			lt++
			i++
		case x > p:
			gt--
			a[gt], a[i] = x, a[gt]
		default:
			i++
		}
	}
	return lt, gt
}

// median3 returns the median of three values.
func median3(x, y, z float64) float64 {
	if x > y {
		x, y = y, x
	}
	if y > z {
		y = z
	}
	return max(x, y)
}

package cluster

import (
	"math"
	"slices"
	"sort"
)

// chunked is a list of float64 in fixed-size blocks, to which values are
// only appended: growing it never copies, so a replay of n jobs allocates
// 8n bytes per list, not the several times more of a doubling slice. The
// ranks a percentile reads are selected in place, over the blocks
// (selectRanks, which reorders the values): a flat copy of a few MB would
// cost, in page faults on a virtual machine, more than the selection.
type chunked struct {
	blocks [][]float64
	n      int
}

const (
	chunkShift = 13
	chunkSize  = 1 << chunkShift
)

func (c *chunked) add(x float64) {
	if c.n%chunkSize == 0 {
		c.blocks = append(c.blocks, make([]float64, 0, chunkSize))
	}
	b := &c.blocks[len(c.blocks)-1]
	*b = append(*b, x)
	c.n++
}

// ref returns the place of the value at index i, in [0, n).
func (c *chunked) ref(i int) *float64 { return &c.blocks[i>>chunkShift][i&(chunkSize-1)] }

// at returns the value at index i, in [0, n).
func (c *chunked) at(i int) float64 { return *c.ref(i) }

// hasNaN tells whether a value is NaN.
func (c *chunked) hasNaN() bool {
	for _, b := range c.blocks {
		if slices.ContainsFunc(b, math.IsNaN) {
			return true
		}
	}
	return false
}

// values returns a copy of the values in one slice.
func (c *chunked) values() []float64 {
	out := make([]float64, 0, c.n)
	for _, b := range c.blocks {
		out = append(out, b...)
	}
	return out
}

// selectRanks reorders the values at indexes [lo, hi) so that the value
// at index r is the one of rank r (the value slices.Sort would put there)
// for every r of ranks, which are increasing and within [lo, hi): a
// quickselect that descends only into the parts holding a wanted rank,
// with three-way partitions for repeated values (a trace's many zero
// waits). The percentiles of a replay need six ranks of a few hundred
// thousand values; sorting them all cost more comparisons and, being
// unpredictable, mispredicted branches. The values must hold no NaN.
func (c *chunked) selectRanks(lo, hi int, ranks []int) {
	for len(ranks) > 0 {
		if hi-lo <= 32 {
			c.insertionSort(lo, hi)
			return
		}
		lt, gt := c.partition3(lo, hi, median3(c.at(lo), c.at(lo+(hi-lo)/2), c.at(hi-1)))
		i := sort.SearchInts(ranks, lt)
		j := sort.SearchInts(ranks, gt)
		c.selectRanks(lo, lt, ranks[:i])
		// ranks[i:j] fall among the values equal to the pivot: in place.
		lo, ranks = gt, ranks[j:]
	}
}

// partition3 reorders the values at [lo, hi) into those < p, those == p
// and those > p, and returns the bounds [lt, gt) of the middle part.
func (c *chunked) partition3(lo, hi int, p float64) (lt, gt int) {
	lt, i, gt := lo, lo, hi
	for i < gt {
		at := c.ref(i)
		switch x := *at; {
		case x < p:
			l := c.ref(lt)
			*l, *at = x, *l
			lt++
			i++
		case x > p:
			gt--
			g := c.ref(gt)
			*g, *at = x, *g
		default:
			i++
		}
	}
	return lt, gt
}

// insertionSort sorts the values at [lo, hi), a few.
func (c *chunked) insertionSort(lo, hi int) {
	for i := lo + 1; i < hi; i++ {
		x := c.at(i)
		j := i
		for ; j > lo && c.at(j-1) > x; j-- {
			*c.ref(j) = c.at(j - 1)
		}
		*c.ref(j) = x
	}
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

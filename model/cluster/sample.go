package cluster

import (
	"maps"
	"math"
	"slices"
)

// ExactPercentileJobs is the number of completed jobs up to which the
// percentiles of a replay are exact. Beyond it, the values move into a
// log-bucketed histogram whose percentiles are within PercentileError
// (relative) of the exact ones, so that memory stays bounded however long
// the trace. Means, maxima and counts are always exact.
const ExactPercentileJobs = 1 << 20

// PercentileError bounds the relative error of a percentile once a replay
// has completed more than ExactPercentileJobs jobs.
const PercentileError = 1e-4

// sample accumulates one per-job metric (wait, bounded slowdown) for its
// mean (compensated summation in completion order), maximum and
// percentiles. Values are ≥ 0.
type sample struct {
	exact chunked         // every value, while n ≤ limit
	hist  map[int32]int64 // bucket → count, once n > limit
	zeros int64           // values ≤ 0 in the histogram
	limit int
	n     int
	sum   float64
	comp  float64
	max   float64
}

// logStep is the log of the bucket ratio: bucket b holds the values in
// [g^b, g^(b+1)), g = (1+e)², whose geometric middle g^(b+½) is within e
// of every value of the bucket.
var logStep = 2 * math.Log1p(PercentileError)

func (s *sample) add(x float64) {
	y := x - s.comp
	t := s.sum + y
	s.comp = (t - s.sum) - y
	s.sum = t
	if s.n == 0 || x > s.max {
		s.max = x
	}
	s.n++
	if s.hist == nil && s.n > s.limit {
		s.hist = map[int32]int64{}
		for _, b := range s.exact.blocks {
			for _, v := range b {
				s.bucket(v)
			}
		}
		s.exact = chunked{}
	}
	if s.hist != nil {
		s.bucket(x)
		return
	}
	s.exact.add(x)
}

func (s *sample) bucket(x float64) {
	if x <= 0 {
		s.zeros++
		return
	}
	s.hist[int32(math.Floor(math.Log(x)/logStep))]++
}

func (s *sample) mean() float64 { return s.sum / float64(s.n) }

// quantiles returns the p-quantiles of the values (Quantile's type 7),
// exactly or, from the histogram, within PercentileError.
func (s *sample) quantiles(ps ...float64) []float64 {
	out := make([]float64, len(ps))
	if s.hist == nil {
		c := &s.exact
		if c.n == 0 || c.hasNaN() {
			vals := c.values()
			slices.Sort(vals) // NaNs first
			for i, p := range ps {
				out[i] = Quantile(vals, p)
			}
			return out
		}
		// Quantile reads the values of ranks ⌊p(n−1)⌋ and the next:
		// only those are put in place.
		ranks := make([]int, 0, 2*len(ps))
		for _, p := range ps {
			r := min(max(int(p*float64(c.n-1)), 0), c.n-1)
			ranks = append(ranks, r, min(r+1, c.n-1))
		}
		slices.Sort(ranks)
		c.selectRanks(0, c.n, slices.Compact(ranks))
		for i, p := range ps {
			out[i] = quantile(c.n, p, c.at)
		}
		return out
	}
	keys := slices.Sorted(maps.Keys(s.hist))
	// at returns the value of rank r (from 0) as its bucket's middle.
	at := func(r int64) float64 {
		if r == int64(s.n-1) {
			return s.max
		}
		if r < s.zeros {
			return 0
		}
		seen := s.zeros
		for _, k := range keys {
			seen += s.hist[k]
			if r < seen {
				return math.Exp((float64(k) + 0.5) * logStep)
			}
		}
		return s.max
	}
	for i, p := range ps {
		h := p * float64(s.n-1)
		lo := math.Floor(h)
		a := at(int64(lo))
		b := a
		if int(lo) < s.n-1 {
			b = at(int64(lo) + 1)
		}
		out[i] = a + (h-lo)*(b-a)
	}
	return out
}

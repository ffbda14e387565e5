package slots

import "math"

// dpBound prunes the partial choices of the DP that cannot be completed
// into an optimum: the best objective (in the maximised sign) a partial
// choice s after k jobs can reach is at most s.g plus the LP relaxation
// of the remaining jobs within the constraint left (lpSuffix); when that
// is below the objective of a known feasible choice (the incumbent), s
// is dropped. The DP stays exact and keeps far fewer states when the
// constraint binds.
type dpBound struct {
	on        bool
	free      bool    // the unconstrained optimum meets the limit
	sign      float64 // +1 maximise, −1 minimise
	limit     float64
	slack     float64 // added to the constraint left when bounding
	incumbent float64
	lp        *lpSuffix
}

func (b *dpBound) prunes(k int, s dpState) bool {
	if !b.on {
		return false
	}
	// a little more room than is left, so that the rounding of the
	// partial sums never prunes a state that can still reach the optimum
	// (steep hull segments magnify it).
	ub := b.sign*s.g + b.lp.value(k, b.limit-s.z+b.slack)
	return ub < b.incumbent-1e-9*(math.Abs(b.incumbent)+math.Abs(ub)+1)
}

// lpSuffix holds, for every suffix k of the jobs (k … n−1), the LP
// relaxation of the rest of the choice as a function of the constraint
// left, c: the least constrained total z0[k] with its objective g0[k],
// then the segments of the jobs' upper concave hulls, steepest first,
// as cumulative totals. value(k, c) is the best objective (maximised
// sign) any completion by jobs k … n−1 within c can reach: an upper
// bound at least as tight as the Lagrangian one.
type lpSuffix struct {
	z0, g0            []float64
	off               []int
	cumZ, cumG, slope []float64
	cur, next         []lpSegment
	// spans and the spare buffers order copies into (the previous
	// build's cumZ, cumG and slope), kept so that a build allocates
	// nothing once they have grown
	spans                    []lpSpan
	spareZ, spareG, spareSlo []float64
}

type lpSegment struct {
	dz, dg, slope float64
	job, to       int32 // the job and the item index (in the job) the segment ends at
}

func (l *lpSuffix) value(k int, c float64) float64 {
	if c < l.z0[k]-1e-9*(math.Abs(l.z0[k])+1) {
		return math.Inf(-1)
	}
	cap := c - l.z0[k]
	cz := l.cumZ[l.off[k]:l.off[k+1]]
	// segments taken whole: sort.SearchFloat64s(cz, x), without its
	// closure call per step
	x := math.Nextafter(cap, math.Inf(1))
	m, hi := 0, len(cz)
	for m < hi {
		h := int(uint(m+hi) >> 1)
		if !(cz[h] >= x) {
			m = h + 1
		} else {
			hi = h
		}
	}
	v, used := l.g0[k], 0.0
	if m > 0 {
		v += l.cumG[l.off[k]+m-1]
		used = cz[m-1]
	}
	if m < len(cz) {
		v += (cap - used) * l.slope[l.off[k]+m]
	}
	return v
}

// build fills the suffixes from the items of the n jobs (job i's at
// off[i]:off[i+1], sorted by z with the objective strictly improving).
func (l *lpSuffix) build(items []dpItem, off []int, sign float64) {
	n := len(off) - 1
	l.z0 = append(l.z0[:0], make([]float64, n+1)...)
	l.g0 = append(l.g0[:0], make([]float64, n+1)...)
	l.off = append(l.off[:0], make([]int, n+2)...)
	l.cumZ, l.cumG, l.slope = l.cumZ[:0], l.cumG[:0], l.slope[:0]
	l.cur = l.cur[:0]
	// suffixes are built from the last job back; stored from k = n
	// down, then put in order.
	spans := append(l.spans[:0], make([]lpSpan, n+1)...)
	l.spans = spans
	for k := n - 1; k >= 0; k-- {
		its := items[off[k]:off[k+1]]
		l.z0[k] = l.z0[k+1] + its[0].z
		l.g0[k] = l.g0[k+1] + sign*its[0].g
		var hull [64]int
		l.mergeJob(k, its, upperHull(its, sign, hull[:0]), sign)
		spans[k] = l.appendSuffix()
	}
	l.order(spans)
}

// lpSpan locates one suffix's segments in lpSuffix.cumZ, cumG and slope.
type lpSpan struct{ from, to int }

// upperHull returns, in h, the indices of the upper concave hull of one
// job's (constrained, sign × objective) points, sorted by constrained
// value.
func upperHull(its []dpItem, sign float64, h []int) []int {
	for p := range its {
		for len(h) >= 2 {
			a, b := its[h[len(h)-2]], its[h[len(h)-1]]
			// drop b when it lies on or below the line from a to p.
			if (sign*b.g-sign*a.g)*(its[p].z-a.z) <= (sign*its[p].g-sign*a.g)*(b.z-a.z) {
				h = h[:len(h)-1]
				continue
			}
			break
		}
		h = append(h, p)
	}
	return h
}

// mergeJob merges the segments of job k's hull h (steepest first) into
// the current suffix's segments.
func (l *lpSuffix) mergeJob(k int, its []dpItem, h []int, sign float64) {
	l.next = l.next[:0]
	ci := 0
	for q := 1; q < len(h); q++ {
		a, b := its[h[q-1]], its[h[q]]
		sg := lpSegment{dz: b.z - a.z, dg: sign * (b.g - a.g), job: int32(k), to: int32(h[q])}
		sg.slope = sg.dg / sg.dz
		for ci < len(l.cur) && l.cur[ci].slope >= sg.slope {
			l.next = append(l.next, l.cur[ci])
			ci++
		}
		l.next = append(l.next, sg)
	}
	l.next = append(l.next, l.cur[ci:]...)
	l.cur, l.next = l.next, l.cur
}

// appendSuffix stores the cumulative sums of the current suffix's
// segments and returns where they are.
func (l *lpSuffix) appendSuffix() lpSpan {
	from := len(l.cumZ)
	z, g := 0.0, 0.0
	for _, sg := range l.cur {
		z += sg.dz
		g += sg.dg
		l.cumZ = append(l.cumZ, z)
		l.cumG = append(l.cumG, g)
		l.slope = append(l.slope, sg.slope)
	}
	return lpSpan{from, len(l.cumZ)}
}

// order copies the suffixes into job order: value reads suffix k at
// off[k]:off[k+1].
func (l *lpSuffix) order(spans []lpSpan) {
	n := len(spans) - 1
	cz, cg, sl := l.spareZ[:0], l.spareG[:0], l.spareSlo[:0]
	for k := 0; k <= n; k++ {
		l.off[k] = len(cz)
		cz = append(cz, l.cumZ[spans[k].from:spans[k].to]...)
		cg = append(cg, l.cumG[spans[k].from:spans[k].to]...)
		sl = append(sl, l.slope[spans[k].from:spans[k].to]...)
	}
	l.off[n+1] = len(cz)
	l.spareZ, l.spareG, l.spareSlo = l.cumZ, l.cumG, l.slope
	l.cumZ, l.cumG, l.slope = cz, cg, sl
}

// newBound prepares the bound of a solve on the n jobs whose items are
// at off[i]:off[i+1]. When the best alternative of every job meets the
// limit, free is set (that choice is the optimum).
func (w *DP) newBound(off []int, maximize bool, limit float64) dpBound {
	b := dpBound{sign: -1, limit: limit, slack: 1e-9 * (math.Abs(limit) + 1)}
	if maximize {
		b.sign = 1
	}
	n := len(off) - 1
	if n == 0 {
		return b
	}
	z := 0.0
	for i := 0; i < n; i++ { // in job order, as the DP sums
		its := w.items[off[i]:off[i+1]]
		best := 0
		for k := range its {
			if b.sign*its[k].g > b.sign*its[best].g {
				best = k
			}
		}
		z += its[best].z
	}
	if z <= limit {
		b.free = true
		return b
	}
	w.lp.build(w.items, off, b.sign)
	b.lp = &w.lp
	b.incumbent, b.on = w.roundLP(off, b.sign, limit)
	return b
}

// roundLP returns the objective (maximised sign) of a feasible choice
// near the LP optimum: every job at its least constrained alternative,
// then the hull segments of all jobs, steepest first, taken whole while
// they fit (a job's segments in order), then, job by job, the best
// alternative that fits in what is left. Run after lp.build, whose
// segments of the whole batch it reads.
func (w *DP) roundLP(off []int, sign, limit float64) (float64, bool) {
	n := len(off) - 1
	at := append(w.at[:0], make([]int32, n)...)
	z, g := 0.0, 0.0
	for i := 0; i < n; i++ {
		z += w.items[off[i]].z
		g += sign * w.items[off[i]].g
	}
	if !(z <= limit) {
		return 0, false
	}
	blocked := append(w.blocked[:0], make([]bool, n)...)
	for _, sg := range w.lp.cur {
		if blocked[sg.job] {
			continue
		}
		if !(z+sg.dz <= limit) {
			blocked[sg.job] = true
			continue
		}
		z += sg.dz
		g += sg.dg
		at[sg.job] = sg.to
	}
	for improved := true; improved; {
		improved = false
		for i := 0; i < n; i++ {
			its := w.items[off[i]:off[i+1]]
			cur := its[at[i]]
			best, bestK := 0.0, -1
			for k, it := range its {
				if d := sign * (it.g - cur.g); d > best && z-cur.z+it.z <= limit {
					best, bestK = d, k
				}
			}
			if bestK >= 0 {
				z += its[bestK].z - cur.z
				g += best
				at[i] = int32(bestK)
				improved = true
			}
		}
	}
	w.at, w.blocked = at, blocked
	// the DP sums in job order: the incumbent must be feasible that way.
	z, g = 0, 0
	for i := 0; i < n; i++ {
		it := w.items[off[i]+int(at[i])]
		z += it.z
		g += sign * it.g
	}
	return g, z <= limit
}

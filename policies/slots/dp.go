package slots

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/schedsim/schedsim/model/slot"
)

// Alt is what the batch choice needs from one alternative: its time
// t_i(s_i) (the window's usage time, the runtime on its slowest node) and
// its cost c_i(s_i).
type Alt struct {
	Time float64
	Cost float64
}

// AltsOf returns the (time, cost) of every window, per job.
func AltsOf(ws [][]slot.Window) [][]Alt {
	out := make([][]Alt, len(ws))
	for i, jw := range ws {
		out[i] = make([]Alt, len(jw))
		for k, w := range jw {
			out[i][k] = Alt{Time: w.Time(), Cost: w.Cost}
		}
	}
	return out
}

// Measure names one of the two additive measures of a batch choice.
type Measure int

const (
	// Time is T(s) = Σ t_i(s_i).
	Time Measure = iota
	// Cost is C(s) = Σ c_i(s_i).
	Cost
)

func (m Measure) of(a Alt) float64 {
	if m == Cost {
		return a.Cost
	}
	return a.Time
}

// String returns "time" or "cost".
func (m Measure) String() string {
	if m == Cost {
		return "cost"
	}
	return "time"
}

// Choice is one alternative per job and its totals.
type Choice struct {
	// Index[i] is the chosen alternative of job i.
	Index []int
	// Time is the total time Σ t_i.
	Time float64
	// Cost is the total cost Σ c_i.
	Cost float64
}

// ErrBadAlternative is wrapped by the errors of Optimize for negative,
// infinite or NaN times or costs.
var ErrBadAlternative = errors.New("invalid alternative")

// Optimize solves the paper's functional equation (1): it chooses one
// alternative per job so that the objective measure is minimal (or
// maximal) while the constrained measure's total stays ≤ limit. ok is
// false when some job has no alternative or no choice meets the limit.
//
// It runs the dynamic programme forward over the jobs and keeps, after
// each job, only the Pareto-optimal partial sums (no other partial choice
// has a total constrained measure ≤ and an objective at least as good).
// This is exact for real-valued times and costs; the paper's backward run
// over integer budget or time values gives the same optimum when those
// values are integers. Totals are summed in job order, so a brute-force
// enumeration that sums the same way finds exactly the same optimum. On
// ties of the objective the choice with the smallest constrained total is
// returned.
func Optimize(alts [][]Alt, objective Measure, maximize bool, constraint Measure, limit float64) (Choice, bool, error) {
	var w DP
	return w.Optimize(alts, objective, maximize, constraint, limit)
}

// Pair is one alternative of a job as the general DP sees it: its value
// of the constrained measure (≥ 0) and of the objective.
type Pair struct {
	Constrained, Objective float64
}

// dpItem is one alternative of a job in the DP: constrained value,
// objective value, index.
type dpItem struct {
	z, g float64
	k    int32
}

// dpState is a partial choice: its totals and how it was reached.
type dpState struct {
	z, g   float64 // constrained total, objective total
	parent int32   // index in the previous stage
	alt    int32   // alternative of this stage's job
}

// DP solves batch choices and keeps its buffers between solves, so that a
// long experiment allocates little. It is not safe for concurrent use;
// its zero value is ready.
type DP struct {
	items   []dpItem
	states  []dpState
	heads   []dpHead
	rest    []float64
	at      []int32
	blocked []bool
	lp      lpSuffix
	// noBound switches the bounds off (tests compare both ways).
	noBound bool
	off     []int
	index   []int
}

// dpHead is the next state of one shifted list in the merge of a stage:
// previous state si plus alternative item.
type dpHead struct {
	z, g          float64
	item, si, alt int32
}

// headLess orders heads as the states they stand for: by constrained
// total, better objective, previous state, alternative.
func headLess(a, b *dpHead, maximize bool) bool {
	switch {
	case a.z != b.z:
		return a.z < b.z
	case a.g != b.g:
		return a.g > b.g == maximize
	case a.si != b.si:
		return a.si < b.si
	}
	return a.alt < b.alt
}

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
	m := sort.SearchFloat64s(cz, math.Nextafter(cap, math.Inf(1))) // segments taken whole
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
	// down, then the offsets are turned around.
	type span struct{ from, to int }
	spans := make([]span, n+1)
	spans[n] = span{0, 0}
	for k := n - 1; k >= 0; k-- {
		its := items[off[k]:off[k+1]]
		l.z0[k] = l.z0[k+1] + its[0].z
		l.g0[k] = l.g0[k+1] + sign*its[0].g
		// the upper concave hull of the job's points.
		var hull [64]int
		h := hull[:0]
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
		// merge the job's segments (steepest first) into the suffix's.
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
		from := len(l.cumZ)
		z, g := 0.0, 0.0
		for _, sg := range l.cur {
			z += sg.dz
			g += sg.dg
			l.cumZ = append(l.cumZ, z)
			l.cumG = append(l.cumG, g)
			l.slope = append(l.slope, sg.slope)
		}
		spans[k] = span{from, len(l.cumZ)}
	}
	// value reads suffix k at off[k]:off[k+1]; suffixes are not stored
	// in order, so copy them into order.
	cz, cg, sl := make([]float64, 0, len(l.cumZ)), make([]float64, 0, len(l.cumG)), make([]float64, 0, len(l.slope))
	for k := 0; k <= n; k++ {
		l.off[k] = len(cz)
		cz = append(cz, l.cumZ[spans[k].from:spans[k].to]...)
		cg = append(cg, l.cumG[spans[k].from:spans[k].to]...)
		sl = append(sl, l.slope[spans[k].from:spans[k].to]...)
	}
	l.off[n+1] = len(cz)
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

// siftDown restores the heap order below k.
func siftDown(h []dpHead, k int, maximize bool) {
	for {
		c := 2*k + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && headLess(&h[c+1], &h[c], maximize) {
			c++
		}
		if !headLess(&h[c], &h[k], maximize) {
			return
		}
		h[k], h[c] = h[c], h[k]
		k = c
	}
}

// Optimize is the function Optimize on w's buffers.
func (w *DP) Optimize(alts [][]Alt, objective Measure, maximize bool, constraint Measure, limit float64) (Choice, bool, error) {
	for i, ja := range alts {
		for k, a := range ja {
			if !(a.Time >= 0 && a.Cost >= 0) || math.IsInf(a.Time, 0) || math.IsInf(a.Cost, 0) {
				return Choice{}, false, fmt.Errorf("%w: job %d alternative %d: time %v, cost %v", ErrBadAlternative, i, k, a.Time, a.Cost)
			}
		}
	}
	if math.IsNaN(limit) {
		return Choice{}, false, fmt.Errorf("%w: limit is NaN", ErrBadAlternative)
	}
	w.items = w.items[:0]
	w.off = w.off[:0]
	for _, ja := range alts {
		w.off = append(w.off, len(w.items))
		for k, a := range ja {
			w.items = append(w.items, dpItem{z: constraint.of(a), g: objective.of(a), k: int32(k)})
		}
	}
	w.off = append(w.off, len(w.items))
	if !w.solve(len(alts), maximize, limit) {
		return Choice{}, false, nil
	}
	ch := Choice{Index: append([]int(nil), w.index...)}
	for i, k := range ch.Index {
		ch.Time += alts[i][k].Time
		ch.Cost += alts[i][k].Cost
	}
	return ch, true, nil
}

// Solve chooses one pair per job (pairs[i] are the alternatives of job i)
// so that the total objective is minimal, or maximal with maximize, while
// the total of the constrained values stays ≤ limit: the functional
// equation (1) with any additive criterion and constraint. It returns the
// chosen index per job, valid until the next call on w; ok is false when
// some job has no pair or no choice meets the limit. Values must be
// finite and constrained values ≥ 0 (ErrBadAlternative otherwise). Ties
// are broken as in Optimize.
func (w *DP) Solve(pairs [][]Pair, maximize bool, limit float64) ([]int, bool, error) {
	for i, jp := range pairs {
		for k, p := range jp {
			if !(p.Constrained >= 0) || math.IsInf(p.Constrained, 0) || math.IsNaN(p.Objective) || math.IsInf(p.Objective, 0) {
				return nil, false, fmt.Errorf("%w: job %d alternative %d: constrained %v, objective %v", ErrBadAlternative, i, k, p.Constrained, p.Objective)
			}
		}
	}
	if math.IsNaN(limit) {
		return nil, false, fmt.Errorf("%w: limit is NaN", ErrBadAlternative)
	}
	w.items = w.items[:0]
	w.off = w.off[:0]
	for _, jp := range pairs {
		w.off = append(w.off, len(w.items))
		for k, p := range jp {
			w.items = append(w.items, dpItem{z: p.Constrained, g: p.Objective, k: int32(k)})
		}
	}
	w.off = append(w.off, len(w.items))
	if !w.solve(len(pairs), maximize, limit) {
		return nil, false, nil
	}
	return w.index, true, nil
}

// solve runs the DP on the n jobs whose alternatives are
// w.items[w.off[i]:w.off[i+1]] and leaves the optimal choice in w.index.
func (w *DP) solve(n int, maximize bool, limit float64) bool {
	w.index = w.index[:0]
	if n == 0 {
		return true
	}
	better := func(a, b float64) bool {
		if maximize {
			return a > b
		}
		return a < b
	}
	// order sorts by constrained value, then better objective, then the
	// given tie-break keys.
	order := func(az, ag float64, ak1, ak2 int32, bz, bg float64, bk1, bk2 int32) int {
		switch {
		case az != bz:
			return cmp.Compare(az, bz)
		case ag != bg:
			if better(ag, bg) {
				return -1
			}
			return 1
		case ak1 != bk1:
			return cmp.Compare(ak1, bk1)
		}
		return cmp.Compare(ak2, bk2)
	}
	// Within one job, an alternative dominated by another of the same job
	// (constrained value ≥, objective no better) can be dropped: swapping
	// it for the dominating one never hurts a choice. Job i's kept
	// alternatives end up at itemOff[i]:itemOff[i+1].
	itemOff := w.off
	kept := 0
	for i := 0; i < n; i++ {
		its := w.items[itemOff[i]:itemOff[i+1]]
		itemOff[i] = kept
		slices.SortFunc(its, func(a, b dpItem) int { return order(a.z, a.g, a.k, 0, b.z, b.g, b.k, 0) })
		last := -1
		for _, it := range its {
			if last < 0 || better(it.g, w.items[last].g) {
				w.items[kept] = it
				last = kept
				kept++
			}
		}
	}
	itemOff[n] = kept
	w.items = w.items[:kept]
	for i := 0; i < n; i++ {
		if itemOff[i] == itemOff[i+1] {
			return false // a job without alternatives
		}
	}
	var bound dpBound
	if !w.noBound {
		bound = w.newBound(itemOff[:n+1], maximize, limit)
	}
	if bound.free {
		// the best alternative of every job meets the limit: that is the
		// optimum (the least constrained value, then the first, on ties).
		w.index = append(w.index, make([]int, n)...)
		for i := 0; i < n; i++ {
			ja := w.items[itemOff[i]:itemOff[i+1]]
			k := 0
			for j := range ja {
				if better(ja[j].g, ja[k].g) {
					k = j
				}
			}
			w.index[i] = int(ja[k].k)
		}
		w.off = itemOff[:n+1]
		return true
	}
	// Forward over the jobs; stage i's states are w.states[stageOff[i]:
	// stageOff[i+1]], stage 0 the empty choice.
	stageOff := itemOff[n+1:]
	w.states = append(w.states[:0], dpState{parent: -1, alt: -1})
	stageOff = append(stageOff, 0, 1)
	for i := 0; i < n; i++ {
		curFrom, curTo := stageOff[i], stageOff[i+1]
		ja := w.items[itemOff[i]:itemOff[i+1]]
		// The previous states are sorted by constrained total, and adding
		// one alternative to all of them keeps that order: merge the
		// len(ja) shifted lists through a heap of their heads (in the
		// order of the sort this replaces), keeping the Pareto front.
		size := int32(curTo - curFrom)
		prev := w.states[curFrom:curTo]
		hs := w.heads[:0]
		for a, it := range ja {
			if z := prev[0].z + it.z; z <= limit { // else the whole list breaks the limit
				hs = append(hs, dpHead{z: z, g: prev[0].g + it.g, item: int32(a), alt: it.k})
			}
		}
		for k := len(hs)/2 - 1; k >= 0; k-- {
			siftDown(hs, k, maximize)
		}
		for len(hs) > 0 {
			h := &hs[0]
			st := dpState{z: h.z, g: h.g, parent: h.si, alt: h.alt}
			if last := len(w.states) - 1; (last < curTo || better(st.g, w.states[last].g)) && !bound.prunes(i+1, st) {
				w.states = append(w.states, st)
			}
			h.si++
			it := ja[h.item]
			// the head's next states improve along prev; those no better
			// than the last state kept would be dropped when popped (the
			// last state only improves): skip them in one search.
			if last := len(w.states) - 1; last >= curTo && h.si < size && !better(prev[h.si].g+it.g, w.states[last].g) {
				lg := w.states[last].g
				lo, hi := h.si+1, size
				for lo < hi {
					m := int32(uint32(lo+hi) >> 1)
					if better(prev[m].g+it.g, lg) {
						hi = m
					} else {
						lo = m + 1
					}
				}
				h.si = lo
			}
			if h.si < size {
				h.z, h.g = prev[h.si].z+it.z, prev[h.si].g+it.g
			}
			if h.si >= size || !(h.z <= limit) {
				hs[0] = hs[len(hs)-1]
				hs = hs[:len(hs)-1]
			}
			if len(hs) > 0 {
				siftDown(hs, 0, maximize)
			}
		}
		w.heads = hs[:0]
		if len(w.states) == curTo {
			return false
		}
		stageOff = append(stageOff, len(w.states))
	}
	w.off = itemOff[:n+1] // stageOff may have grown into a new array; keep the buffer
	w.index = append(w.index, make([]int, n)...)
	si := stageOff[n+1] - 1 - stageOff[n] // the best final state
	for i := n - 1; i >= 0; i-- {
		st := w.states[stageOff[i+1]+si]
		w.index[i] = int(st.alt)
		si = int(st.parent)
	}
	return true
}

// MinTime returns the choice of least total time whose total cost is
// ≤ budget (the VO administrator's criterion with the limit B*).
func MinTime(alts [][]Alt, budget float64) (Choice, bool, error) {
	return Optimize(alts, Time, false, Cost, budget)
}

// MinCost returns the choice of least total cost whose total time is
// ≤ limit (the users' criterion with the limit T*).
func MinCost(alts [][]Alt, limit float64) (Choice, bool, error) {
	return Optimize(alts, Cost, false, Time, limit)
}

// Rounding selects how formula (2) rounds.
type Rounding string

const (
	// RoundMeanFloor (the default) takes the floor of each job's mean
	// alternative time: T* = Σ_i ⌊Σ_s t_i(s)/l_i⌋. Formula (2) puts the
	// floor on every term t_i(s)/l_i; read literally, a job with many
	// alternatives (l_i above its times, common with AMP's 34 per job)
	// would contribute almost nothing, making T* infeasible. The floor of
	// the mean is read as the intent: T* balances at the jobs' average
	// times.
	RoundMeanFloor Rounding = "mean-floor"
	// RoundTermFloor is the literal formula (2): Σ_i Σ_s ⌊t_i(s)/l_i⌋.
	RoundTermFloor Rounding = "term-floor"
	// RoundNone drops the floor: T* = Σ_i mean_s t_i(s).
	RoundNone Rounding = "none"
)

// Valid reports whether r names a rounding ("" counts as the default).
func (r Rounding) Valid() bool {
	switch r {
	case "", RoundMeanFloor, RoundTermFloor, RoundNone:
		return true
	}
	return false
}

// TimeLimit returns T* of formula (2): the sum over jobs of their mean
// alternative time, rounded as r says. Jobs without alternatives add 0.
func TimeLimit(alts [][]Alt, r Rounding) float64 {
	total := 0.0
	for _, ja := range alts {
		if len(ja) == 0 {
			continue
		}
		l := float64(len(ja))
		switch r {
		case RoundTermFloor:
			for _, a := range ja {
				total += math.Floor(a.Time / l)
			}
		case RoundNone:
			s := 0.0
			for _, a := range ja {
				s += a.Time
			}
			total += s / l
		default:
			s := 0.0
			for _, a := range ja {
				s += a.Time
			}
			total += math.Floor(s / l)
		}
	}
	return total
}

// BudgetLimit returns B* of formula (3): the owners' largest income, the
// maximal total cost of a choice whose total time is ≤ tstar. ok is false
// when no choice meets tstar.
func BudgetLimit(alts [][]Alt, tstar float64) (float64, bool, error) {
	ch, ok, err := Optimize(alts, Cost, true, Time, tstar)
	return ch.Cost, ok, err
}

// BatchChoice is the outcome of both DP criteria for one batch.
type BatchChoice struct {
	// TStar is the time limit T* of formula (2) actually used.
	TStar float64
	// TStarRaised is true when T* from formula (2) was below the least
	// achievable total time (possible only through its rounding) and was
	// raised to that least total, the tightest feasible limit.
	TStarRaised bool
	// BStar is the VO budget B* of formula (3) under TStar.
	BStar float64
	// MinTime is the choice of least total time with total cost ≤ B*.
	MinTime Choice
	// MinCost is the choice of least total cost with total time ≤ T*.
	MinCost Choice
}

// ChooseBatch computes T*, B* and both optimal choices for a batch. ok is
// false when some job has no alternative.
//
// Note that B* is the largest cost of any choice within T*, and the
// least-time choice is within T* whenever T* is feasible, so B* never
// excludes it: minimising time under B* gives the least total time, the
// cheapest such choice on ties.
func ChooseBatch(alts [][]Alt, r Rounding) (BatchChoice, bool, error) {
	var w DP
	return w.ChooseBatch(alts, r)
}

// ChooseBatch is the function ChooseBatch on w's buffers.
func (w *DP) ChooseBatch(alts [][]Alt, r Rounding) (BatchChoice, bool, error) {
	for _, ja := range alts {
		if len(ja) == 0 {
			return BatchChoice{}, false, nil
		}
	}
	var bc BatchChoice
	bc.TStar = TimeLimit(alts, r)
	fastestCh, ok, err := w.Optimize(alts, Time, false, Time, math.Inf(1))
	if err != nil || !ok {
		return BatchChoice{}, false, err
	}
	if bc.TStar < fastestCh.Time {
		bc.TStar, bc.TStarRaised = fastestCh.Time, true
	}
	// B* (3): the largest total cost within T*.
	richest, ok, err := w.Optimize(alts, Cost, true, Time, bc.TStar)
	if err != nil || !ok {
		return BatchChoice{}, false, err
	}
	bc.BStar = richest.Cost
	if bc.MinTime, ok, err = w.Optimize(alts, Time, false, Cost, bc.BStar); err != nil || !ok {
		return BatchChoice{}, false, err
	}
	if bc.MinCost, ok, err = w.Optimize(alts, Cost, false, Time, bc.TStar); err != nil || !ok {
		return BatchChoice{}, false, err
	}
	return bc, true, nil
}

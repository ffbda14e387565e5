package anticipation

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/policies/slots"
)

// Distance says how the relative errors of a candidate window against
// the reference add up.
type Distance int

const (
	// Linear is D_l = E_1 + E_2 + …
	Linear Distance = iota
	// Geometric is D_g = sqrt(E_1² + E_2² + …).
	Geometric
)

// String returns "linear" or "geometric".
func (d Distance) String() string {
	if d == Geometric {
		return "geometric"
	}
	return "linear"
}

// ParseDistance returns the distance named "linear" or "geometric".
func ParseDistance(name string) (Distance, error) {
	switch name {
	case "linear":
		return Linear, nil
	case "geometric":
		return Geometric, nil
	}
	return 0, fmt.Errorf("anticipation: unknown distance %q (want linear or geometric)", name)
}

// Similarity is the execution-similarity criterion of the replication:
// which properties are compared, how their errors add up, and the least
// denominator of a relative error.
type Similarity struct {
	// Terms are the compared properties: any of css.Start, css.Finish,
	// css.Runtime, css.ProcTime, css.Cost. The paper's section 4.1 uses
	// Cost and ProcTime; section 4.2 adds Start.
	Terms []css.Property
	// Distance adds the errors up (Linear or Geometric).
	Distance Distance
	// Floor is the least denominator of a relative error
	// E = |ref − can| / max(|ref|, Floor), so that a reference value of
	// 0 (a start at the beginning of the interval) does not divide by
	// zero. The paper divides by the reference value; Floor 1 (one time
	// quantum) is the default of the experiments.
	Floor float64
	// AtReferenceStart makes the search also consider a window at the
	// reference's own start (or the start given to Scheduler.Schedule),
	// not only at the slot starts the paper's AEP scans: a reference
	// window still free on the list is then found exactly, even when
	// windows reserved before cut the slot that began there.
	AtReferenceStart bool
}

// Validate checks the terms, the distance and the floor.
func (s Similarity) Validate() error {
	if len(s.Terms) == 0 {
		return fmt.Errorf("anticipation: similarity needs at least one term")
	}
	for _, t := range s.Terms {
		switch t {
		case css.Start, css.Finish, css.Runtime, css.ProcTime, css.Cost:
		default:
			return fmt.Errorf("anticipation: %v cannot be a similarity term (want start, finish, runtime, proctime or cost)", t)
		}
	}
	if s.Distance != Linear && s.Distance != Geometric {
		return fmt.Errorf("anticipation: unknown distance %d", int(s.Distance))
	}
	if !(s.Floor > 0) || math.IsInf(s.Floor, 0) {
		return fmt.Errorf("anticipation: floor must be a finite number > 0 (got %v)", s.Floor)
	}
	return nil
}

// Of returns the distance between a window with the property values of
// can and the reference ref.
func (s Similarity) Of(can, ref css.Alternative) float64 {
	var v [6]float64
	for _, t := range s.Terms {
		v[t] = can.Value(t)
	}
	return s.of(&v, &ref)
}

func (s Similarity) of(v *[6]float64, ref *css.Alternative) float64 {
	d := 0.0
	for _, t := range s.Terms {
		r := ref.Value(t)
		e := math.Abs(r-v[t]) / math.Max(math.Abs(r), s.Floor)
		if s.Distance == Geometric {
			d += e * e
		} else {
			d += e
		}
	}
	if s.Distance == Geometric {
		return math.Sqrt(d)
	}
	return d
}

// criterion is the AEP criterion of the replication: at every scan
// position the window of least distance to the reference. Any N of the
// candidates form a window; it compares the windows of N candidates that
// are consecutive in cost order (cost and processor time move together
// along it) and, at the reference's own start, the reference's own
// nodes when they are all candidates there, so that a reference free on
// the list is found exactly.
//
// A criterion serves one search (one job): it remembers the best
// distance it returned, which lets it skip what cannot win. Without a
// start or finish term the distance of a window does not depend on where
// it starts, so it compares only the blocks the scan says are fresh
// (slots.IncrementalCriterion: those with a candidate that joined since
// the last pick, or across a gap that expired ones left); the others
// were compared before, and on ties the earlier window is kept anyway;
// with a start term, a position whose start error alone reaches the best
// distance is skipped.
type criterion struct {
	sim      Similarity
	ref      css.Alternative
	refNodes []int
	terms    []term
	needMax  bool // a term needs a window's longest runtime
	cumC     []float64
	cumT     []float64
	hasStart bool    // a term is the start
	byStart  bool    // a term depends on the start (start, finish)
	startInv float64 // 1 / denominator of the start error
	startErr float64 // the start error of the current Pick's start
	best     float64
	bound    float64 // no window is nearer than this (see lowerBound)
	seed     float64 // a distance known to be reachable (see warm)
	warmFrom float64 // with warm: compare only from here, warmPicks positions
	warm     bool
	picks    int
	last     float64 // the start of the last Pick that got past the warm-up check
	pos      []int
	full     bool // compare every window at every call (for tests)
}

// Compile-time checks: the replication's criterion is an AEP criterion
// that tells the scan when it is done.
var (
	_ slots.BlockCriterion = (*criterion)(nil)
	_ slots.Finisher       = (*criterion)(nil)
)

// term is one distance term: the property, its reference value and the
// inverse of its denominator.
type term struct {
	p        css.Property
	ref, inv float64
}

func newCriterion(sim Similarity, ref css.Alternative) *criterion {
	return new(criterion).reset(sim, ref)
}

// reset makes c a fresh criterion for sim and ref that reuses c's
// buffers, and returns c.
func (c *criterion) reset(sim Similarity, ref css.Alternative) *criterion {
	*c = criterion{sim: sim, ref: ref, best: math.Inf(1), seed: math.Inf(1), last: math.Inf(-1),
		refNodes: c.refNodes[:0], terms: c.terms[:0], cumC: c.cumC[:0], cumT: c.cumT[:0], pos: c.pos[:0]}
	for _, s := range ref.Window.Slots {
		c.refNodes = append(c.refNodes, s.Node)
	}
	for _, t := range sim.Terms {
		r := ref.Value(t)
		inv := 1 / math.Max(math.Abs(r), sim.Floor)
		c.terms = append(c.terms, term{p: t, ref: r, inv: inv})
		if t == css.Start {
			c.hasStart, c.startInv = true, inv
		}
		c.byStart = c.byStart || t == css.Start || t == css.Finish
		c.needMax = c.needMax || t == css.Runtime || t == css.Finish
	}
	return c
}

func (c *criterion) Name() string      { return "similarity" }
func (c *criterion) StopAtFirst() bool { return false }

// warmPicks is how many positions from the reference start the warm-up
// search compares.
const warmPicks = 8

// dist returns the distance of a window with the given values.
func (c *criterion) dist(v *[6]float64) float64 { return c.finish(c.sum(v)) }

// sum returns the sum of the errors (geometric: of their squares). The
// start's error is c.startErr, set by Pick for v[css.Start].
func (c *criterion) sum(v *[6]float64) float64 {
	d := 0.0
	geometric := c.sim.Distance == Geometric
	for _, t := range c.terms {
		e := c.startErr
		if t.p != css.Start {
			e = math.Abs(t.ref-v[t.p]) * t.inv
		}
		if geometric {
			d += e * e
		} else {
			d += e
		}
	}
	return d
}

// finish turns a sum into the distance (geometric: its square root).
func (c *criterion) finish(sum float64) float64 {
	if c.sim.Distance == Geometric {
		return math.Sqrt(sum)
	}
	return sum
}

// UsesFresh: without a start or finish term a block compared before
// cannot win (see PickFresh).
func (c *criterion) UsesFresh() bool { return !c.byStart && !c.full }

// WholeStart: at the reference start a pick also compares the window on
// the reference's own nodes, wherever they are among the candidates.
func (c *criterion) WholeStart() float64 { return c.ref.Start }

// Pick compares every window at start (see PickFresh).
func (c *criterion) Pick(start float64, n int, budget float64, cands []slots.Candidate, buf []int) (float64, []int, bool) {
	return c.PickFresh(start, n, budget, cands, buf, nil)
}

// PickFresh returns the window at start nearest to the reference. When
// the distance does not depend on the start, only the blocks the scan
// says are fresh are compared.
func (c *criterion) PickFresh(start float64, n int, budget float64, cands []slots.Candidate, buf []int, fresh []int) (float64, []int, bool) {
	if len(cands) < n {
		return 0, nil, false
	}
	// without a start or finish term, a block compared at an earlier
	// pick (the same candidates, consecutive then too) cannot win: only
	// the fresh blocks are compared.
	if !c.UsesFresh() {
		fresh = nil
	}
	if c.warm {
		if start < c.warmFrom || c.picks >= warmPicks {
			return 0, nil, false
		}
		c.picks++
	}
	c.last = start
	if c.hasStart && !c.full {
		// the start error alone is no better than a window found before
		// (or, strictly, than one known to exist later).
		if es := math.Abs(start-c.ref.Start) * c.startInv; es >= c.best || es > c.seed {
			return 0, nil, false
		}
	}
	near := nearest{best: math.Inf(1), sum: math.Inf(1), at: -1}
	var v [6]float64
	v[css.Start] = start
	c.startErr = math.Abs(c.ref.Start-start) * c.startInv
	// With a start term all blocks are compared at every position: sum
	// them from prefix sums. Otherwise sum each block afresh, so that one
	// set of slots gets the same totals wherever it is compared (the
	// shortcut above relies on it).
	prefix := c.byStart && len(cands)-n > 2*n
	if prefix {
		c.cumC = append(c.cumC[:0], 0)
		c.cumT = append(c.cumT[:0], 0)
		for i := range cands {
			c.cumC = append(c.cumC, c.cumC[len(c.cumC)-1]+cands[i].Cost)
			c.cumT = append(c.cumT, c.cumT[len(c.cumT)-1]+cands[i].Runtime)
		}
	}
	for b := 0; b < len(cands)-n+1; b++ {
		j := b
		if fresh != nil {
			if b >= len(fresh) {
				break
			}
			j = fresh[b]
		}
		var cost, proc float64
		if prefix {
			cost, proc = c.cumC[j+n]-c.cumC[j], c.cumT[j+n]-c.cumT[j]
		} else {
			// (indexed: a range over the values would copy each
			// candidate)
			for i := j; i < j+n; i++ {
				cost += cands[i].Cost
				proc += cands[i].Runtime
			}
		}
		if !(cost <= budget) {
			continue
		}
		v[css.Cost], v[css.ProcTime] = cost, proc
		if c.needMax {
			longest := 0.0
			for i := j; i < j+n; i++ {
				if rt := cands[i].Runtime; rt > longest {
					longest = rt
				}
			}
			v[css.Runtime], v[css.Finish] = longest, start+longest
		}
		near.offer(c, c.sum(&v), j)
	}
	best, at := near.best, near.at
	atRef := false
	if start == c.ref.Start && len(c.refNodes) == n {
		if d, ok := c.refWindow(start, budget, cands, &v); ok && d < best {
			best, atRef = d, true
		}
	}
	// a window no nearer than one returned before is not kept by the
	// scan (on ties the earlier is): say there is none, and spare the
	// indices.
	if math.IsInf(best, 1) || !c.full && !(best < c.best) {
		return 0, nil, false
	}
	buf = buf[:0]
	if atRef {
		buf = append(buf, c.pos...)
	} else {
		for i := at; i < at+n; i++ {
			buf = append(buf, i)
		}
	}
	c.best = math.Min(c.best, best)
	return best, buf, true
}

// nearest is the selection of PickFresh and PickRuns: the nearest
// block so far, its distance, the sum of its errors and its index.
type nearest struct {
	best, sum float64
	at        int
}

// offer keeps block at, whose errors sum to x (see criterion.sum), when
// it is strictly nearer than the nearest so far. The sum before the
// square root orders as the distance: only a smaller sum can give a
// smaller distance, which decides.
func (n *nearest) offer(c *criterion, x float64, at int) {
	if x < n.sum {
		if d := c.finish(x); d < n.best {
			n.best, n.sum, n.at = d, x, at
		}
	}
}

// PickRuns is PickFresh for the blocks sweep (slots.BlockCriterion),
// which calls it only while UsesFresh is true (no start or finish term,
// so no warm-up, and the start does not count) and not at the reference
// start.
func (c *criterion) PickRuns(start, budget float64, n int, cost, runtime []float64, fresh []int) (float64, int, bool) {
	near := nearest{best: math.Inf(1), sum: math.Inf(1), at: -1}
	var v [6]float64
	for _, j := range fresh {
		var cs, proc float64
		for i := j; i < j+n; i++ {
			cs += cost[i]
			proc += runtime[i]
		}
		if !(cs <= budget) {
			continue
		}
		v[css.Cost], v[css.ProcTime] = cs, proc
		if c.needMax {
			longest := 0.0
			for _, rt := range runtime[j : j+n] {
				if rt > longest {
					longest = rt
				}
			}
			v[css.Runtime], v[css.Finish] = longest, start+longest
		}
		near.offer(c, c.sum(&v), j)
	}
	c.last = start
	if math.IsInf(near.best, 1) || !(near.best < c.best) {
		return 0, -1, false
	}
	c.best = near.best
	return near.best, near.at, true
}

// Box bounds the sums of a block that can be picked (strictly nearer
// than the best window returned so far): the cost term's error alone,
// and the processor time's, must stay below the best distance, as no
// other term lowers the distance (with the geometric distance the
// square root of the sum of squares is at least each error). The box is
// widened by a relative 1e-8 of its width and 1e-9 of the reference
// value against the rounding of the distance's own arithmetic, so a
// block outside it is never one the criterion would pick. Before the
// first window it is unbounded.
func (c *criterion) Box() (costLo, costHi, rtLo, rtHi float64) {
	inf := math.Inf(1)
	costLo, costHi, rtLo, rtHi = -inf, inf, -inf, inf
	if math.IsInf(c.best, 1) {
		return
	}
	for _, t := range c.terms {
		w := c.best/t.inv*(1+1e-8) + 1e-9*math.Abs(t.ref)
		switch t.p {
		case css.Cost:
			costLo, costHi = t.ref-w, t.ref+w
		case css.ProcTime:
			rtLo, rtHi = t.ref-w, t.ref+w
		}
	}
	return
}

// Finished reports that no later Pick can succeed: the warm-up has made
// its picks, the best distance has reached the lower bound of every
// window's (no later window can be strictly nearer, and on ties the
// earlier is kept), or, with a start term, the scan is past the reference
// start by more than the best distance (the start error only grows from
// there on, and the best only shrinks).
func (c *criterion) Finished() bool {
	if c.full {
		return false
	}
	if c.best <= c.bound {
		return true
	}
	if c.warm && c.picks >= warmPicks {
		return true
	}
	if !c.hasStart || !(c.last > c.ref.Start) {
		return false
	}
	es := math.Abs(c.last-c.ref.Start) * c.startInv
	return es >= c.best || es > c.seed
}

// refWindow evaluates the window on the reference's own nodes, leaving
// their candidate indices in c.pos; ok is false when one is missing or
// the budget is exceeded.
func (c *criterion) refWindow(start, budget float64, cands []slots.Candidate, v *[6]float64) (float64, bool) {
	c.pos = c.pos[:0]
	cost, proc, longest := 0.0, 0.0, 0.0
	for _, node := range c.refNodes {
		k := -1
		for i := range cands {
			if cands[i].Slot.Node == node {
				k = i
				break
			}
		}
		if k < 0 {
			return 0, false
		}
		c.pos = append(c.pos, k)
		cost += cands[k].Cost
		proc += cands[k].Runtime
		longest = math.Max(longest, cands[k].Runtime)
	}
	if !(cost <= budget) {
		return 0, false
	}
	v[css.Cost], v[css.ProcTime], v[css.Runtime], v[css.Finish] = cost, proc, longest, start+longest
	return c.dist(v), true
}

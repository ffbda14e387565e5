package cluster

import (
	"fmt"
	"math"
)

// Step is one piece of an availability profile: Free processors are free
// from Time until the Time of the next step (for the last step, forever).
type Step struct {
	// Time is when the step starts.
	Time float64
	// Free is the number of free processors during the step.
	Free int
}

// Profile is an availability profile: the number of free processors as a
// step function of time, from its origin (the current time) on, after the
// estimated occupation of the running jobs and the reservations of queued
// jobs. Its steps form a balanced search tree over their start times (see
// profile_tree.go): a reservation or a release, the smallest free count
// over an interval and the earliest fit of a job cost O(log steps), and
// Advance drops the past. Adjacent steps with equal free counts are
// merged around every update, so the profile has at most one step per
// distinct future end or reservation boundary.
//
// Free counts may go negative only transiently, when a scheduler reserves
// the extension of an overrunning job over existing reservations and then
// repairs them (see MinFree); Check reports it.
//
// The zero Profile is ready for Reset or CopyFrom.
type Profile struct {
	procs   int
	origin  float64
	root    int32
	nodes   []node // nodes[0] is the empty tree
	free    int32  // first recycled node (linked through l)
	seed    uint32 // xorshift state of the priorities
	steps   []Step // the steps in order, for Len and At; valid when stepsOK
	stepsOK bool
}

// NewProfile returns the profile of an idle cluster of procs processors
// with its origin at time now.
func NewProfile(procs int, now float64) *Profile {
	p := &Profile{}
	p.Reset(procs, now)
	return p
}

// Reset makes p the profile of an idle cluster of procs processors with
// its origin at now, reusing its storage.
func (p *Profile) Reset(procs int, now float64) {
	p.procs, p.origin = procs, now
	p.nodes = append(p.nodes[:0], node{})
	p.free, p.seed, p.stepsOK = 0, 2463534242, false
	p.root = p.newNode(now, procs)
}

// CopyFrom makes p a copy of q, reusing p's storage: a scheduler that
// tries placements on a scratch copy of a plan needs no allocation once
// the copy has grown to the plan's size.
func (p *Profile) CopyFrom(q *Profile) {
	p.procs, p.origin, p.root, p.free, p.seed = q.procs, q.origin, q.root, q.free, q.seed
	p.nodes = append(p.nodes[:0], q.nodes...)
	p.stepsOK = false
}

// Procs returns the number of processors of the profile.
func (p *Profile) Procs() int { return p.procs }

// Len returns the number of steps.
func (p *Profile) Len() int { return len(p.list()) }

// At returns the i-th step (0 starts at the origin).
func (p *Profile) At(i int) Step { return p.list()[i] }

// list returns the steps in order, listing them again after changes (Len
// and At serve checks and displays, not the schedulers' searches).
func (p *Profile) list() []Step {
	if !p.stepsOK {
		p.steps = p.steps[:0]
		p.walk(p.root, 0, func(t float64, free int) bool {
			p.steps = append(p.steps, Step{Time: t, Free: free})
			return true
		})
		p.stepsOK = true
	}
	return p.steps
}

// Origin returns the time of the first step.
func (p *Profile) Origin() float64 { return p.origin }

// Advance moves the origin to now, dropping the steps that ended by then.
// Times before the origin are ignored by the other methods.
func (p *Profile) Advance(now float64) {
	if now <= p.origin {
		return
	}
	p.stepsOK = false
	if next, ok := p.nextAfter(p.origin); !ok || next > now {
		first, _ := p.edge(p.root, false)
		p.nodes[first].t, p.origin = now, now
		return
	}
	a, b := p.split(p.root, now)
	if first, _ := p.edge(b, false); b != 0 && p.nodes[first].t == now {
		p.drop(a)
		p.root = b
	} else {
		_, v := p.edge(a, true)
		p.drop(a)
		p.root = p.join(p.newNode(now, v), b)
	}
	p.origin = now
}

// NextStep returns the start of the first step after t (+Inf if none).
func (p *Profile) NextStep(t float64) float64 {
	next, _ := p.nextAfter(t)
	return next
}

// FreeAt returns the number of free processors at time t (at the origin
// for earlier times).
func (p *Profile) FreeAt(t float64) int { return p.valueAt(math.Max(t, p.origin)) }

// MinFree returns the smallest number of free processors over
// [start, end), or Procs for an empty interval.
func (p *Profile) MinFree(start, end float64) int {
	start = math.Max(start, p.origin)
	if !(end > start) {
		return p.procs
	}
	m := p.valueAt(start)
	if v, ok := p.extreme(p.root, 0, start, end, math.Inf(-1), math.Inf(1), false); ok {
		m = min(m, v)
	}
	return m
}

// MaxFree returns the largest number of free processors over
// [start, end), or math.MinInt for an empty interval.
func (p *Profile) MaxFree(start, end float64) int {
	start = math.Max(start, p.origin)
	if !(end > start) {
		return math.MinInt
	}
	m := p.valueAt(start)
	if v, ok := p.extreme(p.root, 0, start, end, math.Inf(-1), math.Inf(1), true); ok {
		m = max(m, v)
	}
	return m
}

// EarliestFit returns the earliest time t ≥ origin such that at least size
// processors are free over [t, t+dur). It assumes 1 ≤ size ≤ Procs, so
// that the last step (all processors free) always fits.
func (p *Profile) EarliestFit(size int, dur float64) float64 {
	return p.EarliestFitFrom(size, dur, p.origin)
}

// EarlierFit looks for the earliest time t < before (t ≥ origin) such that
// at least size processors are free over [t, min(t+dur, before)). For a
// job holding a reservation at before, it is exactly the earliest start
// the job would get if its reservation were released and placed again:
// over [before, t+dur) its own reservation guarantees the processors. ok
// is false when there is no such t.
func (p *Profile) EarlierFit(size int, dur, before float64) (t float64, ok bool) {
	return p.fit(size, dur, p.origin, before)
}

// EarliestFitFrom returns the earliest time t ≥ from (and ≥ origin) such
// that at least size processors are free over [t, t+dur). It assumes 1 ≤
// size ≤ Procs, so that the last step (all processors free) always fits.
func (p *Profile) EarliestFitFrom(size int, dur, from float64) float64 {
	from = math.Max(from, p.origin)
	if t, ok := p.fit(size, dur, from, math.Inf(1)); ok {
		return t
	}
	last, _ := p.edge(p.root, true)
	return math.Max(from, p.nodes[last].t)
}

// fit returns the earliest t in [from, before) such that at least size
// processors are free over [t, min(t+dur, before)), from ≥ origin. It
// hops from a step with enough processors to the next step without, each
// hop a descent of the tree.
func (p *Profile) fit(size int, dur, from, before float64) (float64, bool) {
	t := from
	if p.valueAt(t) < size {
		var ok bool
		if t, ok = p.firstAfter(p.root, 0, t, size, false); !ok {
			return 0, false
		}
	}
	for t < before {
		end := math.Min(t+dur, before)
		short, ok := p.firstAfter(p.root, 0, t, size, true)
		if !ok || short >= end {
			return t, true
		}
		if t, ok = p.firstAfter(p.root, 0, short, size, false); !ok {
			return 0, false
		}
	}
	return 0, false
}

// Reserve takes size processors over [start, end) (the part before the
// origin is ignored).
func (p *Profile) Reserve(start, end float64, size int) { p.add(start, end, -size) }

// Release gives back size processors over [start, end) (the part before
// the origin is ignored).
func (p *Profile) Release(start, end float64, size int) { p.add(start, end, size) }

// add adds delta to the free counts over [start, end): it cuts the tree
// at start and end (adding a step at either if none starts there), shifts
// the middle part, merges the steps around both cuts that became equal to
// their predecessor, and joins the three parts.
func (p *Profile) add(start, end float64, delta int) {
	start = math.Max(start, p.origin)
	if !(end > start) || delta == 0 {
		return
	}
	p.stepsOK = false
	a, rest := p.split(p.root, start)
	var before int // free count just before start (a is empty at the origin)
	if a != 0 {
		_, before = p.edge(a, true)
	}
	if first, _ := p.edge(rest, false); rest == 0 || p.nodes[first].t != start {
		rest = p.join(p.newNode(start, before), rest)
	}
	b, c := p.split(rest, end)
	_, inside := p.edge(b, true)
	if first, _ := p.edge(c, false); c == 0 || p.nodes[first].t != end {
		c = p.join(p.newNode(end, inside), c)
	}
	p.shift(b, delta)
	if _, v := p.edge(c, false); v == inside+delta {
		c = p.dropFirst(c)
	}
	if _, v := p.edge(b, false); a != 0 && v == before {
		b = p.dropFirst(b)
	}
	p.root = p.join(p.join(a, b), c)
}

// Check verifies the profile: times strictly increasing, free counts in
// [0, Procs], all processors free after the last step, and the tree's
// bookkeeping.
func (p *Profile) Check() error {
	if _, _, ok := p.checkTree(p.root, 0); !ok {
		return fmt.Errorf("%w: profile tree out of order (heap or extremes)", ErrInvariant)
	}
	st := p.list()
	if st[0].Time != p.origin {
		return fmt.Errorf("%w: profile starts at %v, not at its origin %v", ErrInvariant, st[0].Time, p.origin)
	}
	for k, s := range st {
		if k > 0 && !(s.Time > st[k-1].Time) {
			return fmt.Errorf("%w: profile step %d at %v not after step %d at %v", ErrInvariant, k, s.Time, k-1, st[k-1].Time)
		}
		if s.Free < 0 || s.Free > p.procs {
			return fmt.Errorf("%w: profile has %d free processors of %d at time %v (reservations overlap)", ErrInvariant, s.Free, p.procs, s.Time)
		}
	}
	if last := st[len(st)-1]; last.Free != p.procs {
		return fmt.Errorf("%w: profile ends with %d free processors of %d at time %v", ErrInvariant, last.Free, p.procs, last.Time)
	}
	return nil
}

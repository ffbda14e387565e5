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
// jobs. It is a sorted slice of breakpoints updated in place: a
// reservation, a release or a move (Move) rewrites the steps it covers
// and shifts the later ones once; Advance drops the past. Adjacent steps
// with equal free counts are merged around every update, so the profile
// has at most one step per distinct future end or reservation boundary.
//
// Free counts may go negative only transiently, when a scheduler reserves
// the extension of an overrunning job over existing reservations and then
// repairs them (see MinFree); Check reports it.
type Profile struct {
	procs int
	steps []Step
	stack []stairRun // Staircase's scratch
	seq   []Step     // Staircase's and shift's scratch
	// near is a window of steps [near[0], near[1]) where the next search
	// of a scheduler's sweep is likely to fall: the steps the last update
	// rewrote, or those the last successful fit search scanned (see
	// afterNear).
	near [2]int
}

// NewProfile returns the profile of an idle cluster of procs processors
// with its origin at time now.
func NewProfile(procs int, now float64) *Profile {
	return &Profile{procs: procs, steps: []Step{{Time: now, Free: procs}}}
}

// CopyFrom makes p a copy of q, reusing p's storage: a scheduler that
// tries placements on a scratch copy of a plan needs no allocation once
// the copy has grown to the plan's size.
func (p *Profile) CopyFrom(q *Profile) {
	p.procs = q.procs
	p.steps = append(p.steps[:0], q.steps...)
}

// Procs returns the number of processors of the profile.
func (p *Profile) Procs() int { return p.procs }

// Len returns the number of steps.
func (p *Profile) Len() int { return len(p.steps) }

// At returns the i-th step (0 starts at the origin).
func (p *Profile) At(i int) Step { return p.steps[i] }

// Origin returns the time of the first step.
func (p *Profile) Origin() float64 { return p.steps[0].Time }

// Advance moves the origin to now, dropping the steps that ended by then.
// Times before the origin are ignored by the other methods.
func (p *Profile) Advance(now float64) {
	st := p.steps
	if now <= st[0].Time {
		return
	}
	k := after(st, now) - 1
	if k > 0 {
		n := copy(st, st[k:])
		p.steps = st[:n]
	}
	p.steps[0].Time = now
}

// index returns the index of the step that contains time t ≥ origin.
func (p *Profile) index(t float64) int {
	st := p.steps
	return after(st, t) - 1
}

// FreeAt returns the number of free processors at time t (at the origin
// for earlier times).
func (p *Profile) FreeAt(t float64) int {
	if t <= p.steps[0].Time {
		return p.steps[0].Free
	}
	return p.steps[p.index(t)].Free
}

// FreeBefore returns the number of free processors just before time t:
// those of the step that ends at or contains t (at the origin for t ≤
// origin).
func (p *Profile) FreeBefore(t float64) int {
	st := p.steps
	return st[max(atOrAfter(st, t)-1, 0)].Free
}

// MinFree returns the smallest number of free processors over
// [start, end), or Procs for an empty interval.
func (p *Profile) MinFree(start, end float64) int {
	start = max(start, p.steps[0].Time)
	if !(end > start) {
		return p.procs
	}
	st := p.steps
	m := p.procs
	for k := p.index(start); k < len(st) && st[k].Time < end; k++ {
		m = min(m, st[k].Free)
	}
	return m
}

// Overdrawn returns the smallest interval [from, to) that holds every
// step with a negative free count (see MinFree), or an empty one (from =
// to) when there is none.
func (p *Profile) Overdrawn() (from, to float64) {
	st := p.steps
	for k, s := range st {
		if s.Free >= 0 {
			continue
		}
		if from == to {
			from = s.Time
		}
		to = st[k+1].Time // the last step has all processors free
	}
	return from, to
}

// EarliestFit returns the earliest time t ≥ origin such that at least size
// processors are free over [t, t+dur). It assumes 1 ≤ size ≤ Procs, so
// that the last step (all processors free) always fits.
func (p *Profile) EarliestFit(size int, dur float64) float64 {
	t, _ := p.EarlierFit(size, dur, math.Inf(1))
	return t
}

// EarlierFit looks for the earliest time t < before (t ≥ origin) such that
// at least size processors are free over [t, min(t+dur, before)). For a
// job holding a reservation at before, it is exactly the earliest start
// the job would get if its reservation were released and placed again:
// over [before, t+dur) its own reservation guarantees the processors. ok
// is false when there is no such t.
func (p *Profile) EarlierFit(size int, dur, before float64) (t float64, ok bool) {
	return p.EarlierFitBy(size, dur, before, math.Inf(-1), before)
}

// EarlierFitBy is EarlierFit for a start in [from, by) too: the earliest
// t with from ≤ t < min(before, by) (and t ≥ origin) such that at least
// size processors are free over [t, min(t+dur, before)). A scheduler
// whose reservations were compressed, and which has released processors
// only over [f, by) since, gets the answer of EarlierFit for the price of
// a scan of [f-dur, by): a fit whose window misses the releases was there
// before them. When the step that ends at or holds before has fewer than
// size free processors (the usual case for a job that cannot move), only
// windows that end by that step's start fit.
//
// The earliest fit, if any, starts a run of steps with size free
// processors (at from for the run that holds from) and fits when the run
// lasts dur or reaches that step. The scan keeps the current run's start,
// which a step that lacks the processors moves to the next step's time
// through a mask (the compiler keeps an if on a loop-carried value a
// jump, and moves no floats conditionally), so that its only branches
// are the loop's and its rarely taken exits: the step that holds before,
// a fit, and a run that starts at or after by (every later one starts
// later). A branch on each step's free count would be random to the
// predictor.
func (p *Profile) EarlierFitBy(size int, dur, before, from, by float64) (t float64, ok bool) {
	// Plain comparisons, not min and max: those order NaNs and signed
	// zeros, which costs a tenth of a congested replay's searches.
	st := p.steps
	if before < by {
		by = before
	}
	k := 0
	if o := st[0].Time; from > o {
		k = after(st, from) - 1
	} else {
		from = o
	}
	if by <= from {
		return 0, false
	}
	sb := math.Float64bits(from) // the current run's start
	free := st[k].Free           // of the step that s ends
	for i, s := range st[k+1:] {
		next := s.Time
		if next >= before {
			break
		}
		lack := uint64((free - size) >> 63) // all ones if free < size
		free = s.Free
		sb ^= (sb ^ math.Float64bits(next)) & lack
		start := math.Float64frombits(sb)
		if start >= by {
			return 0, false
		}
		if start+dur <= next && lack == 0 {
			p.near = [2]int{k, k + 1 + i} // start is in these steps
			return start, true
		}
	}
	// The run reaches the step that holds before: every window clipped
	// at before fits unless that step lacks the processors.
	return math.Float64frombits(sb), free >= size
}

// MaxFree returns the largest number of free processors over
// [start, end), or math.MinInt for an empty interval.
func (p *Profile) MaxFree(start, end float64) int {
	start = max(start, p.steps[0].Time)
	if !(end > start) {
		return math.MinInt
	}
	st := p.steps
	m := math.MinInt
	for k := p.index(start); k < len(st) && st[k].Time < end; k++ {
		m = max(m, st[k].Free)
	}
	return m
}

// after returns the index of the first step after t (len(st) if none).
// Its binary search has no branch on the comparisons: the compiler
// turns the product with b2i into a conditional move (an if would be a
// jump, the compiler keeping conditional moves out of address
// computations), and the times compared are random to the branch
// predictor. Times are never NaN.
func after(st []Step, t float64) int {
	n := len(st)
	if n == 0 {
		return 0
	}
	base := 0 // the answer is in [base, base+n]
	for n > 1 {
		half := n >> 1
		base += half * b2i(st[base+half].Time <= t)
		n -= half
	}
	return base + b2i(st[base].Time <= t)
}

// afterNear is after(p.steps, t), with a binary search over the window
// near alone when t lies in it. The window is checked against the steps'
// times, so a stale one costs a search of all steps, never a wrong index.
func (p *Profile) afterNear(t float64) int {
	st := p.steps
	lo, hi := p.near[0], p.near[1]
	if 0 <= lo && lo < hi && hi <= len(st) && st[lo].Time <= t && (hi == len(st) || t < st[hi].Time) {
		return lo + after(st[lo:hi], t)
	}
	return after(st, t)
}

// atOrAfterNear is atOrAfter(p.steps, t), searching the window near
// alone when t lies in it (see afterNear).
func (p *Profile) atOrAfterNear(t float64) int {
	st := p.steps
	lo, hi := p.near[0], p.near[1]
	if 0 <= lo && lo < hi && hi <= len(st) && st[lo].Time < t && (hi == len(st) || t <= st[hi].Time) {
		return lo + atOrAfter(st[lo:hi], t)
	}
	return atOrAfter(st, t)
}

// atOrAfter returns the index of the first step at or after t (len(st)
// if none), without a branch on the comparisons (see after).
func atOrAfter(st []Step, t float64) int {
	n := len(st)
	if n == 0 {
		return 0
	}
	base := 0
	for n > 1 {
		half := n >> 1
		base += half * b2i(st[base+half].Time < t)
		n -= half
	}
	return base + b2i(st[base].Time < t)
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Check verifies the profile: times strictly increasing, free counts in
// [0, Procs], all processors free after the last step.
func (p *Profile) Check() error {
	st := p.steps
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

// Reset makes p the profile of an idle cluster of procs processors with
// its origin at now, reusing its storage.
func (p *Profile) Reset(procs int, now float64) {
	p.procs = procs
	p.steps = append(p.steps[:0], Step{Time: now, Free: procs})
}

// EarliestFitFrom returns the earliest time t ≥ from (and ≥ origin) such
// that at least size processors are free over [t, t+dur). It assumes 1 ≤
// size ≤ Procs, so that the last step (all processors free) always fits.
func (p *Profile) EarliestFitFrom(size int, dur, from float64) float64 {
	st := p.steps
	from = max(from, st[0].Time)
	for k := p.index(from); k < len(st); {
		if st[k].Free < size {
			k++
			continue
		}
		t := max(from, st[k].Time)
		end := t + dur
		j := k + 1
		for j < len(st) && st[j].Time < end && st[j].Free >= size {
			j++
		}
		if j == len(st) || st[j].Time >= end {
			return t
		}
		k = j + 1
	}
	return max(from, st[len(st)-1].Time)
}

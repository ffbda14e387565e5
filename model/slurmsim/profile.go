package slurmsim

import (
	"math"
	"slices"
)

// A point starts a step of a profile: free CPUs from t until the next
// point's t (the last step lasts forever).
type point struct {
	t    float64
	free int
}

// A profile is the free CPUs of one node class over [now, horizon), as the
// backfill scheduler plans them: the running jobs release their CPUs at
// their time limits, rounded up to bf_resolution; the jobs it starts or
// reserves take theirs.
type profile struct {
	pts []point
	// memo[c], when its pass is the profile's, holds what the searches
	// for c CPUs from now found in this pass (see earliest).
	memo []found
	pass int
	hint int // the step of the last start earliest found
}

// reset makes the profile flat at free from now, for the pass-th plan.
func (p *profile) reset(now float64, free, cpus, pass int) {
	p.pts = append(p.pts[:0], point{now, free})
	p.pass = pass
	if len(p.memo) != cpus+1 {
		p.memo = make([]found, cpus+1)
	}
}

// release adds cpus from t on (t > now, the points in time order is the
// caller's: it releases in ascending t).
func (p *profile) release(t float64, cpus int) {
	last := &p.pts[len(p.pts)-1]
	if last.t == t {
		last.free += cpus
		return
	}
	p.pts = append(p.pts, point{t, last.free + cpus})
}

// at returns the index of the step holding t (t ≥ pts[lo].t), searching
// from index lo on: galloping, then bisecting, so that a step a few
// points after lo (the end of a job from its start) costs a few probes.
func (p *profile) at(t float64, lo int) int {
	pts := p.pts
	hi, step := lo+1, 1 // invariant: pts[lo].t ≤ t, pts[hi].t > t (hi ≥ len: none)
	for hi < len(pts) && pts[hi].t <= t {
		lo, step = hi, step*2
		hi = lo + step
	}
	hi = min(hi, len(pts))
	for hi-lo > 1 {
		m := int(uint(lo+hi) >> 1)
		if pts[m].t <= t {
			lo = m
		} else {
			hi = m
		}
	}
	return lo
}

// near returns a step at or before the one holding t (t ≥ the first
// point) to search from: the step where the last search ended when it is
// not after t (a reservation follows its search), else the first.
func (p *profile) near(t float64) int {
	if h := p.hint; h < len(p.pts) && p.pts[h].t <= t {
		return h
	}
	return 0
}

// minFree returns the least free CPUs over [t, e], the step beginning at
// e included (see earliest).
func (p *profile) minFree(t, e float64) int {
	m := math.MaxInt
	for i := p.at(t, p.near(t)); i < len(p.pts) && p.pts[i].t <= e; i++ {
		m = min(m, p.pts[i].free)
	}
	return m
}

// split makes t a point (t ≥ pts[lo].t) and returns its index.
func (p *profile) split(t float64, lo int) int {
	i := p.at(t, lo)
	if p.pts[i].t == t {
		return i
	}
	p.pts = slices.Insert(p.pts, i+1, point{t, p.pts[i].free})
	return i + 1
}

// steps makes t and e points (t < e; e may be +Inf) and returns the
// indexes [i, end) of the steps over [t, e).
func (p *profile) steps(t, e float64) (i, end int) {
	i = p.split(t, p.near(t))
	end = len(p.pts)
	if !math.IsInf(e, 1) {
		end = p.split(e, i)
	}
	return i, end
}

// take removes cpus over [t, e).
func (p *profile) take(t, e float64, cpus int) {
	if cpus == 0 || !(t < e) {
		return
	}
	i, end := p.steps(t, e)
	for ; i < end; i++ {
		p.pts[i].free -= cpus
	}
}

// close takes whole nodes over [t, e): at every step, its free CPUs up to
// upTo (the CPUs of the nodes closed).
func (p *profile) close(t, e float64, upTo int) {
	if upTo == 0 || !(t < e) {
		return
	}
	i, end := p.steps(t, e)
	for ; i < end; i++ {
		p.pts[i].free -= min(max(p.pts[i].free, 0), upTo)
	}
}

// earliest returns the earliest time t ≥ from (from, or a point after it)
// and before horizon from which cpus are free for dur (cut at horizon); ok
// is false when there is none in the window. One scan: a step with too few
// CPUs rules out every start before its end. The job needs its CPUs over
// [t, t+dur], the step beginning at its end included: Slurm's backfill
// (backfill.c) tests a job against every reservation that begins at or
// before its end, so a job whose limit ends the second a reservation
// begins does not start before it. Only reservations lower the free CPUs
// after now, so the step at the end matters only when one begins there.
//
// The scan starts at the pass's bound for (cpus, dur) when it is later
// than from: the answer from now is no earlier than the bound, which is
// now or a point (points are only added during a pass), so the scan
// from it finds the same start; and a search from now that started there
// is remembered for the later ones.
func (p *profile) earliest(from, horizon float64, cpus int, dur float64) (t float64, ok bool) {
	pts := p.pts
	t = max(from, pts[0].t)
	b := p.bound(cpus, dur)
	fromNow := b >= t || t == pts[0].t // the answer is the one from now
	t = max(t, b)
	// The first point with cpus free from t bounds every duration when no
	// bound of a longer one moved t past the bound of any duration.
	firstBounds := fromNow && t <= max(pts[0].t, p.bound(cpus, 0))
	if math.IsInf(t, 1) {
		return 0, false
	}
	i := 0
	if t > pts[0].t {
		i = p.at(t, 0)
	}
	first := math.NaN() // the first point with cpus free at or after the start
	for {
		for i < len(pts) && pts[i].free < cpus {
			i++
		}
		if math.IsNaN(first) {
			first = math.Inf(1)
			if i < len(pts) {
				first = max(pts[i].t, t)
			}
		}
		if i == len(pts) || max(pts[i].t, t) >= horizon {
			if fromNow {
				p.remember(cpus, dur, math.Inf(1), first, firstBounds)
			}
			return 0, false
		}
		t = max(pts[i].t, t)
		e := min(t+dur, horizon)
		j := i + 1
		for j < len(pts) && pts[j].t <= e && pts[j].free >= cpus {
			j++
		}
		if j == len(pts) || pts[j].t > e {
			if fromNow {
				p.remember(cpus, dur, t, first, firstBounds)
			}
			p.hint = i
			return t, true
		}
		i = j + 1
	}
}

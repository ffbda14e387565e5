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
}

// reset makes the profile flat at free from now.
func (p *profile) reset(now float64, free int) {
	p.pts = append(p.pts[:0], point{now, free})
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

// at returns the index of the step holding t (t ≥ the first point).
func (p *profile) at(t float64) int {
	i, found := slices.BinarySearchFunc(p.pts, t, func(x point, t float64) int {
		switch {
		case x.t < t:
			return -1
		case x.t > t:
			return 1
		}
		return 0
	})
	if found {
		return i
	}
	return i - 1
}

// minFree returns the least free CPUs over [t, e).
func (p *profile) minFree(t, e float64) int {
	m := math.MaxInt
	for i := p.at(t); i < len(p.pts) && p.pts[i].t < e; i++ {
		m = min(m, p.pts[i].free)
	}
	return m
}

// split makes t a point (t ≥ the first point) and returns its index.
func (p *profile) split(t float64) int {
	i := p.at(t)
	if p.pts[i].t == t {
		return i
	}
	p.pts = slices.Insert(p.pts, i+1, point{t, p.pts[i].free})
	return i + 1
}

// take removes cpus over [t, e).
func (p *profile) take(t, e float64, cpus int) {
	if cpus == 0 || !(t < e) {
		return
	}
	i := p.split(t)
	end := len(p.pts)
	if !math.IsInf(e, 1) {
		end = p.split(e)
	}
	for ; i < end; i++ {
		p.pts[i].free -= cpus
	}
}

// earliest returns the earliest time t ≥ from (from, or a point after it)
// and before horizon from which cpus are free for dur (cut at horizon); ok
// is false when there is none in the window. One scan: a step with too few
// CPUs rules out every start before its end.
func (p *profile) earliest(from, horizon float64, cpus int, dur float64) (t float64, ok bool) {
	pts := p.pts
	i := 0
	if from > pts[0].t {
		i = p.at(from)
	}
	t = from
	for {
		for i < len(pts) && pts[i].free < cpus {
			i++
		}
		if i == len(pts) {
			return 0, false
		}
		if pts[i].t > t {
			t = pts[i].t
		}
		if t >= horizon {
			return 0, false
		}
		e := min(t+dur, horizon)
		j := i + 1
		for j < len(pts) && pts[j].t < e && pts[j].free >= cpus {
			j++
		}
		if j == len(pts) || pts[j].t >= e {
			return t, true
		}
		i = j + 1
	}
}

package slurmsim

import (
	"math"
	"slices"
)

// What one backfill pass learns of its searches, to spare the later ones:
// during a pass the plan only loses CPUs (takes and closes), and a job of
// more CPUs or a longer run needs more of it, so the earliest start from
// now of a job of (cpus, dur) never moves earlier during the pass, and is
// no earlier than that of any job of fewer CPUs and a shorter run. The
// searches that follow start where the earlier ones ended (found), and a
// job larger than one that fitted nowhere in the window is not searched
// (unfit). Both hold only within their pass: the next plan is new.

// A found is what the searches of one pass for some CPUs from now have
// found: for each duration searched, the earliest start (+Inf: none in
// the window), ascending in duration. A search for c CPUs over dur may
// start at the latest start found for c over a duration ≤ dur: during a
// pass the plan only loses CPUs, and a longer run needs more of it, so
// the earliest start from now never moves earlier (see earliest).
type found struct {
	pass int
	durs []durStart
}

type durStart struct{ dur, t float64 }

// bound returns the latest start the pass's searches from now found for
// cpus over a duration ≤ dur (-Inf: none).
func (p *profile) bound(cpus int, dur float64) float64 {
	b := math.Inf(-1)
	if cpus >= len(p.memo) || p.memo[cpus].pass != p.pass {
		return b
	}
	for _, d := range p.memo[cpus].durs {
		if d.dur > dur {
			break
		}
		b = d.t // ascending in dur, so in t
	}
	return b
}

// remember notes that a search from now for cpus over dur found t (+Inf:
// none), and when firstBounds that none over any duration starts before
// first.
func (p *profile) remember(cpus int, dur, t, first float64, firstBounds bool) {
	if cpus >= len(p.memo) {
		return
	}
	f := &p.memo[cpus]
	if f.pass != p.pass {
		f.pass, f.durs = p.pass, f.durs[:0]
	}
	if firstBounds {
		f.set(0, first)
	}
	f.set(dur, t)
}

// set records that a search over dur finds no start before t, keeping
// the durations ascending and dropping what t makes redundant.
func (f *found) set(dur, t float64) {
	i := 0
	for i < len(f.durs) && f.durs[i].dur < dur {
		i++
	}
	if i > 0 && f.durs[i-1].t >= t {
		return // a shorter duration already starts there or later
	}
	if i < len(f.durs) && f.durs[i].dur == dur {
		if f.durs[i].t >= t {
			return
		}
		f.durs[i].t = t
	} else {
		f.durs = slices.Insert(f.durs, i, durStart{dur, t})
	}
	// Longer durations that start no later are implied by this one.
	j := i + 1
	for j < len(f.durs) && f.durs[j].t <= t {
		j++
	}
	if j > i+1 {
		f.durs = slices.Delete(f.durs, i+1, j)
	}
}

// unfit is the jobs of one pass that fit nowhere in a partition's window
// from now: the least of them in (cpus, dur), none larger than another
// in both.
type unfit struct {
	pass  int
	needs []need
}

type need struct {
	cpus int
	dur  float64
}

// has reports whether a job of cpus over dur is no smaller than one that
// did not fit in the pass: it does not fit either.
func (u *unfit) has(pass, cpus int, dur float64) bool {
	if u.pass != pass {
		return false
	}
	for _, n := range u.needs {
		if cpus >= n.cpus && dur >= n.dur {
			return true
		}
	}
	return false
}

// add notes that a job of cpus over dur fits nowhere in the pass's
// window (has was false for it).
func (u *unfit) add(pass, cpus int, dur float64) {
	if u.pass != pass {
		u.pass, u.needs = pass, u.needs[:0]
	}
	u.needs = slices.DeleteFunc(u.needs, func(n need) bool { return n.cpus >= cpus && n.dur >= dur })
	u.needs = append(u.needs, need{cpus, dur})
}

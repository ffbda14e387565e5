package reference

import (
	"math"
	"sort"
)

// interval is a block of processors held over [from, to).
type interval struct {
	from, to float64
	size     int
}

// profile rebuilds, from scratch, what is held from now on: every running
// job from now to its estimated end and every reservation but skip's.
func (s *state) profile(skip *rjob) []interval {
	var p []interval
	for _, r := range s.running {
		p = append(p, interval{s.now, r.estEnd, r.size})
	}
	for _, q := range s.queue {
		if q != skip && q.res >= 0 {
			p = append(p, interval{q.res, q.res + q.est, q.size})
		}
	}
	return p
}

// fits reports whether size processors are free over [from, from+est) in
// p. The use only grows where an interval begins, so it is enough to look
// at from and at every beginning inside the window.
func fits(p []interval, procs int, from, est float64, size int) bool {
	at := func(t float64) bool {
		used := 0
		for _, b := range p {
			if b.from <= t && t < b.to {
				used += b.size
			}
		}
		return used+size <= procs
	}
	if !at(from) {
		return false
	}
	for _, b := range p {
		if b.from > from && b.from < from+est && !at(b.from) {
			return false
		}
	}
	return true
}

// earliestFit is the earliest start, now or later, at which q fits in the
// profile of everything else: now or the end of some interval.
func (s *state) earliestFit(q *rjob) float64 {
	p := s.profile(q)
	cands := []float64{s.now}
	for _, b := range p {
		if b.to > s.now {
			cands = append(cands, b.to)
		}
	}
	sort.Float64s(cands)
	for _, c := range cands {
		if fits(p, s.cfg.procs, c, q.est, q.size) {
			return c
		}
	}
	return math.Inf(1) // unreachable: q.size ≤ procs and every interval ends
}

// overdrawn reports whether, in the profile of everything held (q's own
// reservation included), more than P processors are held at some moment
// of q's reservation.
func (s *state) overdrawn(q *rjob) bool {
	p := append(s.profile(q), interval{q.res, q.res + q.est, q.size})
	return !fits(p, s.cfg.procs, q.res, q.est, 0)
}

// repair names how reservations are repaired after an overrun extension.
type repair int

const (
	// repairInSweep: in the first compression sweep, in queue order, a
	// job whose reservation meets a moment where more than P processors
	// are held gives it up and takes its earliest fit then.
	repairInSweep repair = iota
	// repairFirst: the same, in queue order, before the first sweep.
	repairFirst
	// repairAll: every reservation whose interval meets the extension in
	// time is released, then all are made again in queue order.
	repairAll
)

// consRules are the readings of conservative's documentation tried.
type consRules struct {
	repair repair
	// arrivalsInSweep places the jobs that arrived in the first sweep of
	// the compression, in queue order, rather than after it.
	arrivalsInSweep bool
}

// conservativeBy is conservative backfilling (doc comment of
// batch.Conservative and cluster.md), one pass:
//  1. after an early end or an extension, the schedule is compressed:
//     sweeps in queue order until one moves nothing, each job to its
//     earliest fit if that is earlier; an extension first repairs the
//     reservations (see repair);
//  2. the jobs that arrived get a reservation at their earliest fit, in
//     queue order;
//  3. every job whose reservation has come starts.
func conservativeBy(c consRules) policy {
	return func(s *state) {
		extended := len(s.extended) > 0
		if extended && c.repair == repairAll {
			var again []*rjob
			for _, q := range s.queue {
				for _, e := range s.extended {
					if q.res >= 0 && q.res < e.to && q.res+q.est > e.from {
						q.res = -1
						again = append(again, q)
					}
				}
			}
			for _, q := range again {
				q.res = s.earliestFit(q)
			}
		}
		if extended && c.repair == repairFirst {
			for _, q := range s.queue {
				if q.res >= 0 && s.overdrawn(q) {
					q.res = s.earliestFit(q)
				}
			}
		}
		if s.released || extended {
			fix := extended && c.repair == repairInSweep
			for moved := true; moved; fix = false {
				moved = false
				for _, q := range s.queue {
					if q.res < 0 {
						if c.arrivalsInSweep {
							q.res = s.earliestFit(q)
						}
						continue
					}
					if fix && s.overdrawn(q) {
						q.res = s.earliestFit(q)
						moved = true
					} else if e := s.earliestFit(q); e < q.res {
						q.res = e
						moved = true
					}
				}
			}
		}
		for _, q := range s.queue {
			if q.res < 0 {
				q.res = s.earliestFit(q)
			}
		}
		for _, q := range append([]*rjob(nil), s.queue...) {
			if q.res <= s.now {
				s.start(q)
			}
		}
	}
}

package slurmsim

import (
	"math"
)

// plan is the backfill scheduler's CPU-time map: one profile per node class
// (the nodes that belong to the same partitions), over [now, now+bf_window).
type plan struct {
	now, horizon, res float64
	profiles          []profile
	caps              []int    // scratch: per-class CPUs a start may take
	wins              []window // scratch: earliestClasses's windows
}

// roundUp rounds t up to the bf_resolution grid (times are absolute, so
// a plan made later sees the same grid).
func (pl *plan) roundUp(t float64) float64 {
	if pl.res <= 0 || math.IsInf(t, 0) {
		return t
	}
	return math.Ceil(t/pl.res) * pl.res
}

// dur is how long the plan holds a job of limit: the limit rounded up to
// bf_resolution.
func (pl *plan) dur(limit float64) float64 {
	if pl.res <= 0 || math.IsInf(limit, 0) {
		return limit
	}
	return math.Ceil(limit/pl.res) * pl.res
}

// end is the planned end of a job of duration dur started at t, cut at the
// horizon (beyond bf_window the plan holds nothing).
func (pl *plan) end(t, dur float64) float64 {
	return min(t+dur, pl.horizon)
}

// buildPlan makes the map of now: every class's free CPUs, and the running
// jobs' CPUs coming back at their time limits.
func (s *simulation) buildPlan(now float64) {
	pl := &s.plan
	pl.now, pl.horizon = now, now+s.sp.BfWindow
	if len(pl.profiles) != len(s.m.classes) {
		pl.profiles = make([]profile, len(s.m.classes))
		pl.caps = make([]int, len(s.m.classes))
	}
	for k := range pl.profiles {
		pl.profiles[k].reset(now, s.m.classes[k].free, s.m.classes[k].cpus, s.stats.BackfillPasses)
	}
	for _, j := range s.running { // in order of runEnd, so of t
		t := pl.roundUp(j.runEnd)
		if t >= pl.horizon {
			break
		}
		t = max(t, math.Nextafter(now, math.Inf(1)))
		for _, pc := range j.pieces {
			pl.profiles[s.m.nodes[pc.node].class].release(t, pc.cpus)
		}
	}
}

// earliest returns the earliest start ≥ from in the window at which job j
// fits the plan of its partition's classes.
func (s *simulation) earliest(j *job, from float64) (float64, bool) {
	pl := &s.plan
	dur := j.planDur
	cls := j.part.classes
	if len(cls) == 1 {
		return pl.profiles[cls[0]].earliest(from, pl.horizon, j.CPUs, dur)
	}
	return s.earliestClasses(j, from)
}

// A window is one class's part of a search over several classes: the
// steps of its profile that overlap [t, e], as a deque of step indices
// whose free CPUs increase from front to back, so that the front is the
// least free CPUs over [t, e] (a sliding-window minimum).
type window struct {
	dq   []int
	head int
	next int // the first step not yet in the window
	cand int // the first point after the current start time
}

// earliestClasses is earliest for a partition of several classes: the
// job fits at t when the least free CPUs of each class over [t, e] (see profile.earliest) add
// up to its CPUs (it keeps its CPUs on the same nodes throughout). The
// start times tried are from and every later point of any of the classes,
// in order; each class's window slides forward with them, so one search
// visits every point once per class.
func (s *simulation) earliestClasses(j *job, from float64) (float64, bool) {
	pl := &s.plan
	cls := j.part.classes
	if len(pl.wins) < len(cls) {
		pl.wins = make([]window, len(cls))
	}
	wins := pl.wins[:len(cls)]
	for x, k := range cls {
		i := pl.profiles[k].at(from, 0)
		w := &wins[x]
		w.dq, w.head, w.next, w.cand = w.dq[:0], 0, i, i+1
	}
	t := from
	for t < pl.horizon {
		e := pl.end(t, j.planDur)
		free := 0
		for x, k := range cls {
			pts, w := pl.profiles[k].pts, &wins[x]
			for ; w.next < len(pts) && pts[w.next].t <= e; w.next++ {
				for len(w.dq) > w.head && pts[w.dq[len(w.dq)-1]].free >= pts[w.next].free {
					w.dq = w.dq[:len(w.dq)-1]
				}
				w.dq = append(w.dq, w.next)
			}
			for f := w.dq[w.head]; f+1 < len(pts) && pts[f+1].t <= t; f = w.dq[w.head] {
				w.head++
			}
			free += max(pts[w.dq[w.head]].free, 0)
		}
		if free >= j.CPUs {
			return t, true
		}
		// The next start time: the earliest point after t of any class.
		next := math.Inf(1)
		for x, k := range cls {
			pts, w := pl.profiles[k].pts, &wins[x]
			for w.cand < len(pts) && pts[w.cand].t <= t {
				w.cand++
			}
			if w.cand < len(pts) {
				next = math.Min(next, pts[w.cand].t)
			}
		}
		t = next
	}
	return 0, false
}

// reserve takes j's CPUs in the plan from t, class by class in order, as
// whole nodes: Slurm's backfill (_add_reservation, backfill.c) removes the
// nodes it plans a job on from the map for the reservation's time, so no
// later job is planned on them then, even on CPUs the job leaves free. The
// plan counts CPUs per class, not per node: a reservation of c CPUs in a
// class closes the fewest of its largest nodes that hold them (⌈c/n⌉ × n
// CPUs, at most the class's free ones at each step), which is Slurm's on a
// class of one node and on nodes idle at the reservation's start.
func (s *simulation) reserve(j *job, t float64) {
	pl := &s.plan
	e := pl.end(t, j.planDur)
	need := j.CPUs
	if cls := j.part.classes; len(cls) == 1 { // earliest found them free
		pl.profiles[cls[0]].close(t, e, s.m.wholeNodes(cls[0], need))
		return
	}
	for _, k := range j.part.classes {
		pr := &pl.profiles[k]
		take := min(need, max(pr.minFree(t, e), 0))
		pr.close(t, e, s.m.wholeNodes(k, take))
		if need -= take; need == 0 {
			return
		}
	}
}

// backfillPass is one pass of the backfill scheduler (sched/backfill): the
// queue in order, up to bf_max_job_test jobs tested (bf_max_job_user per
// user); each gets the earliest start in the plan; a job that fits now is
// started on the CPUs the plan leaves free until its time limit, so that
// it delays no reservation; a job that does not fit now gets a
// reservation when its start is within bf_window, none otherwise.
func (s *simulation) backfillPass() {
	s.bfClean = true
	if !s.anyFits() {
		return
	}
	s.stats.BackfillPasses++
	now := s.eng.Now()
	s.buildPlan(now)
	pl := &s.plan
	free := 0
	for _, c := range s.m.classes {
		free += c.free
	}
	// last is the last job of the queue that fits the free CPUs of the
	// whole machine: past it, no job left can start now, and the
	// reservations of the rest could hold back nothing that could. The
	// free CPUs only fall during the pass, so last only moves back.
	last := len(s.queue) - 1
	clear(s.perUser)
	tested := 0
	for i, j := range s.queue {
		for last >= i && s.queue[last].CPUs > free {
			last--
		}
		if last < i || tested >= s.sp.BfMaxJobTest {
			break
		}
		if s.sp.BfMaxJobUser > 0 && s.perUser[j.User] >= s.sp.BfMaxJobUser {
			continue
		}
		if j.q.held(j.User, j.CPUs) {
			continue
		}
		tested++
		if s.sp.BfMaxJobUser > 0 {
			s.perUser[j.User]++
		}
		pass := s.stats.BackfillPasses
		if j.part.unfit.has(pass, j.CPUs, j.planDur) {
			continue
		}
		t, ok := s.earliest(j, now)
		if !ok {
			j.part.unfit.add(pass, j.CPUs, j.planDur)
			continue
		}
		if t == now {
			if s.startInPlan(j) {
				free -= j.CPUs
				continue
			}
			// It fits the plan's CPUs but not the nodes (a job of n
			// nodes): reserve at the next time it fits.
			next := pl.horizon
			for _, k := range j.part.classes {
				if pts := pl.profiles[k].pts; len(pts) > 1 {
					next = math.Min(next, pts[1].t)
				}
			}
			if t, ok = s.earliest(j, next); !ok {
				continue
			}
		}
		s.reserve(j, t)
	}
	s.compact()
}

// anyFits reports whether some pending job not held by its QoS fits the
// free CPUs of its partition now, reservations aside. When none does, a
// backfill pass can start nothing, and the reservations it would make are
// forgotten at the next pass: it is skipped.
func (s *simulation) anyFits() bool {
	for _, p := range s.parts {
		p.free = 0
		for _, k := range p.classes {
			p.free += s.m.classes[k].free
		}
	}
	for _, j := range s.queue {
		if j.CPUs <= j.part.free && !j.q.held(j.User, j.CPUs) {
			return true
		}
	}
	return false
}

// startInPlan starts j now on CPUs that the plan leaves free over its whole
// planned run, class by class, and takes them in the plan.
func (s *simulation) startInPlan(j *job) bool {
	pl := &s.plan
	e := pl.end(pl.now, j.planDur)
	clear(pl.caps)
	if cls := j.part.classes; len(cls) == 1 { // earliest found them free
		pl.caps[cls[0]] = j.CPUs
	} else {
		for _, k := range cls {
			pl.caps[k] = max(pl.profiles[k].minFree(pl.now, e), 0)
		}
	}
	pieces, ok := s.m.place(j.part, j.CPUs, j.Nodes, pl.caps, s.scratch[:0])
	s.scratch = pieces[:0]
	if !ok {
		return false
	}
	for _, pc := range pieces {
		pl.profiles[s.m.nodes[pc.node].class].take(pl.now, e, pc.cpus)
	}
	s.start(j, pieces, true)
	return true
}

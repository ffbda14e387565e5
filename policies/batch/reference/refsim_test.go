package reference

import (
	"math"
	"sort"
)

// job is one job of a workload as given: its estimate may be below 1 s
// and its runtime 0, below, equal to or above the estimate.
type job struct {
	id       int64
	submit   float64
	size     int
	runtime  float64
	estimate float64
}

// outcome is when a job started and ended.
type outcome struct{ start, end float64 }

// config is the cluster the reference replays on.
type config struct {
	procs int
	// kill is kill_at_estimate: a job still running at its requested
	// time ends there.
	kill bool
	// step is overrun_step (60 s by default).
	step float64
	// sjf is the queue order sjf ("shortest estimate first, ties by
	// arrival"); otherwise the queue is in arrival order (submit).
	sjf bool
	// alt picks readings of what the docs leave open; its zero value is
	// the reading schedsim follows.
	alt reading
}

// reading names the alternatives where the docs did not decide; each
// field set is a misreading that the cross-check must catch
// (TestMisreadingsAreCaught).
type reading struct {
	// killAtGiven kills at the given estimate when it is below 1 s,
	// rather than at the estimate raised to 1 s.
	killAtGiven bool
	// onePassPerInstant runs no second pass in an instant: a job of
	// runtime 0 that ends in the instant it started frees its processors
	// for the next instant only.
	onePassPerInstant bool
	// noPassOnExtension runs no pass at an instant where running jobs
	// were only extended (no end, no arrival).
	noPassOnExtension bool
	// sjfByGiven orders the sjf queue by the given estimates, rather
	// than by the estimates raised to 1 s that schedulers see.
	sjfByGiven bool
	// extraAlwaysConsumed makes an EASY backfill that fits in the extra
	// processors consume them even when it ends by the shadow time.
	extraAlwaysConsumed bool
}

// minEstimate: "estimates below 1 s are raised to 1 s so every job
// occupies a non-empty interval" (cluster.md, Estimates).
const minEstimate = 1.0

// rjob is a job from its arrival on.
type rjob struct {
	job
	// est is the estimate the schedulers see: the given one raised to
	// minEstimate.
	est float64
	// start, estEnd and end are set when the job starts: estEnd is
	// start + est, moved by the overrun steps; end is the actual end.
	start, estEnd, end float64
	// next is the overrun step the next extension adds.
	next float64
	// res is conservative's reservation (start time), -1 when none.
	res float64
}

// extension is the interval [from, to) by which a running job's
// estimated end was moved at an instant.
type extension struct{ from, to float64 }

// state is the cluster at an instant, as a policy sees it in a pass.
type state struct {
	cfg     config
	now     float64
	queue   []*rjob // queue order
	running []*rjob
	// released: a running job ended before its estimated end since the
	// last pass. extended: the extensions since the last pass.
	released bool
	extended []extension
	out      map[int64]outcome
}

// policy is one scheduling pass.
type policy func(s *state)

// free is the number of processors no running job holds.
func (s *state) free() int {
	f := s.cfg.procs
	for _, r := range s.running {
		f -= r.size
	}
	return f
}

// start starts a queued job now.
func (s *state) start(r *rjob) {
	for i, q := range s.queue {
		if q == r {
			s.queue = append(s.queue[:i], s.queue[i+1:]...)
			break
		}
	}
	r.start = s.now
	r.estEnd = s.now + r.est
	r.end = s.now + r.runtime
	// kill_at_estimate: "A job still running at its requested time is
	// killed there". Choice: the requested time is the estimate as
	// schedulers see it, raised to 1 s (the docs did not say which).
	kill := r.est
	if s.cfg.alt.killAtGiven {
		kill = r.estimate
	}
	if s.cfg.kill && r.runtime > kill {
		r.end = s.now + kill
	}
	r.next = s.cfg.step
	s.running = append(s.running, r)
}

// simulate replays jobs (in submit order) under pass and returns every
// completed job's outcome by ID. The event loop follows cluster.md's
// Events: at each instant, job ends, then the extensions of the running
// jobs that reached their estimated end without ending (choice: with the
// ends, before the pass; the docs do not place them), then arrivals, then
// one pass. A job started with runtime 0 ends at the same instant, after
// the pass; choice: its end is one more event of that instant, followed
// by one more pass (the docs say "one scheduling pass per instant" and do
// not say what a job ending in the instant it started does). Choice: an
// instant where running jobs were only extended has a pass too.
func simulate(cfg config, jobs []job, pass policy) map[int64]outcome {
	s := &state{cfg: cfg, out: map[int64]outcome{}}
	next := 0
	lastPass := math.Inf(-1)
	for {
		t := math.Inf(1)
		if next < len(jobs) {
			t = jobs[next].submit
		}
		for _, r := range s.running {
			t = math.Min(t, r.end)
			if r.estEnd < r.end {
				t = math.Min(t, r.estEnd)
			}
		}
		if math.IsInf(t, 1) {
			return s.out
		}
		s.now = t
		events := false // an end or an arrival
		kept := s.running[:0]
		for _, r := range s.running {
			if r.end == t {
				events = true
				s.out[r.id] = outcome{r.start, r.end}
				if r.estEnd > t {
					s.released = true
				}
				continue
			}
			kept = append(kept, r)
		}
		s.running = kept
		for _, r := range s.running {
			if r.estEnd == t {
				// "its estimated end is extended by overrun_step, then
				// 2×, 4× … that step".
				s.extended = append(s.extended, extension{r.estEnd, r.estEnd + r.next})
				r.estEnd += r.next
				r.next *= 2
			}
		}
		for next < len(jobs) && jobs[next].submit == t {
			j := jobs[next]
			next++
			events = true
			if j.size > cfg.procs {
				continue // rejected: counted, never run
			}
			s.arrive(&rjob{job: j, est: math.Max(j.estimate, minEstimate), res: -1})
		}
		if (cfg.alt.onePassPerInstant && t == lastPass) || (cfg.alt.noPassOnExtension && !events) {
			continue
		}
		lastPass = t
		pass(s)
		s.released = false
		s.extended = s.extended[:0]
	}
}

// arrive queues a job: last in arrival order; with sjf, after every
// queued job whose estimate is not longer (choice: the estimate the
// schedulers see, raised to 1 s).
func (s *state) arrive(r *rjob) {
	key := func(q *rjob) float64 {
		if s.cfg.alt.sjfByGiven {
			return q.estimate
		}
		return q.est
	}
	i := len(s.queue)
	if s.cfg.sjf {
		i = sort.Search(len(s.queue), func(k int) bool { return key(s.queue[k]) > key(r) })
	}
	s.queue = append(s.queue[:i], append([]*rjob{r}, s.queue[i:]...)...)
}

// fcfs: "start the queue head while it fits; the head blocks the queue".
func fcfs(s *state) {
	for len(s.queue) > 0 && s.queue[0].size <= s.free() {
		s.start(s.queue[0])
	}
}

// fpfs: "start, in queue order, every queued job that fits now".
func fpfs(s *state) {
	for _, q := range append([]*rjob(nil), s.queue...) {
		if q.size <= s.free() {
			s.start(q)
		}
	}
}

// shadow is the head's shadow time, "the earliest time at which, by the
// running jobs' estimated ends, enough processors are free for it", and
// its extra processors, "those free at the shadow time beyond what the
// head needs (every job ending exactly at the shadow time counts)".
func shadow(s *state, need int) (float64, int) {
	avail := s.free()
	if need <= avail {
		return s.now, avail - need
	}
	run := append([]*rjob(nil), s.running...)
	sort.Slice(run, func(a, b int) bool { return run[a].estEnd < run[b].estEnd })
	for i := 0; i < len(run); {
		t := run[i].estEnd
		for ; i < len(run) && run[i].estEnd == t; i++ {
			avail += run[i].size
		}
		if avail >= need {
			return t, avail - need
		}
	}
	return math.Inf(1), 0
}

// easy is EASY (doc comment of batch.EASY); with sjbf the backfill
// candidates are examined by estimate, shortest first, ties in queue
// order (doc comment of batch.EASYSJBF).
func easy(sjbf bool) policy {
	return func(s *state) {
		fcfs(s)
		if len(s.queue) == 0 {
			return
		}
		sh, extra := shadow(s, s.queue[0].size)
		cands := append([]*rjob(nil), s.queue[1:]...)
		if sjbf {
			sort.SliceStable(cands, func(a, b int) bool { return cands[a].est < cands[b].est })
		}
		for _, c := range cands {
			if c.size > s.free() {
				continue
			}
			// Choice: a job that ends by the shadow time does not consume
			// extra processors even when it would fit in them ("uses no
			// more than the extra processors (which it then consumes)"
			// reads as the second alternative only).
			if s.now+c.est <= sh && !(s.cfg.alt.extraAlwaysConsumed && c.size <= extra) {
				s.start(c)
			} else if c.size <= extra {
				extra -= c.size
				s.start(c)
			}
		}
	}
}

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
	// user is SWF field 12 (1 to 3 here), read by easy++'s predictor.
	user int
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
	// predictor names the predictor of the policies that read one
	// (predictor_k k) and correction the correction strategy (increment
	// and list its parameters); empty: the policy's own.
	predictor, correction string
	k                     int
	increment             float64
	list                  []float64
	// maui is the order: maui weights (nil: the order is submit or sjf).
	maui *weights
	// delay is greedy-easy's delay_factor.
	delay float64
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
	// predictFromGiven is what schedsim's predictors do (a deviation from
	// the docs): they take the given estimate, not the one raised to
	// 1 s, as the requested time, so doubled predicts 2 × the given
	// estimate and user-last-k caps its mean by the given estimate, not
	// at all when that is 0.
	predictFromGiven bool
	// sjfByRequested orders the sjf queue by the requested times even
	// under a predictor, rather than by the predictions.
	sjfByRequested bool
	// tailByEstimate examines tail-double's candidates shortest doubled
	// estimate first (predictions.md's SJBF paragraph read as covering
	// tail-double), rather than in queue order.
	tailByEstimate bool
	// lookaheadLastTies breaks lookahead's ties between sets of equal
	// use towards the later jobs in queue order (pyss's LOS).
	lookaheadLastTies bool
	// greedyLastAmongEquals lets the last of greedy-easy's five orders
	// that take the most jobs win, rather than the first.
	greedyLastAmongEquals bool
	// observeByID observes the jobs that end at one instant in the order
	// of their IDs, rather than in the order they started (the order of
	// their end events, scheduled when they start).
	observeByID bool
	// passOnRejection runs a pass at the instant a job larger than P is
	// rejected, as at an arrival.
	passOnRejection bool
}

// minEstimate: "estimates below 1 s are raised to 1 s so every job
// occupies a non-empty interval" (cluster.md, Estimates).
const minEstimate = 1.0

// rjob is a job from its arrival on.
type rjob struct {
	job
	// req is the requested time: the given estimate raised to
	// minEstimate.
	req float64
	// est is the estimate the schedulers see while the job is queued:
	// its prediction, made at arrival and raised to minEstimate (req
	// without a predictor).
	est float64
	// start, estEnd and end are set when the job starts: estEnd is
	// start + est, moved by the overrun steps; end is the actual end.
	start, estEnd, end float64
	// next is the overrun step the next extension adds.
	next float64
	// corrections counts the corrections of the job's prediction.
	corrections int
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
	// served are the runtimes as served of every user's finished jobs,
	// in the order they ended (jobs ending at one instant: in the order
	// they started).
	served map[int][]float64
}

// policy is one scheduling pass.
type policy func(s *state)

// predictor is the prediction a policy plans a job with, made at its
// arrival (before minEstimate is applied); nil is the requested time.
type predictor func(s *state, r *rjob) float64

// ref is a reference policy: its pass and its predictor.
type ref struct {
	pass    policy
	predict predictor
}

// free is the number of processors no running job holds.
func (s *state) free() int {
	f := s.cfg.procs
	for _, r := range s.running {
		f -= r.size
	}
	return f
}

// start starts a queued job now with its queued estimate.
func (s *state) start(r *rjob) { s.startAs(r, r.est) }

// startAs starts a queued job now, to run with estimate est.
func (s *state) startAs(r *rjob, est float64) {
	for i, q := range s.queue {
		if q == r {
			s.queue = append(s.queue[:i], s.queue[i+1:]...)
			break
		}
	}
	r.start = s.now
	r.estEnd = s.now + est
	r.end = s.now + r.runtime
	// kill_at_estimate: "A job still running at its requested time is
	// killed there". Choice: the requested time is the estimate as
	// schedulers see it, raised to 1 s (the docs did not say which).
	kill := r.req
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
//
// With a predictor, a running job still running at its estimated end
// while that is below its requested time is corrected (correct), as an
// extension: predictions.md, step 3. The overrun steps count from the
// requested time on (step 4).
func simulate(cfg config, jobs []job, rf ref) map[int64]outcome {
	s := &state{cfg: cfg, out: map[int64]outcome{}, served: map[int][]float64{}}
	pass := rf.pass
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
		var ended []*rjob // in the order they started
		for _, r := range s.running {
			if r.end == t {
				events = true
				s.out[r.id] = outcome{r.start, r.end}
				ended = append(ended, r)
				if r.estEnd > t {
					s.released = true
				}
				continue
			}
			kept = append(kept, r)
		}
		s.running = kept
		if cfg.alt.observeByID {
			sort.Slice(ended, func(a, b int) bool { return ended[a].id < ended[b].id })
		}
		for _, r := range ended {
			s.served[r.user] = append(s.served[r.user], r.end-r.start)
		}
		for _, r := range s.running {
			if r.estEnd == t && t < r.start+r.req {
				p := s.correct(r, t-r.start)
				s.extended = append(s.extended, extension{r.estEnd, r.start + p})
				r.estEnd = r.start + p
			} else if r.estEnd == t {
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
			if j.size > cfg.procs {
				// Rejected: counted, never run. Choice: it is no
				// arrival, so it calls for no pass (which only matters
				// when a pass depends on its time: order maui).
				events = events || cfg.alt.passOnRejection
				continue
			}
			events = true
			r := &rjob{job: j, req: math.Max(j.estimate, minEstimate), res: -1}
			r.est = r.req
			if rf.predict != nil {
				r.est = math.Max(rf.predict(s, r), minEstimate)
			}
			s.arrive(r)
		}
		if (cfg.alt.onePassPerInstant && t == lastPass) || (cfg.alt.noPassOnExtension && !events) ||
			(!events && len(s.extended) == 0) {
			continue
		}
		lastPass = t
		if cfg.maui != nil {
			s.prioritize()
		}
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
		if s.cfg.alt.sjfByRequested {
			return q.req
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

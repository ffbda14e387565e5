package slurmsim

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// DefaultSchedInterval is sched_interval's default, in seconds.
const DefaultSchedInterval = 60

// Event priorities at one instant: job ends first, then submits and
// eligibilities, the priority recalculation, and last the passes, which
// see every change of the instant.
const (
	prioEnd      = sim.PriorityDeparture
	prioEndBatch = sim.PriorityDeparture + 1
	prioSubmit   = sim.PriorityDefault
	prioCalc     = sim.PriorityDefault + 10
	prioMainTick = sim.PrioritySchedule - 1
	prioMain     = sim.PrioritySchedule
	prioBackfill = sim.PrioritySchedule + 1
)

// job is a Job with what the replay keeps of it.
type job struct {
	Job
	part       *partition
	q          *qos
	pj         slurmprio.Job
	factors    slurmprio.Factors
	tier       int     // its partition's PriorityTier
	limit, run float64 // time limit and modelled run time
	planDur    float64 // how long the backfill plan holds it (limit rounded up to bf_resolution)
	prio       float64
	start      float64
	pieces     []piece
	runEnd     float64 // start + limit: when its time limit is up
	started    bool
	backfilled bool
}

// simulation is one replay.
type simulation struct {
	ctx  context.Context
	eng  sim.Engine
	cfg  Config
	sp   slurmconf.SchedParams
	prio *slurmprio.Engine
	next func() (Job, error)
	out  func(Record)

	m       machine
	parts   []*partition
	byName  map[string]*partition
	def     *partition
	qos     map[string]*qos
	qosList bool

	queue   []*job // eligible pending jobs, in order (queue.go)
	running []*job // by time limit's end, then ID (byEnd)
	waiting int    // submitted, not yet eligible
	ended   []*job
	done    bool // the history is read to its end
	read    int

	backfill bool
	depth    int
	pass     int
	// startedInPass counts the jobs started since the queue was last
	// compacted.
	startedInPass int
	full          bool // the instant's main pass looks at the whole queue
	passAt        float64
	// mainClean and bfClean: nothing changed since the last full main
	// pass / backfill pass, which would then start nothing: skip it.
	mainClean, bfClean bool

	mainTick, bfTick, calcTick ticker
	plan                       plan
	perUser                    map[string]int
	scratch                    []piece
	freePieces                 [][]piece
	runBuf                     []slurmprio.Running

	actSubmit, actEligible, actEnd, actEndBatch, actMain sim.Action

	stats Stats
	err   error
}

// Run replays the jobs next yields (in Submit order, io.EOF at the end) on eng, calling out
// for every job when it ends, in end order (ties by ID). Memory is O(pending + running),
// not O(history). A job whose partition is unknown or that is larger than its partition
// is an error "slurmsim: sacct job ID (line N): …" (the caller prefixes the file).
func Run(ctx context.Context, eng sim.Engine, cfg Config, next func() (Job, error), out func(Record)) (Stats, error) {
	s, err := newSimulation(ctx, eng, cfg, next, out)
	if err != nil {
		return Stats{}, err
	}
	if err := ctx.Err(); err != nil {
		return Stats{}, sim.ErrInterrupted
	}
	err = s.run(sim.Limit{})
	return s.stats, err
}

// run replays the history on the engine, until lim (a test's checker).
func (s *simulation) run(lim sim.Limit) error {
	eng := s.eng
	s.prio.Update(eng.Now(), nil)
	s.readNext()
	reason := sim.Drained
	if s.err == nil {
		reason = eng.Run(lim)
	}
	switch {
	case s.err != nil:
		return s.err
	case reason == sim.Interrupted || s.ctx.Err() != nil:
		return sim.ErrInterrupted
	case reason != sim.Drained:
		return fmt.Errorf("slurmsim: the engine stopped early (%v)", reason)
	case len(s.queue)+len(s.running)+s.waiting > 0 || !s.done:
		return fmt.Errorf("slurmsim: the replay stopped with %d jobs pending and %d running at %gs",
			len(s.queue)+s.waiting, len(s.running), eng.Now())
	}
	return nil
}

func newSimulation(ctx context.Context, eng sim.Engine, cfg Config, next func() (Job, error), out func(Record)) (*simulation, error) {
	if cfg.Conf == nil || cfg.Tree == nil || next == nil || out == nil || eng == nil {
		return nil, errors.New("slurmsim: Run needs an engine, a slurm.conf, an association tree, a job source and an output")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	s := &simulation{ctx: ctx, eng: eng, cfg: cfg, sp: cfg.Conf.Sched, next: next, out: out,
		byName: map[string]*partition{}, perUser: map[string]int{}, passAt: math.Inf(-1)}
	if err := s.setupMachine(cfg.Conf); err != nil {
		return nil, err
	}
	if err := s.setupQOS(cfg.QOS); err != nil {
		return nil, err
	}
	s.qosList = cfg.QOS != nil
	switch cfg.Conf.SchedulerType {
	case "", "sched/backfill":
		s.backfill = true
	case "sched/builtin":
	default:
		return nil, fmt.Errorf("slurmsim: SchedulerType %s is not modelled (sched/backfill or sched/builtin)", cfg.Conf.SchedulerType)
	}
	if cfg.SchedInterval == 0 {
		cfg.SchedInterval = DefaultSchedInterval
	}
	s.depth = s.sp.DefaultQueueDepth
	if s.depth <= 0 {
		s.depth = 100
	}
	if s.sp.BfMaxJobTest <= 0 {
		s.sp.BfMaxJobTest = 500
	}
	if s.sp.BfWindow <= 0 {
		s.sp.BfWindow = 1440 * 60
	}
	if s.sp.BfInterval <= 0 {
		s.sp.BfInterval = 30
	}
	s.plan.res = s.sp.BfResolution
	if err := checkPositive("sched_interval", cfg.SchedInterval); err != nil {
		return nil, err
	}
	name := cfg.FairShare
	if name == "" {
		name = slurmprio.Name(cfg.Conf)
	}
	prio, err := slurmprio.New(name, cfg.Priority, cfg.Tree, slurmprio.ClusterFrom(cfg.Conf, cfg.QOS, cfg.Epoch))
	if err != nil {
		return nil, fmt.Errorf("slurmsim: %w", err)
	}
	s.prio = prio
	s.actSubmit = func(a any) { s.submit(a.(*job)) }
	s.actEligible = func(a any) { s.eligible(a.(*job)) }
	s.actEnd = func(a any) { s.end(a.(*job)) }
	s.actEndBatch = func(any) { s.endBatch() }
	s.actMain = func(any) { s.runMain() }
	s.mainTick = ticker{iv: cfg.SchedInterval, prio: prioMainTick, s: s, fire: s.mainTickFired}
	s.calcTick = ticker{iv: prio.Options().CalcPeriod, prio: prioCalc, s: s, fire: s.calcFired}
	if s.backfill {
		s.bfTick = ticker{iv: s.sp.BfInterval, prio: prioBackfill, s: s, fire: s.bfFired}
	}
	s.cfg = cfg
	return s, nil
}

func checkPositive(key string, v float64) error {
	if !(v > 0) || math.IsInf(v, 0) {
		return fmt.Errorf("slurmsim: %s must be a positive number of seconds (got %v)", key, v)
	}
	return nil
}

// fail records the first error and stops the engine.
func (s *simulation) fail(err error) {
	if s.err == nil {
		s.err = err
	}
	s.eng.Stop()
}

func (s *simulation) jobErr(j *job, err error) error {
	return fmt.Errorf("slurmsim: sacct job %d (line %d): %w", j.ID, j.Line, err)
}

// readNext reads the next job of the history and schedules its submit.
func (s *simulation) readNext() {
	if s.read++; s.read%4096 == 0 && s.ctx.Err() != nil {
		s.eng.Stop()
		return
	}
	jb, err := s.next()
	if errors.Is(err, io.EOF) {
		s.done = true
		return
	}
	if err != nil {
		s.fail(err)
		return
	}
	j := &job{Job: jb}
	if err := s.admit(j); err != nil {
		s.fail(err)
		return
	}
	s.eng.Schedule(j.Submit, prioSubmit, s.actSubmit, j)
}

// submit makes j pending (eligible now or at its Eligible time) and reads
// the next job.
func (s *simulation) submit(j *job) {
	s.waiting++
	if j.Eligible > j.Submit {
		s.eng.Schedule(j.Eligible, prioSubmit, s.actEligible, j)
	} else {
		s.eligible(j)
	}
	s.readNext()
}

// eligible queues j with its priority; the main scheduler runs.
func (s *simulation) eligible(j *job) {
	s.waiting--
	now := s.eng.Now()
	f, err := s.prio.Priority(j.pj, now)
	if err != nil {
		s.fail(s.jobErr(j, err))
		return
	}
	j.factors, j.prio = f, f.Priority
	s.enqueue(j)
	s.changed()
	s.arm()
}

// start runs j now on pieces (s.scratch: they are copied), by the backfill scheduler
// when backfilled.
func (s *simulation) start(j *job, pieces []piece, backfilled bool) {
	now := s.eng.Now()
	var buf []piece
	if n := len(s.freePieces); n > 0 {
		buf, s.freePieces = s.freePieces[n-1][:0], s.freePieces[:n-1]
	}
	j.pieces = append(buf, pieces...)
	s.m.take(j.pieces)
	j.q.cpus += j.CPUs
	j.q.users[j.User]++
	j.start, j.started, j.backfilled = now, true, backfilled
	j.runEnd = now + j.limit
	i, _ := slices.BinarySearchFunc(s.running, j, byEnd)
	s.running = slices.Insert(s.running, i, j)
	s.startedInPass++
	if backfilled {
		s.stats.Backfilled++
		s.mainClean = false
	} else {
		s.bfClean = false
	}
	s.eng.Schedule(now+j.run, prioEnd, s.actEnd, j)
}

// end collects the jobs ending at this instant; endBatch ends them in ID
// order.
func (s *simulation) end(j *job) {
	if len(s.ended) == 0 {
		s.eng.Schedule(s.eng.Now(), prioEndBatch, s.actEndBatch, nil)
	}
	s.ended = append(s.ended, j)
}

func (s *simulation) endBatch() {
	now := s.eng.Now()
	slices.SortFunc(s.ended, func(a, b *job) int { return cmp.Compare(a.ID, b.ID) })
	for _, j := range s.ended {
		s.m.give(j.pieces)
		s.freePieces = append(s.freePieces, j.pieces)
		j.pieces = nil
		j.q.cpus -= j.CPUs
		if j.q.users[j.User]--; j.q.users[j.User] == 0 {
			delete(j.q.users, j.User)
		}
		if i, ok := slices.BinarySearchFunc(s.running, j, byEnd); ok {
			s.running = slices.Delete(s.running, i, i+1)
		}
		s.prio.JobEnd(j.Assoc, j.CPUs, j.start, now)
		s.stats.Jobs++
		s.out(Record{Job: &j.Job, Start: j.start, End: now, Priority: j.prio, Backfilled: j.backfilled})
	}
	clear(s.ended)
	s.ended = s.ended[:0]
	s.changed()
}

// changed notes a change of the queue or the resources: both schedulers
// have something new to look at, and the main scheduler runs at this
// instant (event-triggered, on default_queue_depth jobs).
func (s *simulation) changed() {
	s.mainClean, s.bfClean = false, false
	now := s.eng.Now()
	if s.passAt != now {
		s.passAt = now
		s.eng.Schedule(now, prioMain, s.actMain, nil)
	}
}

// runMain runs the instant's main pass.
func (s *simulation) runMain() {
	full := s.full
	s.full = false
	if len(s.queue) == 0 || (full && s.mainClean) {
		return
	}
	s.mainPass(full)
}

// active reports whether the periodic work has anything to do.
func (s *simulation) active() bool {
	return len(s.queue)+len(s.running)+s.waiting > 0
}

// arm starts the periodic tickers that are not running.
func (s *simulation) arm() {
	s.mainTick.arm()
	s.calcTick.arm()
	if s.backfill {
		s.bfTick.arm()
	}
}

func (s *simulation) mainTickFired() {
	// The full pass runs at the main pass's priority, after the instant's
	// other changes.
	s.full = true
	if s.passAt != s.eng.Now() {
		s.passAt = s.eng.Now()
		s.eng.Schedule(s.passAt, prioMain, s.actMain, nil)
	}
}

func (s *simulation) bfFired() {
	if len(s.queue) > 0 && !s.bfClean {
		s.backfillPass()
	}
}

func (s *simulation) calcFired() {
	now := s.eng.Now()
	s.runBuf = s.runBuf[:0]
	for _, j := range s.running {
		s.runBuf = append(s.runBuf, slurmprio.Running{Assoc: j.Assoc, CPUs: j.CPUs, Start: j.start})
	}
	s.prio.Update(now, s.runBuf)
	if s.reprioritise(now) {
		s.mainClean, s.bfClean = false, false
	}
}

// byEnd orders running jobs by the end of their time limit, then ID: the
// order in which the backfill plan sees their CPUs come back.
func byEnd(a, b *job) int {
	if c := cmp.Compare(a.runEnd, b.runEnd); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

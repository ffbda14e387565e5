package slurmsim

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model"
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
	records []Record // of the last instant jobs ended at, not yet reported
	done    bool     // the history is read to its end
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

	// batchDelay is batch_sched_delay; lastBg is when the controller's
	// background loop last ran the main scheduler (a submit's deferred
	// pass or a sched_interval pass); reqGen numbers the pending deferred
	// pass (0: none pending).
	batchDelay     float64
	lastBg         float64
	reqGen, reqSeq int

	mainTick, bfTick, calcTick ticker
	plan                       plan
	perUser                    map[string]int
	scratch                    []piece
	mainCaps                   []int
	freePieces                 [][]piece
	runBuf                     []slurmprio.Running

	actSubmit, actEligible, actEnd, actEndBatch, actMain, actRequest sim.Action

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
	if s.err == nil {
		s.flush()
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

// newSimulation checks cfg and sets up a replay: the machine, the QoS
// table, the scheduler parameters (defaults for zero values), the
// priority engine and the event handlers.
func newSimulation(ctx context.Context, eng sim.Engine, cfg Config, next func() (Job, error), out func(Record)) (*simulation, error) {
	if cfg.Conf == nil || cfg.Tree == nil || next == nil || out == nil || eng == nil {
		return nil, errors.New("slurmsim: Run needs an engine, a slurm.conf, an association tree, a job source and an output")
	}
	if ctx == nil {
		ctx = context.Background()
	}
	s := &simulation{ctx: ctx, eng: eng, sp: cfg.Conf.Sched, next: next, out: out,
		byName: map[string]*partition{}, perUser: map[string]int{}, passAt: math.Inf(-1),
		lastBg: math.Inf(-1)}
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
	s.batchDelay = 3
	if s.sp.BatchSchedDelaySet {
		s.batchDelay = s.sp.BatchSchedDelay
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
	if err := model.FinitePositive("sched_interval", cfg.SchedInterval); err != nil {
		return nil, fmt.Errorf("slurmsim: %w", err)
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
	s.actRequest = func(a any) { s.requestFired(a.(int)) }
	s.mainTick = ticker{iv: cfg.SchedInterval, prio: prioMainTick, s: s, fire: s.mainTickFired}
	s.calcTick = ticker{iv: prio.Options().CalcPeriod, prio: prioCalc, s: s, fire: s.calcFired}
	if s.backfill {
		s.bfTick = ticker{iv: s.sp.BfInterval, prio: prioBackfill, s: s, fire: s.bfFired}
	}
	return s, nil
}

// fail records the first error and stops the engine.
func (s *simulation) fail(err error) {
	if s.err == nil {
		s.err = err
	}
	s.eng.Stop()
}

// jobErr places err on job j's ID and sacct line.
func (s *simulation) jobErr(j *job, err error) error {
	return fmt.Errorf("slurmsim: sacct job %d (line %d): %w", j.ID, j.Line, err)
}

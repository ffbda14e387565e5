package cluster

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// DefaultTau is the default runtime bound of the bounded slowdown, in
// seconds.
const DefaultTau = 10.0

// DefaultOverrunStep is the default first extension of the estimated end
// of a job that runs past its estimate, in seconds.
const DefaultOverrunStep = 60.0

// ErrNotInPass is returned by Starter.Start outside a scheduling pass.
var ErrNotInPass = errors.New("cluster: Start called outside a scheduling pass")

// ErrInvariant wraps every violation found by the debug invariant checker.
var ErrInvariant = errors.New("cluster: invariant violated")

// Config sets up a cluster.
type Config struct {
	// Procs is the number of processors P (≥ 1). Jobs that need more are
	// rejected: counted and listed in the Result, never run.
	Procs int
	// KillAtEstimate ends a job when it reaches its requested time (the
	// workload's estimate, not a prediction) instead of its actual
	// runtime. Off by default.
	KillAtEstimate bool
	// OverrunStep (seconds, default DefaultOverrunStep) is how far the
	// estimated end of a job that runs past it is moved: by OverrunStep
	// the first time, then by twice the previous step each time again.
	// Beyond the requested time it is only used when KillAtEstimate is
	// off; below it, it corrects the predictions of a predictor that is
	// no Corrector (each step capped at the requested time).
	OverrunStep float64
	// Tau is the runtime bound of the bounded slowdown (seconds, default
	// DefaultTau).
	Tau float64
	// Check switches on the debug invariant checker: never more than P
	// processors in use, no start before submit, every job ends exactly
	// once, the queue and the running jobs are consistent. A violation
	// stops the run with an error wrapping ErrInvariant.
	Check bool
	// StopAfter, when > 0, stops the run once that many jobs have
	// completed.
	StopAfter int
	// Jobs, when not nil, receives one CSV line per completed job, in
	// order of completion, after a header line (see CSVHeader).
	Jobs io.Writer
	// OnEnd, when not nil, is called with the record of every completed
	// job (for tests and custom metrics).
	OnEnd func(model.Job)
	// Preceding, when not nil, switches on user-based feedback: a job
	// that follows another is submitted its think time after that job
	// ends (see Preceding and feedback.go); its Submit is then that time.
	Preceding Preceding
}

// Rejected is a job that asked for more processors than the cluster has.
type Rejected struct {
	// ID is the job's identifier in its workload.
	ID int64
	// Size is the number of processors it asked for.
	Size int
}

// Cluster replays a job stream on P processors under a Scheduler.
type Cluster struct {
	eng   sim.Engine
	src   model.JobSource
	fill  model.JobFiller // src when it is one
	sched Scheduler
	track Tracker
	prio  func(*Job, float64) float64 // dynamic queue order (see Prioritized), or nil
	keys  []keyed                     // scratch of resort
	pred  Predictor
	corr  Corrector
	cfg   Config
	procs int
	view  View

	free    int
	queue   []*Job
	running []*Job
	pool    []*Job
	// changes counts the changes of the running jobs and of the queue
	// other than a job joining its end (View.Changes).
	changes uint64

	inPass      bool
	passPending bool
	srcDone     bool
	err         error
	seq         uint64
	lastSubmit  float64
	lastID      int64

	arriveAct, departAct, overrunAct, passAct sim.Action
	// scheduleNext schedules the next arrival read from the source: the
	// engine's ScheduleNext when it has one (sim.NextScheduler), else
	// Schedule.
	scheduleNext func(at float64, priority int, act sim.Action, arg any) sim.Handle

	busy  model.BusyMeter
	stats stats
	csv   *csvWriter
	fb    *feedback // nil without Config.Preceding
}

// New returns a cluster that will replay src on eng under sched. It
// validates cfg; eng must be fresh (nothing scheduled).
func New(eng sim.Engine, src model.JobSource, sched Scheduler, cfg Config) (*Cluster, error) {
	if eng == nil || src == nil || sched == nil {
		return nil, errors.New("cluster: New needs an engine, a job source and a scheduler")
	}
	if cfg.Procs < 1 {
		return nil, fmt.Errorf("cluster: procs must be ≥ 1 (got %d)", cfg.Procs)
	}
	if cfg.OverrunStep == 0 {
		cfg.OverrunStep = DefaultOverrunStep
	}
	if !(cfg.OverrunStep > 0) || math.IsInf(cfg.OverrunStep, 0) {
		return nil, fmt.Errorf("cluster: overrun step must be a finite number > 0 (got %v)", cfg.OverrunStep)
	}
	if cfg.Tau == 0 {
		cfg.Tau = DefaultTau
	}
	if !(cfg.Tau > 0) || math.IsInf(cfg.Tau, 0) {
		return nil, fmt.Errorf("cluster: tau must be a finite number > 0 (got %v)", cfg.Tau)
	}
	if cfg.StopAfter < 0 {
		return nil, fmt.Errorf("cluster: stop after must be ≥ 0 (got %d)", cfg.StopAfter)
	}
	c := &Cluster{eng: eng, src: src, sched: sched, cfg: cfg, procs: cfg.Procs, free: cfg.Procs}
	c.fill, _ = src.(model.JobFiller)
	c.track, _ = sched.(Tracker)
	c.prio = prioOrder(sched)
	if ps, ok := sched.(Predicting); ok {
		c.pred = ps.Predictor()
		c.corr, _ = c.pred.(Corrector)
	}
	c.view = View{c: c}
	c.arriveAct = c.arrive
	c.departAct = c.depart
	c.overrunAct = c.overrun
	c.passAct = c.pass
	c.scheduleNext = eng.Schedule
	if n, ok := eng.(sim.NextScheduler); ok {
		c.scheduleNext = n.ScheduleNext
	}
	c.lastSubmit = math.Inf(-1)
	c.stats.init(cfg.Tau)
	if cfg.Jobs != nil {
		c.csv = newCSVWriter(cfg.Jobs, cfg.Tau)
	}
	if cfg.Preceding != nil {
		c.fb = newFeedback(cfg.Preceding)
	}
	return c, nil
}

// View returns the read-only view that schedulers get.
func (c *Cluster) View() *View { return &c.view }

// Run replays the workload until the source is exhausted and every job has
// ended, or until lim or Config.StopAfter is reached. It returns the
// metrics of the jobs completed so far. It fails on a source error, an
// invalid job, a scheduler error, an invariant violation (with Check), or
// when the event queue drains while jobs are still queued (a scheduler
// that never starts them).
func (c *Cluster) Run(lim sim.Limit) (*Result, error) {
	if c.seq == 0 && !c.srcDone {
		c.busy.Reset(c.eng.Now())
		if c.csv != nil {
			c.csv.header()
		}
		c.readNext()
	}
	reason := sim.Drained
	if c.err == nil {
		reason = c.eng.Run(lim)
	}
	if c.err == nil && reason == sim.Drained {
		if n := len(c.queue) + len(c.running); n > 0 {
			c.err = fmt.Errorf("cluster: the event queue drained with %d jobs queued and %d running at time %v (scheduler %T never started them)",
				len(c.queue), len(c.running), c.eng.Now(), c.sched)
		} else if c.cfg.Check && c.stats.arrivals != c.stats.completed {
			c.err = fmt.Errorf("%w: %d jobs arrived but %d ended", ErrInvariant, c.stats.arrivals, c.stats.completed)
		}
	}
	if c.csv != nil {
		if err := c.csv.Flush(); err != nil && c.err == nil {
			c.err = fmt.Errorf("cluster: writing per-job records: %w", err)
		}
	}
	if c.err != nil {
		return nil, c.err
	}
	res := c.stats.result(c.procs)
	res.Reason = reason
	res.Queued, res.Running = len(c.queue), len(c.running)
	return res, nil
}

// fail records the first error and stops the engine.
func (c *Cluster) fail(err error) {
	if c.err == nil {
		c.err = err
	}
	c.eng.Stop()
}

// violation records an invariant violation (so that a scheduler that
// ignores the error cannot hide it) and returns it.
func (c *Cluster) violation(err error) error {
	c.fail(err)
	return err
}

// requestPass makes sure a scheduling pass runs at the current instant,
// after every state change of the instant.
func (c *Cluster) requestPass() {
	if !c.passPending {
		c.passPending = true
		c.eng.Schedule(c.eng.Now(), sim.PrioritySchedule, c.passAct, nil)
	}
}

// pass is the scheduling pass of an instant.
func (c *Cluster) pass(any) {
	c.passPending = false
	if c.prio != nil {
		c.resort(c.eng.Now())
	}
	c.inPass = true
	err := c.sched.Schedule(&c.view, c)
	c.inPass = false
	if err != nil {
		c.fail(fmt.Errorf("cluster: scheduler %T at time %v: %w", c.sched, c.eng.Now(), err))
		return
	}
	if c.cfg.Check {
		if err := c.checkState(); err != nil {
			c.fail(err)
		}
	}
}

// checkState checks the whole state after a pass (Check only).
func (c *Cluster) checkState() error {
	used := 0
	for k, j := range c.running {
		if j.state != Running {
			return fmt.Errorf("%w: job %d in the running list in state %v", ErrInvariant, j.job.ID, j.state)
		}
		if k > 0 && runLess(j, c.running[k-1]) {
			return fmt.Errorf("%w: running list out of order at job %d", ErrInvariant, j.job.ID)
		}
		used += j.job.Size
	}
	if used+c.free != c.procs || used > c.procs {
		return fmt.Errorf("%w: running jobs hold %d processors, %d free, on a cluster of %d", ErrInvariant, used, c.free, c.procs)
	}
	for k, j := range c.queue {
		if j.state != Queued {
			return fmt.Errorf("%w: job %d in the queue in state %v", ErrInvariant, j.job.ID, j.state)
		}
		if k > 0 && c.queueOutOfOrder(k, c.eng.Now()) {
			return fmt.Errorf("%w: queue out of order at job %d", ErrInvariant, j.job.ID)
		}
	}
	return nil
}

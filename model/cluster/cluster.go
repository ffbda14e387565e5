package cluster

import (
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"sort"

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

// readNext reads jobs until one is accepted (and schedules its arrival)
// or the source ends.
func (c *Cluster) readNext() {
	j := c.newJob()
	for {
		mj := &j.job
		err := c.read(mj)
		if err == io.EOF {
			c.srcDone = true
			c.recycle(j)
			return
		}
		if err != nil {
			c.fail(fmt.Errorf("cluster: reading the job after ID %d: %w", c.lastID, err))
			c.recycle(j)
			return
		}
		if err := model.CheckArrival(mj, c.lastSubmit, c.lastID, c.eng.Now()); err != nil {
			c.fail(fmt.Errorf("cluster: job %d: %w", mj.ID, err))
			c.recycle(j)
			return
		}
		c.lastSubmit, c.lastID = mj.Submit, mj.ID
		if mj.Size > c.procs {
			c.stats.reject(mj.ID, mj.Size)
			continue // j takes the next job
		}
		mj.Start, mj.End = -1, -1
		j.req = max(mj.Estimate, MinEstimate)
		j.est = j.req
		j.seq = c.seq
		c.seq++
		if c.fb != nil && c.fb.hold(c, j) {
			j = c.newJob()
			continue // it follows another job: the next one is read now
		}
		c.scheduleNext(mj.Submit, sim.PriorityDefault, c.arriveAct, j)
		return
	}
}

// read reads the next job of the source into *mj: in place when the
// source is a model.JobFiller.
func (c *Cluster) read(mj *model.Job) error {
	if c.fill != nil {
		return c.fill.NextInto(mj)
	}
	var err error
	*mj, err = c.src.Next()
	return err
}

func (c *Cluster) newJob() *Job {
	if n := len(c.pool); n > 0 {
		j := c.pool[n-1]
		c.pool = c.pool[:n-1]
		return j
	}
	return new(Job)
}

func (c *Cluster) recycle(j *Job) {
	*j = Job{}
	c.pool = append(c.pool, j)
}

// requestPass makes sure a scheduling pass runs at the current instant,
// after every state change of the instant.
func (c *Cluster) requestPass() {
	if !c.passPending {
		c.passPending = true
		c.eng.Schedule(c.eng.Now(), sim.PrioritySchedule, c.passAct, nil)
	}
}

// arrive is the arrival event of a job.
func (c *Cluster) arrive(arg any) {
	j := arg.(*Job)
	j.state = Queued
	j.estEnd = -1
	j.Reservation = -1
	if c.pred != nil {
		p, err := c.pred.Predict(&j.job)
		if err != nil {
			c.fail(fmt.Errorf("cluster: job %d: %w", j.job.ID, err))
			return
		}
		if !(p >= 0) || math.IsInf(p, 0) {
			c.fail(fmt.Errorf("cluster: job %d: the predictor %T predicts %v s, not a finite number ≥ 0", j.job.ID, c.pred, p))
			return
		}
		j.est = max(p, MinEstimate)
	}
	j.first = j.est
	c.stats.arrived(j.job.Submit)
	c.enqueue(j)
	if c.track != nil {
		c.track.Arrived(&c.view, j)
	}
	c.requestPass()
	if !j.follows {
		c.readNext()
	}
}

// enqueue inserts j into the queue after every job that does not come
// after it in the scheduler's order (at the end on the dynamic-order
// path: the pass sorts).
func (c *Cluster) enqueue(j *Job) {
	q := c.queue
	i := len(q)
	if i > 0 && c.prio == nil && c.sched.Less(j, q[i-1]) {
		i = sort.Search(len(q), func(k int) bool { return c.sched.Less(j, q[k]) })
	}
	q = append(q, j)
	if i < len(q)-1 {
		c.changes++
		copy(q[i+1:], q[i:])
		q[i] = j
	}
	c.queue = q
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

// Start starts the i-th queued job; see Starter.
func (c *Cluster) Start(i int) error { return c.start(i, 0) }

// start starts the i-th queued job planning on est seconds instead of
// its prediction when est > 0.
func (c *Cluster) start(i int, est float64) error {
	if !c.inPass {
		return ErrNotInPass
	}
	if i < 0 || i >= len(c.queue) {
		return fmt.Errorf("cluster: Start(%d) with %d jobs queued", i, len(c.queue))
	}
	j := c.queue[i]
	if j.job.Size > c.free {
		return fmt.Errorf("cluster: job %d needs %d processors, %d are free", j.job.ID, j.job.Size, c.free)
	}
	now := c.eng.Now()
	if c.cfg.Check {
		if j.state != Queued {
			return c.violation(fmt.Errorf("%w: starting job %d in state %v", ErrInvariant, j.job.ID, j.state))
		}
		if now < j.job.Submit {
			return c.violation(fmt.Errorf("%w: job %d starts at %v before its submission at %v", ErrInvariant, j.job.ID, now, j.job.Submit))
		}
	}
	c.dequeue(i)

	j.state = Running
	j.job.Start = now
	if est > 0 {
		j.est = max(est, MinEstimate)
	}
	j.estEnd = now + j.est
	c.free -= j.job.Size
	c.busy.Add(now, float64(j.job.Size))
	if c.cfg.Check && (c.free < 0 || c.busy.Level() > float64(c.procs)) {
		return c.violation(fmt.Errorf("%w: %d processors in use on a cluster of %d", ErrInvariant, c.procs-c.free, c.procs))
	}
	c.insertRunning(j)

	run := j.job.Runtime
	if c.cfg.KillAtEstimate && run > j.req {
		run = j.req
		j.killed = true
	}
	c.eng.Schedule(now+run, sim.PriorityDeparture, c.departAct, j)
	if now+run > j.estEnd {
		c.eng.Schedule(j.estEnd, sim.PriorityDeparture, c.overrunAct, j)
	}
	return nil
}

// dequeue removes the i-th queued job by moving the jobs on its shorter
// side: a start from the head, each of FCFS's and most of EASY's, moves
// nothing, where moving the tail was a copy of the whole queue (half
// the CPU of an FCFS replay of SDSC-BLUE, whose queue holds thousands).
func (c *Cluster) dequeue(i int) {
	c.changes++
	q := c.queue
	if i < len(q)/2 {
		copy(q[1:i+1], q[:i])
		q[0] = nil
		c.queue = q[1:]
		return
	}
	copy(q[i:], q[i+1:])
	q[len(q)-1] = nil
	c.queue = q[:len(q)-1]
}

// runLess orders running jobs by estimated end, then arrival.
func runLess(a, b *Job) bool {
	if a.estEnd != b.estEnd {
		return a.estEnd < b.estEnd
	}
	return a.seq < b.seq
}

func (c *Cluster) insertRunning(j *Job) {
	c.changes++
	r := c.running
	// sort.Search, written out: its closure was a call per probe.
	i, hi := 0, len(r)
	for i < hi {
		if m := int(uint(i+hi) >> 1); runLess(j, r[m]) {
			hi = m
		} else {
			i = m + 1
		}
	}
	r = append(r, nil)
	copy(r[i+1:], r[i:])
	r[i] = j
	c.running = r
}

// removeRunning takes j out of the running list and reports whether it
// was there. It looks for j from the front: the jobs that leave the
// list (at their end or estimated end) are mostly among its first, and
// the jobs after j are moved anyway.
func (c *Cluster) removeRunning(j *Job) bool {
	r := c.running
	i := slices.Index(r, j)
	if i < 0 {
		return false
	}
	c.changes++
	copy(r[i:], r[i+1:])
	r[len(r)-1] = nil
	c.running = r[:len(r)-1]
	return true
}

// takeRunning removes a job that an event says is running from the
// running list. If the job is not running (wrongState formats its ID and
// state) or not in the list, it fails the run with ErrInvariant and
// returns false.
func (c *Cluster) takeRunning(j *Job, wrongState string) bool {
	if j.state != Running {
		c.fail(fmt.Errorf("%w: "+wrongState, ErrInvariant, j.job.ID, j.state))
		return false
	}
	if !c.removeRunning(j) {
		c.fail(fmt.Errorf("%w: running job %d missing from the running list", ErrInvariant, j.job.ID))
		return false
	}
	return true
}

// overrun is the event of a job still running at its estimated end.
func (c *Cluster) overrun(arg any) {
	j := arg.(*Job)
	if !c.takeRunning(j, "overrun event for job %d in state %v") {
		return
	}
	old := j.estEnd
	// Times, not durations, are compared: the requested end is Start + R
	// exactly as the events computed it.
	if now := c.eng.Now(); now < j.job.Start+j.req {
		c.correct(j, now-j.job.Start)
	} else {
		j.estEnd = old + c.cfg.OverrunStep*math.Exp2(float64(j.extensions))
		j.extensions++
		if j.extensions == 1 {
			c.stats.overruns++
		}
	}
	c.insertRunning(j)
	end := j.job.Start + j.job.Runtime
	if j.killed {
		end = j.job.Start + j.req
	}
	if end > j.estEnd {
		c.eng.Schedule(j.estEnd, sim.PriorityDeparture, c.overrunAct, j)
	}
	if c.track != nil {
		c.track.Extended(&c.view, j, old)
	}
	c.requestPass()
}

// depart is the end event of a job.
func (c *Cluster) depart(arg any) {
	j := arg.(*Job)
	now := c.eng.Now()
	if !c.takeRunning(j, "job %d ends in state %v (every job must end exactly once, after it started)") {
		return
	}
	j.state = Ended
	j.job.End = now
	if j.killed {
		j.job.Runtime = now - j.job.Start
		c.stats.killed++
	}
	c.free += j.job.Size
	c.busy.Add(now, -float64(j.job.Size))
	if c.cfg.Check && (c.free > c.procs || j.job.End < j.job.Start) {
		c.fail(fmt.Errorf("%w: job %d ends at %v (started %v) leaving %d of %d processors free", ErrInvariant, j.job.ID, now, j.job.Start, c.free, c.procs))
		return
	}
	c.stats.ended(&j.job, c.busy.Area(now))
	c.stats.predicted(j, c.procs)
	if c.pred != nil {
		c.pred.Observe(&j.job)
	}
	if c.csv != nil {
		c.csv.write(&j.job)
	}
	if c.cfg.OnEnd != nil {
		c.cfg.OnEnd(j.job)
	}
	if c.track != nil {
		c.track.Ended(&c.view, j)
	}
	if c.fb != nil {
		c.fb.ended(c, j.job.ID)
	}
	c.recycle(j)
	if c.cfg.StopAfter > 0 && c.stats.completed >= c.cfg.StopAfter {
		c.eng.Stop()
		return
	}
	if len(c.queue) > 0 {
		c.requestPass()
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

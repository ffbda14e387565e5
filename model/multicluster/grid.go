package multicluster

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/sim"
)

// ErrNotInPass is returned by Planner.Place outside a scheduling pass.
var ErrNotInPass = errors.New("multicluster: Place called outside a scheduling pass")

// ErrInvariant wraps every violation found by the debug invariant checker.
var ErrInvariant = errors.New("multicluster: invariant violated")

// Config sets up a grid.
type Config struct {
	// Platform is the grid's clusters; it is validated.
	Platform Platform
	// RefSpeed is the reference speed in MIPS (default DefaultRefSpeed):
	// a job's length is its run time × RefSpeed.
	RefSpeed float64
	// Tau is the runtime bound of the bounded slowdown, in seconds
	// (default cluster.DefaultTau).
	Tau float64
	// Check switches on the debug invariant checker: no cluster ever runs
	// more parts than it has processors, every part starts exactly at its
	// reservation, every plan equals the parts placed on it, a job's parts
	// are consistent with its length and size, every accepted job ends
	// exactly once. A violation stops the run with ErrInvariant.
	Check bool
	// StopAfter, when > 0, stops the run once that many jobs completed.
	StopAfter int
	// Jobs, when not nil, receives one CSV line per completed job after a
	// header line (see CSVHeader).
	Jobs io.Writer
	// OnEnd, when not nil, is called with the record of every completed
	// job. The record's Parts slice is reused after the call returns.
	OnEnd func(Record)
}

type clusterState struct {
	spec   ClusterSpec
	plan   *cluster.Profile
	busy   int     // processors held by started parts
	area   float64 // processor-seconds of ended parts
	placed []*part // parts placed and not ended
}

// Grid replays a job stream on a multi-cluster grid under a
// Metascheduler.
type Grid struct {
	eng      sim.Engine
	src      model.JobSource
	sched    Metascheduler
	cfg      Config
	clusters []clusterState
	total    int
	largest  int
	view     View

	queue []*Job
	pool  []*Job

	inPass, passPending, srcDone bool
	err                          error
	seq                          uint64
	lastSubmit                   float64
	lastID                       int64
	running                      int

	arriveAct, startAct, endAct, passAct sim.Action

	stats stats
	rec   Record
	csv   *csvWriter
}

// New returns a grid that will replay src on eng under sched. It
// validates cfg; eng must be fresh.
func New(eng sim.Engine, src model.JobSource, sched Metascheduler, cfg Config) (*Grid, error) {
	if eng == nil || src == nil || sched == nil {
		return nil, errors.New("multicluster: New needs an engine, a job source and a metascheduler")
	}
	if err := cfg.Platform.Validate(); err != nil {
		return nil, err
	}
	if cfg.RefSpeed == 0 {
		cfg.RefSpeed = DefaultRefSpeed
	}
	if !(cfg.RefSpeed > 0) || math.IsInf(cfg.RefSpeed, 0) {
		return nil, fmt.Errorf("multicluster: reference speed must be a finite number > 0 MIPS (got %v)", cfg.RefSpeed)
	}
	if cfg.Tau == 0 {
		cfg.Tau = cluster.DefaultTau
	}
	if !(cfg.Tau > 0) || math.IsInf(cfg.Tau, 0) {
		return nil, fmt.Errorf("multicluster: tau must be a finite number > 0 (got %v)", cfg.Tau)
	}
	if cfg.StopAfter < 0 {
		return nil, fmt.Errorf("multicluster: stop after must be ≥ 0 (got %d)", cfg.StopAfter)
	}
	g := &Grid{eng: eng, src: src, sched: sched, cfg: cfg}
	for _, c := range cfg.Platform.Clusters {
		g.clusters = append(g.clusters, clusterState{spec: c, plan: cluster.NewProfile(c.Procs, eng.Now())})
		g.total += c.Procs
		g.largest = max(g.largest, c.Procs)
	}
	g.view = View{g: g}
	g.arriveAct, g.startAct, g.endAct, g.passAct = g.arrive, g.partStart, g.partEnd, g.pass
	g.lastSubmit = math.Inf(-1)
	g.stats.tau, g.stats.largest = cfg.Tau, g.largest
	if cfg.Jobs != nil {
		g.csv = newCSVWriter(cfg.Jobs, cfg.Tau)
	}
	return g, nil
}

// View returns the read-only view metaschedulers get.
func (g *Grid) View() *View { return &g.view }

// Run replays the workload until every job has ended or been rejected, or
// until lim or Config.StopAfter is reached, and returns the metrics of the
// jobs completed so far. It fails on a source error, an invalid job, a
// metascheduler error, an invariant violation (with Check), or when the
// event queue drains while jobs are still queued.
func (g *Grid) Run(lim sim.Limit) (*Result, error) {
	if g.seq == 0 && !g.srcDone && g.err == nil {
		if g.csv != nil {
			g.csv.header()
		}
		g.readNext()
	}
	reason := sim.Drained
	if g.err == nil {
		reason = g.eng.Run(lim)
	}
	if g.err == nil && reason == sim.Drained {
		if len(g.queue)+g.running > 0 {
			g.err = fmt.Errorf("multicluster: the event queue drained with %d jobs queued and %d running at time %v (metascheduler %T never placed them)",
				len(g.queue), g.running, g.eng.Now(), g.sched)
		} else if g.cfg.Check && g.stats.arrivals != g.stats.completed {
			g.err = fmt.Errorf("%w: %d jobs accepted but %d ended", ErrInvariant, g.stats.arrivals, g.stats.completed)
		}
	}
	if g.csv != nil {
		if err := g.csv.Flush(); err != nil && g.err == nil {
			g.err = fmt.Errorf("multicluster: writing per-job records: %w", err)
		}
	}
	if g.err != nil {
		return nil, g.err
	}
	res := g.stats.result(g.clusters)
	res.Reason = reason
	res.Queued, res.Running = len(g.queue), g.running
	return res, nil
}

func (g *Grid) fail(err error) {
	if g.err == nil {
		g.err = err
	}
	g.eng.Stop()
}

func (g *Grid) violation(format string, args ...any) error {
	err := fmt.Errorf("%w: %s", ErrInvariant, fmt.Sprintf(format, args...))
	g.fail(err)
	return err
}

// readNext reads jobs until one is accepted (its arrival is scheduled) or
// the source ends; rejected jobs are counted with their reason.
func (g *Grid) readNext() {
	for {
		mj, err := g.src.Next()
		if err == io.EOF {
			g.srcDone = true
			return
		}
		if err != nil {
			g.fail(fmt.Errorf("multicluster: reading the job after ID %d: %w", g.lastID, err))
			return
		}
		if err := model.CheckArrival(&mj, g.lastSubmit, g.lastID, g.eng.Now()); err != nil {
			g.fail(fmt.Errorf("multicluster: job %d: %w", mj.ID, err))
			return
		}
		g.lastSubmit, g.lastID = mj.Submit, mj.ID
		switch {
		case mj.Runtime == 0:
			g.stats.reject(mj.ID, mj.Size, ReasonZeroLength)
			continue
		case mj.Size > g.total:
			g.stats.reject(mj.ID, mj.Size, ReasonGrid)
			continue
		case mj.Size > g.largest && !g.sched.CoAllocates():
			g.stats.reject(mj.ID, mj.Size, ReasonCluster)
			continue
		}
		j := g.newJob()
		j.job = mj
		j.job.Start, j.job.End = -1, -1
		j.length = mj.Runtime * g.cfg.RefSpeed
		j.seq = g.seq
		g.seq++
		g.eng.Schedule(mj.Submit, sim.PriorityDefault, g.arriveAct, j)
		return
	}
}

func (g *Grid) newJob() *Job {
	if n := len(g.pool); n > 0 {
		j := g.pool[n-1]
		g.pool = g.pool[:n-1]
		return j
	}
	return new(Job)
}

func (g *Grid) recycle(j *Job) {
	parts := j.parts[:0]
	*j = Job{parts: parts}
	g.pool = append(g.pool, j)
}

func (g *Grid) requestPass() {
	if !g.passPending {
		g.passPending = true
		g.eng.Schedule(g.eng.Now(), sim.PrioritySchedule, g.passAct, nil)
	}
}

func (g *Grid) arrive(arg any) {
	j := arg.(*Job)
	j.placedAt = -1
	g.stats.arrived(j.job.Submit)
	g.queue = append(g.queue, j)
	g.requestPass()
	g.readNext()
}

func (g *Grid) pass(any) {
	g.passPending = false
	now := g.eng.Now()
	for k := range g.clusters {
		g.clusters[k].plan.Advance(now)
	}
	g.inPass = true
	err := g.sched.Schedule(&g.view, g)
	g.inPass = false
	if err != nil {
		g.fail(fmt.Errorf("multicluster: metascheduler %T at time %v: %w", g.sched, now, err))
		return
	}
	if g.cfg.Check {
		if err := g.checkPlans(); err != nil {
			g.fail(err)
		}
	}
}

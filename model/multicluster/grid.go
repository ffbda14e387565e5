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
	g.stats.tau = cfg.Tau
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

// Place places the i-th queued job; see Planner.
func (g *Grid) Place(i int, parts []Part) error {
	if !g.inPass {
		return ErrNotInPass
	}
	if i < 0 || i >= len(g.queue) {
		return fmt.Errorf("multicluster: Place(%d) with %d jobs queued", i, len(g.queue))
	}
	j := g.queue[i]
	now := g.eng.Now()
	if len(parts) == 0 {
		return fmt.Errorf("multicluster: job %d placed with no part", j.job.ID)
	}
	procs := 0
	for k, p := range parts {
		if p.Cluster < 0 || p.Cluster >= len(g.clusters) {
			g.unreserve(j, parts[:k])
			return fmt.Errorf("multicluster: job %d: part %d on cluster %d of %d", j.job.ID, k, p.Cluster, len(g.clusters))
		}
		c := &g.clusters[p.Cluster]
		end := p.Start + j.length/c.spec.Speed
		if !(p.Start >= now) || math.IsInf(p.Start, 0) || p.Procs < 1 || p.Procs > c.plan.MinFree(p.Start, end) {
			g.unreserve(j, parts[:k])
			return fmt.Errorf("multicluster: job %d: part %d (%d processors of %s from %v to %v) does not fit the plan at time %v (%d free)",
				j.job.ID, k, p.Procs, c.spec.Name, p.Start, end, now, c.plan.MinFree(p.Start, end))
		}
		c.plan.Reserve(p.Start, end, p.Procs)
		procs += p.Procs
	}
	if procs < j.job.Size {
		g.unreserve(j, parts)
		return fmt.Errorf("multicluster: job %d needs %d processors, its parts hold %d", j.job.ID, j.job.Size, procs)
	}
	copy(g.queue[i:], g.queue[i+1:])
	g.queue[len(g.queue)-1] = nil
	g.queue = g.queue[:len(g.queue)-1]

	j.placedAt = now
	j.left = len(parts)
	j.job.Start, j.job.End = math.Inf(1), math.Inf(-1)
	for _, p := range parts {
		c := &g.clusters[p.Cluster]
		end := p.Start + j.length/c.spec.Speed
		j.parts = append(j.parts, part{Part: p, end: end, job: j})
		j.job.Start = math.Min(j.job.Start, p.Start)
		j.job.End = math.Max(j.job.End, end)
	}
	for k := range j.parts {
		pt := &j.parts[k]
		c := &g.clusters[pt.Cluster]
		pt.slot = len(c.placed)
		c.placed = append(c.placed, pt)
		g.eng.Schedule(pt.Start, sim.PriorityDefault, g.startAct, pt)
		g.eng.Schedule(pt.end, sim.PriorityDeparture, g.endAct, pt)
	}
	g.running++
	return nil
}

// unreserve gives back what Place reserved for parts before it failed.
func (g *Grid) unreserve(j *Job, parts []Part) {
	for _, p := range parts {
		c := &g.clusters[p.Cluster]
		c.plan.Release(p.Start, p.Start+j.length/c.spec.Speed, p.Procs)
	}
}

func (g *Grid) partStart(arg any) {
	p := arg.(*part)
	c := &g.clusters[p.Cluster]
	now := g.eng.Now()
	if g.cfg.Check && (p.started || now != p.Start) {
		g.violation("part of job %d on %s reserved at %v starts at %v (started before: %v)", p.job.job.ID, c.spec.Name, p.Start, now, p.started)
		return
	}
	p.started = true
	c.busy += p.Procs
	if g.cfg.Check && c.busy > c.spec.Procs {
		g.violation("%s runs parts on %d processors of %d at time %v", c.spec.Name, c.busy, c.spec.Procs, now)
	}
}

func (g *Grid) partEnd(arg any) {
	p := arg.(*part)
	c := &g.clusters[p.Cluster]
	now := g.eng.Now()
	if g.cfg.Check && (!p.started || p.ended || now != p.end) {
		g.violation("part of job %d on %s ends at %v (reserved until %v, started %v, ended before %v)", p.job.job.ID, c.spec.Name, now, p.end, p.started, p.ended)
		return
	}
	p.ended = true
	c.busy -= p.Procs
	c.area += float64(p.Procs) * (p.end - p.Start)
	last := len(c.placed) - 1
	c.placed[p.slot] = c.placed[last]
	c.placed[p.slot].slot = p.slot
	c.placed[last] = nil
	c.placed = c.placed[:last]
	j := p.job
	j.left--
	if j.left == 0 {
		g.jobEnd(j)
		if g.err != nil {
			return
		}
	}
	if len(g.queue) > 0 {
		g.requestPass()
	}
}

func (g *Grid) jobEnd(j *Job) {
	now := g.eng.Now()
	if g.cfg.Check {
		if err := g.checkJob(j, now); err != nil {
			g.fail(err)
			return
		}
	}
	g.running--
	r := &g.rec
	r.Job, r.Placed = j.job, j.placedAt
	r.Parts = r.Parts[:0]
	r.Clusters = 0
	for k, p := range j.parts {
		r.Parts = append(r.Parts, PlacedPart{Part: p.Part, End: p.end})
		if firstOnCluster(j.parts, k) {
			r.Clusters++
		}
	}
	g.stats.ended(r)
	if g.csv != nil {
		g.csv.write(r)
	}
	if g.cfg.OnEnd != nil {
		g.cfg.OnEnd(*r)
	}
	g.recycle(j)
	if g.cfg.StopAfter > 0 && g.stats.completed >= g.cfg.StopAfter {
		g.eng.Stop()
	}
}

// firstOnCluster reports whether parts[k] is the first part on its
// cluster.
func firstOnCluster(parts []part, k int) bool {
	for i := range k {
		if parts[i].Cluster == parts[k].Cluster {
			return false
		}
	}
	return true
}

package gang

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

// Limits of Config.
const (
	// MaxSites is the largest number of sites.
	MaxSites = 1024
	// MaxProcessors is the largest number of processors per site.
	MaxProcessors = 1 << 16
)

// Config is the platform and the measurement of a System.
type Config struct {
	// Sites is the number of sites (the paper: 2).
	Sites int
	// Processors is the number of processors of every site (the paper:
	// 16).
	Processors int
	// CompletedJobs stops the run once this many jobs (locals and gangs
	// together) have completed after the warm-up; 0 sets no such limit.
	CompletedJobs int
	// WarmupJobs completions are not measured; the measurement window
	// opens at the last of them (the paper: none).
	WarmupJobs int
	// Check switches on the invariant checker: the run fails with an error
	// at the first event that breaks an invariant.
	Check bool
}

// Validate reports the first value outside its range.
func (c Config) Validate() error {
	switch {
	case c.Sites < 1 || c.Sites > MaxSites:
		return fmt.Errorf("sites must be in [1, %d] (got %d)", MaxSites, c.Sites)
	case c.Processors < 1 || c.Processors > MaxProcessors:
		return fmt.Errorf("processors per site must be in [1, %d] (got %d)", MaxProcessors, c.Processors)
	case c.CompletedJobs < 0:
		return fmt.Errorf("completed jobs must be ≥ 0 (got %d)", c.CompletedJobs)
	case c.WarmupJobs < 0:
		return fmt.Errorf("warm-up jobs must be ≥ 0 (got %d)", c.WarmupJobs)
	}
	return nil
}

// ErrInvariant is wrapped by the errors of the invariant checker and of
// the end-of-run checks.
var ErrInvariant = errors.New("gang: invariant violated")

// ErrPolicy is wrapped by the errors raised when a policy returns a
// decision the state does not allow (a processor index out of range, a
// placement without enough queues).
var ErrPolicy = errors.New("gang: invalid policy decision")

// Result is what one run measured, over the jobs completed in the
// measurement window (from the end of the warm-up to the end of the run).
type Result struct {
	// LocalRT is the mean response time of the local jobs (RT).
	LocalRT float64
	// LocalSLD is their mean slowdown, response / service time (SLD).
	LocalSLD float64
	// GangWRT is the mean response time of the gangs weighted by their
	// size (WRT).
	GangWRT float64
	// GangWSLD is their mean slowdown weighted by size (WSLD); a split
	// gang's service time includes its overhead.
	GangWSLD float64
	// Utilization is the time-average fraction of busy processors.
	Utilization float64
	// SiteUtilization is the same per site.
	SiteUtilization []float64
	// LocalsArrived and LocalsFinished count local jobs arriving and
	// completing in the window.
	LocalsArrived, LocalsFinished int
	// GangsArrived and GangsFinished count gangs arriving and completing in
	// the window; GangsSplit counts the finished ones that ran over
	// several sites.
	GangsArrived, GangsFinished, GangsSplit int
	// Backfilled counts finished locals that started ahead of a waiting
	// gang.
	Backfilled int
	// OfferedLoad is the work that arrived in the window (size × service
	// time, without overheads) over the processor time of the window.
	OfferedLoad float64
	// OverheadLoad is the work added by split overheads over the processor
	// time of the window.
	OverheadLoad float64
	// GSQueueMean is the time-average number of gangs in the GS queue.
	GSQueueMean float64
	// Window is the length of the measurement window.
	Window float64
	// Events is the number of events the engine processed.
	Events uint64
}

// Completed returns the number of jobs completed in the window.
func (r Result) Completed() int { return r.LocalsFinished + r.GangsFinished }

// counters are the sums of the measurement window.
type counters struct {
	locals, gangs               int
	localsArrived, gangsArrived int
	split, backfilled           int
	sumRT, sumSLD               float64
	sumWRT, sumWSLD, sumSize    float64
	offered, overhead           float64
}

// System is the two-level grid model wired to an event engine. Use it for
// one run.
type System struct {
	cfg  Config
	eng  sim.Engine
	pol  Policies
	src  Source
	ties *rand.Rand
	view View

	sites []site
	gsq   GSQueue
	total int

	next    Arrival
	nextID  int64
	started bool

	onArrive, onLocalEnd, onGangEnd sim.Action

	freeLocals []*local
	freeGangs  []*gangJob
	remBuf     []float64

	jobsCSV *results.JobCSV
	err     error

	measuring    bool
	completedAll int
	winStart     float64
	m            counters
	gsqLen       model.BusyMeter
}

// JobColumns are the columns of the per-job CSV: kind is 0 for a local
// job and 1 for a gang; site is 1-based, 0 for a gang split over sites;
// service is the time the job ran (a split gang's includes the overhead);
// backfilled is 1 for a local that started ahead of a waiting gang.
var JobColumns = []string{"id", "kind", "size", "site", "split", "arrival", "start", "end",
	"service", "estimate", "wait", "response", "slowdown", "backfilled"}

// New returns a system on eng fed by src. ties is the tie-breaking random
// stream handed to policies (View.Rand). When jobs is not nil, a CSV
// record (JobColumns) is written to it for every job completed in the
// measurement window.
func New(eng sim.Engine, cfg Config, pol Policies, src Source, ties *rand.Rand, jobs io.Writer) (*System, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if eng == nil || src == nil || ties == nil {
		return nil, errors.New("gang: engine, source and tie-breaking stream are required")
	}
	if pol.Allocator == nil || pol.Queue == nil || pol.Local == nil || pol.Router == nil {
		return nil, errors.New("gang: all four policies are required")
	}
	s := &System{cfg: cfg, eng: eng, pol: pol, src: src, ties: ties}
	s.view.s = s
	s.total = cfg.Sites * cfg.Processors
	s.sites = make([]site, cfg.Sites)
	for i := range s.sites {
		st := &s.sites[i]
		st.procs = make([]proc, cfg.Processors)
		for j := range st.procs {
			st.procs[j] = proc{site: i, idx: j, empty: true, free: true}
		}
		st.empty, st.free = cfg.Processors, cfg.Processors
	}
	s.gsq.count = make([]int, s.total+1)
	s.remBuf = make([]float64, 0, cfg.Processors)
	s.onArrive = s.arrive
	s.onLocalEnd = s.localEnd
	s.onGangEnd = s.gangEnd
	if jobs != nil {
		s.jobsCSV = results.NewJobCSV(jobs, JobColumns...)
	}
	s.measuring = cfg.WarmupJobs == 0
	return s, nil
}

// View returns the policies' view of the system (for tests and tools).
func (s *System) View() *View { return &s.view }

// Run simulates until the limit, the completed-jobs target or the end of
// the source, and returns the measurements so far. It may be called again
// to go on (with a later limit); after an error it returns that error.
func (s *System) Run(lim sim.Limit) (Result, error) {
	if !s.started {
		s.started = true
		s.pull()
	}
	if s.err == nil {
		s.eng.Run(lim)
	}
	if s.err != nil {
		return Result{}, s.err
	}
	if s.cfg.Check {
		if err := s.verify(); err != nil {
			return Result{}, err
		}
	}
	if s.jobsCSV != nil {
		if err := s.jobsCSV.Flush(); err != nil {
			return Result{}, fmt.Errorf("gang: per-job records: %w", err)
		}
	}
	return s.result()
}

func (s *System) result() (Result, error) {
	now := s.eng.Now()
	m := &s.m
	r := Result{
		LocalsArrived:  m.localsArrived,
		LocalsFinished: m.locals,
		GangsArrived:   m.gangsArrived,
		GangsFinished:  m.gangs,
		GangsSplit:     m.split,
		Backfilled:     m.backfilled,
		Events:         s.eng.Processed(),
		Window:         now - s.winStart,
		GSQueueMean:    s.gsqLen.Mean(now),
	}
	if m.locals > 0 {
		r.LocalRT = m.sumRT / float64(m.locals)
		r.LocalSLD = m.sumSLD / float64(m.locals)
	}
	if m.sumSize > 0 {
		r.GangWRT = m.sumWRT / m.sumSize
		r.GangWSLD = m.sumWSLD / m.sumSize
	}
	busy := 0.0
	r.SiteUtilization = make([]float64, len(s.sites))
	for i := range s.sites {
		a := s.sites[i].busy.Area(now)
		busy += a
		if r.Window > 0 {
			r.SiteUtilization[i] = a / (float64(s.cfg.Processors) * r.Window)
		}
	}
	if r.Window > 0 {
		capacity := float64(s.total) * r.Window
		r.Utilization = busy / capacity
		r.OfferedLoad = m.offered / capacity
		r.OverheadLoad = m.overhead / capacity
	}
	// Work cannot be done before it arrives: with no warm-up (nothing in
	// the system when the window opens) the busy processor time never
	// exceeds the work that arrived plus the split overheads.
	if s.cfg.WarmupJobs == 0 && busy > (m.offered+m.overhead)*(1+1e-9)+1e-9 {
		return r, fmt.Errorf("%w: busy processor time %v exceeds the arrived work %v (+ overheads %v)", ErrInvariant, busy, m.offered, m.overhead)
	}
	return r, nil
}

func (s *System) fail(err error) {
	if s.err == nil {
		s.err = err
	}
	s.eng.Stop()
}

// pull reads the next arrival from the source and schedules it.
func (s *System) pull() {
	a, err := s.src.Next()
	if err == io.EOF {
		return
	}
	if err != nil {
		s.fail(fmt.Errorf("gang: workload: %w", err))
		return
	}
	now := s.eng.Now()
	switch {
	case math.IsNaN(a.Time) || a.Time < now || math.IsInf(a.Time, 0):
		err = fmt.Errorf("arrival time %v is not ≥ the current time %v", a.Time, now)
	case a.Site < GS || a.Site >= len(s.sites):
		err = fmt.Errorf("site %d out of range [0, %d) (or GS = -1 for a gang)", a.Site, len(s.sites))
	case a.Site != GS && a.Size != 1:
		err = fmt.Errorf("a local job has size 1 (got %d)", a.Size)
	case a.Size < 1 || a.Size > s.total:
		err = fmt.Errorf("gang size %d outside [1, %d processors]", a.Size, s.total)
	case !(a.Runtime > 0) || math.IsInf(a.Runtime, 0):
		err = fmt.Errorf("runtime must be finite and > 0 (got %v)", a.Runtime)
	case !(a.Estimate > 0) || math.IsInf(a.Estimate, 0):
		err = fmt.Errorf("estimate must be finite and > 0 (got %v)", a.Estimate)
	}
	if err != nil {
		s.fail(fmt.Errorf("gang: workload job %d: %w", s.nextID+1, err))
		return
	}
	s.next = a
	s.eng.Schedule(a.Time, sim.PriorityDefault, s.onArrive, nil)
}

// arrive handles the arrival of s.next.
func (s *System) arrive(any) {
	a := s.next
	s.pull()
	s.nextID++
	if s.measuring {
		s.m.offered += float64(a.Size) * a.Runtime
	}
	now := s.eng.Now()
	if a.Site == GS {
		if s.measuring {
			s.m.gangsArrived++
		}
		g := s.newGang()
		g.job = model.NewJob(s.nextID, now, a.Size, a.Runtime, a.Estimate)
		g.base = a.Runtime
		s.placeNew(g)
	} else {
		if s.measuring {
			s.m.localsArrived++
		}
		l := s.newLocal()
		l.job = model.NewJob(s.nextID, now, 1, a.Runtime, a.Estimate)
		l.site = a.Site
		s.routeLocal(l)
	}
	s.afterEvent()
}

// slab is how many jobs are allocated at once when a free list is empty.
const slab = 256

func (s *System) newGang() *gangJob {
	if len(s.freeGangs) == 0 {
		gs := make([]gangJob, slab/4)
		ps := make([]*proc, len(gs)*s.total)
		for i := range gs {
			gs[i].procs = ps[i*s.total : i*s.total : (i+1)*s.total]
			s.freeGangs = append(s.freeGangs, &gs[i])
		}
	}
	n := len(s.freeGangs)
	g := s.freeGangs[n-1]
	s.freeGangs = s.freeGangs[:n-1]
	*g = gangJob{procs: g.procs[:0]}
	return g
}

func (s *System) newLocal() *local {
	if len(s.freeLocals) == 0 {
		ls := make([]local, slab)
		for i := range ls {
			s.freeLocals = append(s.freeLocals, &ls[i])
		}
	}
	n := len(s.freeLocals)
	l := s.freeLocals[n-1]
	s.freeLocals = s.freeLocals[:n-1]
	*l = local{}
	return l
}

// placeNew applies the allocation steps to an arriving gang.
func (s *System) placeNew(g *gangJob) {
	a := s.pol.Allocator
	for step := 0; step < a.Steps(); step++ {
		pl := a.Place(&s.view, g.job.Size, step)
		if pl.Kind == Wait {
			continue
		}
		if err := s.feasible(g.job.Size, pl); err != nil {
			s.fail(err)
			return
		}
		s.dispatch(g, pl)
		return
	}
	g.state = gangQueued
	s.gsq.push(g)
	s.gsqLen.Set(s.eng.Now(), float64(s.gsq.Len()))
}

// gsPass dispatches queued gangs as the GS queue discipline chooses them
// until it chooses none.
func (s *System) gsPass() {
	for s.gsq.Len() > 0 && s.err == nil {
		i, pl, ok := s.pol.Queue.Next(&s.view, &s.gsq, s.pol.Allocator)
		if !ok {
			return
		}
		if i < 0 || i >= s.gsq.Len() {
			s.fail(fmt.Errorf("%w: GS queue index %d outside [0, %d)", ErrPolicy, i, s.gsq.Len()))
			return
		}
		if err := s.feasible(s.gsq.Size(i), pl); err != nil {
			s.fail(err)
			return
		}
		g := s.gsq.remove(i)
		s.gsqLen.Set(s.eng.Now(), float64(s.gsq.Len()))
		s.dispatch(g, pl)
	}
}

// feasible checks a placement against the state.
func (s *System) feasible(size int, pl Placement) error {
	if pl.Site < 0 || pl.Site >= len(s.sites) {
		return fmt.Errorf("%w: %v placement at site %d outside [0, %d)", ErrPolicy, pl.Kind, pl.Site, len(s.sites))
	}
	switch pl.Kind {
	case OneSite:
		if pl.Pick < PickEarliest || pl.Pick > PickRandom {
			return fmt.Errorf("%w: queue pick %v", ErrPolicy, pl.Pick)
		}
		if e := s.sites[pl.Site].empty; e < size {
			return fmt.Errorf("%w: gang of %d placed at site %d with %d empty queues", ErrPolicy, size, pl.Site, e)
		}
	case Split:
		if f := s.view.TotalFree(); f < size {
			return fmt.Errorf("%w: gang of %d split over %d free processors", ErrPolicy, size, f)
		}
		if !(pl.Overhead >= 0) || math.IsInf(pl.Overhead, 0) {
			return fmt.Errorf("%w: split overhead %v", ErrPolicy, pl.Overhead)
		}
	default:
		return fmt.Errorf("%w: placement kind %v", ErrPolicy, pl.Kind)
	}
	return nil
}

// dispatch puts the tasks of g in the queues the placement names and
// starts it if all their processors are idle.
func (s *System) dispatch(g *gangJob, pl Placement) {
	k := g.job.Size
	g.procs = g.procs[:0]
	switch pl.Kind {
	case OneSite:
		g.procs = s.pickQueues(pl.Site, k, pl.Pick, g.procs)
	case Split:
		g.procs = s.pickFree(pl.Site, k, g.procs)
	}
	g.site = g.procs[0].site
	for _, p := range g.procs[1:] {
		if p.site != g.site {
			g.split = true
			g.site = -1
			break
		}
	}
	if g.split && pl.Overhead > 0 {
		g.job.Runtime = g.base * (1 + pl.Overhead)
		g.job.Estimate *= 1 + pl.Overhead
		if s.measuring {
			s.m.overhead += float64(k) * g.base * pl.Overhead
		}
	}
	g.state = gangWaiting
	g.ahead = 0
	for _, p := range g.procs {
		p.gang = g
		if !p.idle() {
			g.ahead++
		}
		s.refresh(p)
	}
	if g.ahead == 0 {
		s.startGang(g)
	}
}

// pickQueues appends to out k empty queues of site as pick says.
func (s *System) pickQueues(site, k int, pick QueuePick, out []*proc) []*proc {
	ps := s.sites[site].procs
	switch pick {
	case PickIndex:
		for i := range ps {
			if len(out) == k {
				break
			}
			if ps[i].empty {
				out = append(out, &ps[i])
			}
		}
		return out
	case PickRandom:
		// Selection sampling: each empty queue is taken with probability
		// (still needed) / (still to see).
		left := s.sites[site].empty
		for i := range ps {
			if len(out) == k {
				break
			}
			if !ps[i].empty {
				continue
			}
			if s.ties.IntN(left) < k-len(out) {
				out = append(out, &ps[i])
			}
			left--
		}
		return out
	}
	// PickEarliest: the free processors in index order, then the busy ones
	// with an empty queue by earliest estimated end (ties in index order).
	for i := range ps {
		if len(out) == k {
			return out
		}
		if ps[i].free {
			out = append(out, &ps[i])
		}
	}
	if len(out) == k {
		return out
	}
	from := len(out)
	for i := range ps {
		p := &ps[i]
		if !p.empty || p.free {
			continue
		}
		out = append(out, p)
		j := len(out) - 1
		for j > from && out[j-1].estEnd > p.estEnd {
			out[j] = out[j-1]
			j--
		}
		out[j] = p
	}
	return out[:k]
}

// pickFree appends to out k free processors: those of site first, then
// those of the other sites in index order.
func (s *System) pickFree(first, k int, out []*proc) []*proc {
	for n := 0; n < len(s.sites) && len(out) < k; n++ {
		ps := s.sites[(first+n)%len(s.sites)].procs
		for i := range ps {
			if len(out) == k {
				break
			}
			if ps[i].free {
				out = append(out, &ps[i])
			}
		}
	}
	return out
}

// routeLocal sends an arriving local job to the processor the router
// chooses and starts it there if it can start now.
func (s *System) routeLocal(l *local) {
	i := s.pol.Router.Route(&s.view, l.site, l.job.Estimate)
	if i < 0 || i >= s.cfg.Processors {
		s.fail(fmt.Errorf("%w: router chose processor %d outside [0, %d)", ErrPolicy, i, s.cfg.Processors))
		return
	}
	p := &s.sites[l.site].procs[i]
	l.proc = p
	if p.idle() {
		if p.queueEmpty() {
			s.startLocal(p, l, false)
			return
		}
		if p.gang != nil && s.pol.Local.MayBackfill(l.job.Estimate, s.untilGang(p.gang)) {
			s.startLocal(p, l, true)
			return
		}
	}
	p.queue.Push(l)
	p.waitWork += l.job.Estimate
	s.refresh(p)
}

func (s *System) startLocal(p *proc, l *local, backfilled bool) {
	now := s.eng.Now()
	if s.cfg.Check {
		if !p.idle() {
			s.fail(fmt.Errorf("%w: local %d starts on processor %d/%d which runs another job", ErrInvariant, l.job.ID, p.site, p.idx))
			return
		}
		if now < l.job.Submit || l.job.Start >= 0 {
			s.fail(fmt.Errorf("%w: local %d starts at %v (arrived %v, started before at %v)", ErrInvariant, l.job.ID, now, l.job.Submit, l.job.Start))
			return
		}
	}
	l.job.Start = now
	l.proc = p
	l.backfilled = backfilled
	p.local = l
	p.estEnd = now + l.job.Estimate
	s.sites[p.site].busy.Add(now, 1)
	if p.gang != nil {
		p.gang.ahead++
	}
	s.eng.After(l.job.Runtime, sim.PriorityDeparture, s.onLocalEnd, l)
	s.refresh(p)
}

func (s *System) startGang(g *gangJob) {
	now := s.eng.Now()
	for _, p := range g.procs {
		if s.cfg.Check && (!p.idle() || p.gang != g) {
			s.fail(fmt.Errorf("%w: gang %d starts while processor %d/%d is busy or headed by another job", ErrInvariant, g.job.ID, p.site, p.idx))
			return
		}
		p.gang = nil
		p.run = g
		p.estEnd = now + g.job.Estimate
		s.sites[p.site].busy.Add(now, 1)
		s.refresh(p)
	}
	if s.cfg.Check && (now < g.job.Submit || g.job.Start >= 0) {
		s.fail(fmt.Errorf("%w: gang %d starts at %v (arrived %v, started before at %v)", ErrInvariant, g.job.ID, now, g.job.Submit, g.job.Start))
		return
	}
	g.state = gangRunning
	g.job.Start = now
	s.eng.After(g.job.Runtime, sim.PriorityDeparture, s.onGangEnd, g)
}

// serve gives an idle processor its next job: the gang at its head if all
// the gang's processors are idle, else the first local the discipline lets
// backfill, or the head local of a queue without a gang.
func (s *System) serve(p *proc) {
	if !p.idle() {
		return
	}
	if g := p.gang; g != nil {
		if g.ahead == 0 {
			s.startGang(g)
			return
		}
		if p.queue.Len() > 0 {
			until := s.untilGang(g)
			for i := 0; i < p.queue.Len(); i++ {
				l := p.queue.At(i)
				if s.pol.Local.MayBackfill(l.job.Estimate, until) {
					p.queue.RemoveAt(i)
					s.unqueued(p, l)
					s.startLocal(p, l, true)
					return
				}
			}
		}
		s.refresh(p)
		return
	}
	if p.queue.Len() > 0 {
		l := p.queue.Pop()
		s.unqueued(p, l)
		s.startLocal(p, l, false)
		return
	}
	s.refresh(p)
}

func (s *System) unqueued(p *proc, l *local) {
	p.waitWork -= l.job.Estimate
	if p.queue.Len() == 0 {
		p.waitWork = 0
	}
}

func (s *System) localEnd(arg any) {
	l := arg.(*local)
	p := l.proc
	now := s.eng.Now()
	if s.cfg.Check && (l.ended || p.local != l) {
		s.fail(fmt.Errorf("%w: local %d ends twice or not on its processor", ErrInvariant, l.job.ID))
		return
	}
	l.ended = true
	l.job.End = now
	p.local = nil
	s.sites[p.site].busy.Add(now, -1)
	if p.gang != nil {
		p.gang.ahead--
	}
	s.serve(p)
	s.completeLocal(l)
	if p.empty && s.gsq.Len() > 0 {
		s.gsPass()
	}
	s.checkStop()
	s.afterEvent()
}

func (s *System) gangEnd(arg any) {
	g := arg.(*gangJob)
	now := s.eng.Now()
	if s.cfg.Check {
		if g.ended || g.state != gangRunning {
			s.fail(fmt.Errorf("%w: gang %d ends twice or without running", ErrInvariant, g.job.ID))
			return
		}
		for _, p := range g.procs {
			if p.run != g {
				s.fail(fmt.Errorf("%w: gang %d ends but processor %d/%d does not run it", ErrInvariant, g.job.ID, p.site, p.idx))
				return
			}
		}
	}
	g.ended = true
	g.state = gangDone
	g.job.End = now
	for _, p := range g.procs {
		p.run = nil
		s.sites[p.site].busy.Add(now, -1)
		if p.gang != nil {
			p.gang.ahead--
		}
	}
	emptied := false
	for _, p := range g.procs {
		s.serve(p)
	}
	for _, p := range g.procs {
		emptied = emptied || p.empty
	}
	s.completeGang(g)
	if emptied && s.gsq.Len() > 0 {
		s.gsPass()
	}
	s.checkStop()
	s.afterEvent()
}

func (s *System) completeLocal(l *local) {
	s.completedAll++
	if s.measuring {
		m := &s.m
		m.locals++
		r := l.job.Response()
		m.sumRT += r
		m.sumSLD += r / l.job.Runtime
		if l.backfilled {
			m.backfilled++
		}
		if s.jobsCSV != nil {
			bf := 0.0
			if l.backfilled {
				bf = 1
			}
			j := &l.job
			s.jobsCSV.Row(float64(j.ID), 0, 1, float64(l.site+1), 0, j.Submit, j.Start, j.End,
				j.Runtime, j.Estimate, j.Wait(), r, r/j.Runtime, bf)
		}
	} else if s.completedAll == s.cfg.WarmupJobs {
		s.openWindow()
	}
	s.freeLocals = append(s.freeLocals, l)
}

func (s *System) completeGang(g *gangJob) {
	s.completedAll++
	if s.measuring {
		m := &s.m
		m.gangs++
		w := float64(g.job.Size)
		r := g.job.Response()
		m.sumSize += w
		m.sumWRT += w * r
		m.sumWSLD += w * r / g.job.Runtime
		split := 0.0
		if g.split {
			m.split++
			split = 1
		}
		if s.jobsCSV != nil {
			j := &g.job
			s.jobsCSV.Row(float64(j.ID), 1, w, float64(g.site+1), split, j.Submit, j.Start, j.End,
				j.Runtime, j.Estimate, j.Wait(), r, r/j.Runtime, 0)
		}
	} else if s.completedAll == s.cfg.WarmupJobs {
		s.openWindow()
	}
	s.freeGangs = append(s.freeGangs, g)
}

// openWindow starts measuring at the end of the warm-up.
func (s *System) openWindow() {
	now := s.eng.Now()
	s.measuring = true
	s.winStart = now
	s.m = counters{}
	for i := range s.sites {
		s.sites[i].busy.Reset(now)
	}
	s.gsqLen.Reset(now)
}

func (s *System) checkStop() {
	if s.measuring && s.cfg.CompletedJobs > 0 && s.m.locals+s.m.gangs >= s.cfg.CompletedJobs {
		s.eng.Stop()
	}
}

func (s *System) afterEvent() {
	if s.cfg.Check && s.err == nil {
		if err := s.verify(); err != nil {
			s.fail(err)
		}
	}
}

// refresh updates the site counters after a change at p.
func (s *System) refresh(p *proc) {
	st := &s.sites[p.site]
	e := p.queueEmpty()
	f := e && p.idle()
	if e != p.empty {
		if e {
			st.empty++
		} else {
			st.empty--
		}
		p.empty = e
	}
	if f != p.free {
		if f {
			st.free++
		} else {
			st.free--
		}
		p.free = f
	}
}

// remaining returns the estimated remaining time of p's running job, 0
// when it is idle or has overrun its estimate.
func (s *System) remaining(p *proc) float64 {
	if p.idle() {
		return 0
	}
	if r := p.estEnd - s.eng.Now(); r > 0 {
		return r
	}
	return 0
}

// untilGang returns the estimated time until all processors of a waiting
// gang are idle.
func (s *System) untilGang(g *gangJob) float64 {
	u := 0.0
	for _, p := range g.procs {
		if r := s.remaining(p); r > u {
			u = r
		}
	}
	return u
}

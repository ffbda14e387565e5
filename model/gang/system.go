package gang

import (
	"errors"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/records"
	"github.com/schedsim/schedsim/sim"
)

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
	setBuf     bitset
	// asks numbers the View.StartNow calls (gangJob.asked).
	asks uint64

	jobsCSV *records.Writer
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
		st.init(cfg.Processors)
	}
	s.setBuf = newBitset(cfg.Processors)
	s.gsq.count = make([]int, s.total+1)
	s.remBuf = make([]float64, 0, cfg.Processors)
	s.onArrive = s.arrive
	s.onLocalEnd = s.localEnd
	s.onGangEnd = s.gangEnd
	if jobs != nil {
		s.jobsCSV = records.New(jobs)
		s.jobsCSV.Header(JobColumns...)
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

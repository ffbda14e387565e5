package slots

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/sim"

	"github.com/schedsim/schedsim/model/slot"
)

// Method is a single-job window search used by the batch alternatives
// search: the price limits it derives from a request and the criterion
// that picks the window.
type Method struct {
	// Name identifies the method in outputs; it is the name the method is
	// registered under in Methods.
	Name string
	// Limits returns the price limits of a request.
	Limits func(r slot.Request) Limits
	// Criterion picks the window; the paper's methods use EarliestStart.
	Criterion Criterion
}

// The paper's two methods.
var (
	// MethodALP is ALP: per-slot price ≤ C, earliest window.
	MethodALP = Method{Name: "alp", Limits: ALPLimits, Criterion: EarliestStart}
	// MethodAMP is AMP: window cost ≤ S = C·t·N, earliest window of the
	// cheapest slots.
	MethodAMP = Method{Name: "amp", Limits: AMPLimits, Criterion: EarliestStart}
)

// Alternatives runs the batch alternatives search of the paper's
// section 2 on l, which it modifies: in every pass it looks, job by job in
// priority order (the order of jobs), for one window per job and
// subtracts every window it finds from l before looking for the next, so
// the alternatives of a cycle never overlap in processor time. Passes are
// repeated until a pass finds no window for any job. A job that finds no
// window in a pass is not searched again (the free time only shrinks, so
// it would not find one later).
//
// maxPasses bounds the passes (≤ 0: no bound). The result has one slice
// of windows per job, in the order they were found; an invalid job is an
// error naming its index.
func (s *Searcher) Alternatives(l *slot.List, jobs []slot.Request, m Method, maxPasses int) ([][]slot.Window, error) {
	alts := make([][]slot.Window, len(jobs))
	err := s.AlternativesFunc(l, jobs, m, maxPasses, func(job int, w slot.Window) {
		alts[job] = append(alts[job], w)
	})
	if err != nil {
		return nil, err
	}
	return alts, nil
}

// AlternativesFunc runs the search of Alternatives and hands every window
// to emit, in the order found, instead of collecting them.
func (s *Searcher) AlternativesFunc(l *slot.List, jobs []slot.Request, m Method, maxPasses int, emit func(job int, w slot.Window)) error {
	if m.Limits == nil || m.Criterion == nil {
		return fmt.Errorf("slots: method %q: Limits and Criterion are required", m.Name)
	}
	searches := make([]JobSearch, len(jobs))
	for i, j := range jobs {
		searches[i] = JobSearch{Limits: m.Limits(j), Criterion: m.Criterion}
	}
	return s.AlternativesEach(l, jobs, searches, maxPasses, emit)
}

// JobSearch is how the alternatives search looks for the windows of one
// job: its price limits and the criterion that picks its window (in CSS,
// AEP with the user's own criterion).
type JobSearch struct {
	// Limits are the job's price limits.
	Limits Limits
	// Criterion picks the job's window in every pass.
	Criterion Criterion
}

// ErrCancelled is returned by a search that its cancelled function
// stopped; it wraps sim.ErrInterrupted, the module's one "interrupted"
// error.
var ErrCancelled = sim.NewInterrupted("slots: search cancelled")

// AlternativesEach runs the batch alternatives search of Alternatives
// with a search of its own for every job (searches[i] for jobs[i]) and
// hands every window to emit, in the order found. The windows never
// overlap; l is modified (every window is subtracted from it).
func (s *Searcher) AlternativesEach(l *slot.List, jobs []slot.Request, searches []JobSearch, maxPasses int, emit func(job int, w slot.Window)) error {
	return s.AlternativesUntil(l, jobs, searches, maxPasses, nil, emit)
}

// AlternativesUntil is AlternativesEach that asks cancelled, when not
// nil, before every job's search, and returns ErrCancelled once it
// reports true (a batch of many jobs takes seconds).
func (s *Searcher) AlternativesUntil(l *slot.List, jobs []slot.Request, searches []JobSearch, maxPasses int, cancelled func() bool, emit func(job int, w slot.Window)) error {
	if len(searches) != len(jobs) {
		return fmt.Errorf("slots: %d searches for %d jobs", len(searches), len(jobs))
	}
	for i, j := range jobs {
		if err := j.Validate(); err != nil {
			return fmt.Errorf("slots: job %d: %w", i, err)
		}
		if searches[i].Criterion == nil {
			return fmt.Errorf("slots: job %d: no criterion", i)
		}
		if err := searches[i].Limits.validate(); err != nil {
			return fmt.Errorf("slots: job %d: %w", i, err)
		}
	}
	active := make([]bool, len(jobs))
	for i := range active {
		active[i] = true
	}
	// hints: the list's longest slot bounds what a scan can use; lengths
	// only shrink as windows are subtracted.
	maxLen := 0.0
	for _, sl := range l.Slots {
		maxLen = math.Max(maxLen, sl.End-sl.Start)
	}
	hs := make([]hints, len(jobs))
	floors := make([]bool, len(jobs)) // whether hs[i].floor rises to each window's score (floorer)
	// the nodes do not change while windows are subtracted: their fits
	// are computed once per job.
	s.jobFits = s.jobFits[:0]
	for i, j := range jobs {
		s.jobFits = appendNodeFits(s.jobFits, l, j, searches[i].Limits)
	}
	ranks := s.rankTables(len(jobs))
	byPrice, byPerf := s.nodeOrders(l)
	for i, j := range jobs {
		hs[i] = noHints
		hs[i].fits = s.jobFits[i*len(l.Nodes) : (i+1)*len(l.Nodes)]
		hs[i].minRuntime = minRuntime(hs[i].fits)
		ranks[i].build(hs[i].fits, searches[i].Criterion, byPrice, byPerf)
		hs[i].rank = &ranks[i]
		if searches[i].Criterion.StopAtFirst() {
			hs[i].maxLen = maxLen
		}
		if f, ok := searches[i].Criterion.(floorer); ok {
			hs[i].floor, s.vals, floors[i] = f.nodeFloor(hs[i].fits, j.Nodes, searches[i].Limits.Budget, s.vals)
			if !floors[i] {
				hs[i].floor = math.Inf(-1)
			}
		}
	}
	crits := make([]Criterion, 1)
	for pass := 0; maxPasses <= 0 || pass < maxPasses; pass++ {
		found := false
		for i, j := range jobs {
			if !active[i] {
				continue
			}
			if cancelled != nil && cancelled() {
				return ErrCancelled
			}
			crits[0] = searches[i].Criterion
			res, err := s.scan(l, j, searches[i].Limits, crits, hs[i])
			if err != nil {
				return fmt.Errorf("slots: job %d: %w", i, err)
			}
			if !res[0].Found {
				active[i] = false
				continue
			}
			w := res[0].Window
			if crits[0].StopAtFirst() {
				hs[i].from = w.Start
			}
			if floors[i] {
				hs[i].floor = res[0].Score // no later window scores less (see floorer)
			}
			if err := l.Subtract(w); err != nil {
				return fmt.Errorf("slots: job %d: %w", i, err)
			}
			emit(i, w)
			found = true
		}
		if !found {
			break
		}
	}
	return nil
}

// FindAlternatives is Alternatives with a fresh Searcher and no bound on
// the passes.
func FindAlternatives(l *slot.List, jobs []slot.Request, m Method) ([][]slot.Window, error) {
	var s Searcher
	return s.Alternatives(l, jobs, m, 0)
}

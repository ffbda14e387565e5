package anticipation

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/policies/slots"
)

// Scheduler runs the anticipation scheduling (ANT) of a batch:
//
//  1. every job's alternatives on the whole slot list, without any
//     reservation (IdealAlternatives): the best window by the job's own
//     criterion at every start of an AEP scan, so that they overlap;
//  2. the CSS choice on them that solves Problem (Reference): a
//     near-optimal but infeasible reference;
//  3. replication (Replicator.Replicate): job by job in priority order,
//     the feasible window nearest to the job's reference by Similarity,
//     reserved as it goes.
//
// It keeps its buffers between batches and is not safe for concurrent
// use.
type Scheduler struct {
	// Problem is the VO problem of step 2 (the paper: C → max, lim Ua).
	Problem css.Problem
	// Similarity is the replication criterion of step 3.
	Similarity Similarity
	// Cancelled, when not nil, is asked before every job's search of
	// IdealAlternatives and of the replication; once it reports true,
	// they return slots.ErrCancelled.
	Cancelled func() bool

	search  slots.Searcher
	chooser css.Scheduler
	rep     Replicator
	// the buffers of IdealAlternatives: every job's alternatives one
	// after the other, the end of each job's, and the per-job slices
	ideal    []css.Alternative
	idealEnd []int
	alts     [][]css.Alternative
	slab     []slot.Slot // the windows' slots of unpacked ideal alternatives (see Ideal)
	// addIdeal appends a window to ideal: made once, so that a job's
	// scan allocates no closure
	addIdeal func(w slot.Window, score float64)
}

// IdealAlternatives returns every job's alternatives on l without
// reservation (step 1), with their utilities. l is not modified. A job
// no window suits has none.
//
// The alternatives, their windows and the reference plans made from them
// live in buffers of s that the next call of IdealAlternatives, Reference
// or Schedule reuses: a batch's results must be used (or copied) before
// the next batch is searched. So a long experiment allocates nothing per
// window once the buffers have grown.
func (s *Scheduler) IdealAlternatives(l *slot.List, jobs []css.Job) ([][]css.Alternative, error) {
	// the windows are carved from the Searcher's scratch memory, which
	// this call reuses; the alternatives of all jobs go to one buffer.
	s.search.SetScratch(true)
	defer s.search.SetScratch(false)
	s.ideal = s.ideal[:0]
	s.idealEnd = s.idealEnd[:0]
	for i, j := range jobs {
		if s.Cancelled != nil && s.Cancelled() {
			return nil, slots.ErrCancelled
		}
		search, err := j.Search()
		if err == nil {
			err = j.Validate()
		}
		if err != nil {
			return nil, fmt.Errorf("anticipation: job %d: %w", i, err)
		}
		if s.addIdeal == nil {
			s.addIdeal = func(w slot.Window, _ float64) { s.ideal = append(s.ideal, css.NewAlternative(w)) }
		}
		err = s.search.ScanEach(l, j.Request, search.Limits, search.Criterion, s.addIdeal)
		if err != nil {
			return nil, fmt.Errorf("anticipation: job %d: %w", i, err)
		}
		s.idealEnd = append(s.idealEnd, len(s.ideal))
	}
	// cut the buffer once it has stopped growing: each job's slice has
	// its capacity cut to its length, so that an append copies.
	if cap(s.alts) < len(jobs) {
		s.alts = make([][]css.Alternative, len(jobs))
	}
	alts := s.alts[:len(jobs)]
	from := 0
	for i, j := range jobs {
		to := s.idealEnd[i]
		alts[i] = nil
		if to > from {
			alts[i] = s.ideal[from:to:to]
		}
		css.SetUtilities(alts[i], j.Criterion)
		from = to
	}
	return alts, nil
}

// Reference runs steps 1 and 2: the CSS choice on the ideal alternatives.
// Its chosen windows may overlap (the plan is infeasible).
func (s *Scheduler) Reference(l *slot.List, jobs []css.Job) (css.Plan, error) {
	alts, err := s.IdealAlternatives(l, jobs)
	if err != nil {
		return css.Plan{}, err
	}
	return s.chooser.Choose(alts, s.Problem)
}

// Schedule runs all three steps on l (not modified) and returns the
// reference and the feasible plan. starts, when not nil, replaces the
// reference start of every job (the paper's section 4.2 takes it from a
// prior backfilling schedule); a NaN keeps the reference's own start.
// The utility of each placed window is measured against the job's ideal
// alternatives.
func (s *Scheduler) Schedule(l *slot.List, jobs []css.Job, starts []float64) (ref, plan css.Plan, err error) {
	if err := s.Similarity.Validate(); err != nil {
		return css.Plan{}, css.Plan{}, err
	}
	ref, err = s.Reference(l, jobs)
	if err != nil {
		return css.Plan{}, css.Plan{}, err
	}
	plan, err = s.Place(l, jobs, ref, starts)
	return ref, plan, err
}

// ScheduleIdeal is Schedule on ideal alternatives searched before (by
// any Scheduler: Ideal) on the same l and jobs, so that the points that
// differ only in the problem or the similarity share step 1. It returns
// the feasible plan.
func (s *Scheduler) ScheduleIdeal(l *slot.List, jobs []css.Job, id *Ideal, starts []float64) (css.Plan, error) {
	if err := s.Similarity.Validate(); err != nil {
		return css.Plan{}, err
	}
	alts, err := s.unpack(l, id, jobs)
	if err != nil {
		return css.Plan{}, err
	}
	ref, err := s.chooser.Choose(alts, s.Problem)
	if err != nil {
		return css.Plan{}, err
	}
	return s.Place(l, jobs, ref, starts)
}

// Place runs step 3 alone: the replication of a reference made by
// Reference (so that one reference serves several similarities). starts
// is as in Schedule.
func (s *Scheduler) Place(l *slot.List, jobs []css.Job, ref css.Plan, starts []float64) (css.Plan, error) {
	if starts != nil && len(starts) != len(jobs) {
		return css.Plan{}, fmt.Errorf("anticipation: %d reference starts for %d jobs", len(starts), len(jobs))
	}
	if len(ref.Chosen) != len(jobs) {
		return css.Plan{}, fmt.Errorf("anticipation: a reference of %d jobs for %d", len(ref.Chosen), len(jobs))
	}
	refs, has := References(ref)
	if starts != nil {
		for i := range refs {
			if !math.IsNaN(starts[i]) {
				refs[i].Start = starts[i]
			}
		}
	}
	s.rep.Cancelled = s.Cancelled
	plan, err := s.rep.Replicate(l, jobs, refs, has, s.Similarity)
	if err != nil {
		return css.Plan{}, err
	}
	for i, j := range jobs {
		if a, ok := plan.Choice(i); ok {
			plan.Alternatives[i][0].Utility = css.UtilityIn(a, ref.Alternatives[i], j.Criterion)
		}
	}
	return plan, nil
}

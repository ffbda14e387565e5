package css

import (
	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
)

// Scheduler runs the cyclic scheduling scheme on job batches: the
// alternatives search (AEP with each job's own criterion, alternatives
// that never overlap) and the DP choice. It keeps its buffers between
// batches. It is not safe for concurrent use; its zero value is ready.
type Scheduler struct {
	// MaxPasses bounds the passes of the alternatives search (≤ 0: until
	// no job finds another window).
	MaxPasses int
	// Cancelled, when not nil, is asked before every job's search of
	// Alternatives and Backfill; once it reports true, they return
	// slots.ErrCancelled. (The DP choice is not interrupted.)
	Cancelled func() bool

	search  slots.Searcher
	chooser Chooser
	work    slot.List // the copy of the list Alternatives and Backfill subtract from, kept for its buffer
}

// Alternatives runs the first CSS step on l, which it does not modify:
// job by job in batch order, pass after pass, the best window by the
// job's own criterion under its limits, each subtracted from a copy of l
// before the next is sought, so no two alternatives of the batch overlap.
// Every job's alternatives get their utilities from its criterion. An
// invalid job is an error naming its index; a job that no window suits
// (more nodes than exist, an interval fully used by owners) simply has
// no alternative.
func (s *Scheduler) Alternatives(l *slot.List, jobs []Job) ([][]Alternative, error) {
	searches, err := validateJobs(jobs)
	if err != nil {
		return nil, err
	}
	alts := make([][]Alternative, len(jobs))
	s.work = slot.List{Nodes: l.Nodes, Slots: append(s.work.Slots[:0], l.Slots...)}
	work := &s.work
	err = s.search.AlternativesUntil(work, Requests(jobs), searches, s.MaxPasses, s.Cancelled, func(j int, w slot.Window) {
		alts[j] = append(alts[j], NewAlternative(w))
	})
	if err != nil {
		return nil, err
	}
	for i, j := range jobs {
		SetUtilities(alts[i], j.Criterion)
	}
	return alts, nil
}

// Schedule runs both CSS steps on the batch: the alternatives of every
// job on l (not modified), then the DP choice that solves p. The chosen
// windows never overlap and lie in l's free slots. When p is infeasible
// no job is chosen.
func (s *Scheduler) Schedule(l *slot.List, jobs []Job, p Problem) (Plan, error) {
	if err := p.Validate(); err != nil {
		return Plan{}, err
	}
	alts, err := s.Alternatives(l, jobs)
	if err != nil {
		return Plan{}, err
	}
	return s.Choose(alts, p)
}

// Choose runs the second CSS step on alternatives found earlier: the DP
// choice that solves p.
func (s *Scheduler) Choose(alts [][]Alternative, p Problem) (Plan, error) {
	plan := Plan{Alternatives: alts, Chosen: make([]int, len(alts))}
	chosen, ok, err := s.chooser.Choose(alts, p)
	if err != nil {
		return Plan{}, err
	}
	for i := range plan.Chosen {
		plan.Chosen[i] = -1
		if ok {
			plan.Chosen[i] = chosen[i]
		}
	}
	return plan, nil
}

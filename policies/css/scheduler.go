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
	// found collects the alternatives of Alternatives in the order found
	// (with their jobs in foundJob) before they are grouped by job into
	// one new slice; add appends to it, made once so that a search
	// allocates no closure.
	found    []Alternative
	foundJob []int
	add      func(j int, w slot.Window)
	// scratch, when true, carves the grouped alternatives from group and
	// groups, which every SetScratch(true) reuses (see SetScratch); end
	// is groupByJob's scratch.
	scratch bool
	group   []Alternative
	groups  [][]Alternative
	end     []int
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
	s.work = slot.List{Nodes: l.Nodes, Slots: append(s.work.Slots[:0], l.Slots...)}
	s.found, s.foundJob = s.found[:0], s.foundJob[:0]
	if s.add == nil {
		s.add = func(j int, w slot.Window) {
			s.found = append(s.found, NewAlternative(w))
			s.foundJob = append(s.foundJob, j)
		}
	}
	err = s.search.AlternativesUntil(&s.work, Requests(jobs), searches, s.MaxPasses, s.Cancelled, s.add)
	if err != nil {
		return nil, err
	}
	alts := s.groupByJob(len(jobs))
	for i, j := range jobs {
		SetUtilities(alts[i], j.Criterion)
	}
	return alts, nil
}

// SetScratch switches scratch memory for the windows and alternatives
// the scheduler finds on or off (see slots.Searcher.SetScratch): while it
// is on, the next SetScratch(true) reuses the memory of every window and
// alternative found before it, so that alternatives and plans made
// before that call must no longer be used. An experiment that is done
// with a cycle's plans when the next cycle begins turns it on at the
// start of every cycle.
func (s *Scheduler) SetScratch(on bool) {
	s.search.SetScratch(on)
	s.scratch = on
	if on {
		s.group, s.groups = s.group[:0], s.groups[:0]
	}
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

// groupByJob returns the alternatives found (s.found, of job
// s.foundJob[k] each) as one slice per job in the order found, all carved
// from one new slice (with scratch on, from s.group) with each job's
// capacity cut to its length (an append by the caller copies). A job
// without alternatives has a nil slice.
func (s *Scheduler) groupByJob(jobs int) [][]Alternative {
	alts := carve(&s.groups, jobs, s.scratch)
	found, jobOf := s.found, s.foundJob
	if len(found) == 0 {
		return alts
	}
	end := append(s.end[:0], make([]int, jobs)...) // the end of each job's run in all
	s.end = end
	for _, j := range jobOf {
		end[j]++
	}
	for j := 1; j < jobs; j++ {
		end[j] += end[j-1]
	}
	all := carve(&s.group, len(found), s.scratch)
	at := 0
	for j := range alts {
		if end[j] > at {
			alts[j] = all[at:at:end[j]]
		}
		at = end[j]
	}
	for k, a := range found {
		alts[jobOf[k]] = append(alts[jobOf[k]], a)
	}
	return alts
}

// carve returns n zero elements with their capacity cut to n: the next n
// of *pool, which grows, when scratch is on, else newly made.
func carve[T any](pool *[]T, n int, scratch bool) []T {
	if !scratch {
		return make([]T, n)
	}
	k := len(*pool)
	*pool = append(*pool, make([]T, n)...)
	return (*pool)[k : k+n : k+n]
}

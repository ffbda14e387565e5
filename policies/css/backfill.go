package css

import (
	"fmt"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
)

// Backfill schedules the batch by conservative backfilling on the slot
// list l, which it does not modify: jobs in batch (queue) order, each
// reserved in the earliest window its request and price limits allow,
// given the reservations of the jobs before it. A later job takes an
// earlier gap when it fits there (it backfills), but never delays a job
// reserved before it. The window is the first one the scan finds (the
// first N suitable slots in start order, the cheapest among slots that
// start together), whatever the user's criterion: backfilling does not
// optimise. A job no window suits is left unscheduled. The utilities of
// the returned alternatives are 0 (the plan has no alternatives to
// measure them against; see UtilityIn).
func (s *Scheduler) Backfill(l *slot.List, jobs []Job) (Plan, error) {
	if _, err := validateJobs(jobs); err != nil {
		return Plan{}, err
	}
	s.work = slot.List{Nodes: l.Nodes, Slots: append(s.work.Slots[:0], l.Slots...)}
	work := &s.work
	alts := make([]Alternative, len(jobs))
	found := make([]bool, len(jobs))
	for i, j := range jobs {
		if s.Cancelled != nil && s.Cancelled() {
			return Plan{}, slots.ErrCancelled
		}
		w, ok, err := s.search.Find(work, j.Request, j.Limits(), slots.EarliestStart)
		if err != nil {
			return Plan{}, fmt.Errorf("job %d: %w", i, err)
		}
		if !ok {
			continue
		}
		if err := work.Subtract(w); err != nil {
			return Plan{}, fmt.Errorf("job %d: %w", i, err)
		}
		alts[i], found[i] = NewAlternative(w), true
	}
	return single(alts, found), nil
}

// UtilityIn returns the utility of alternative a of a job with criterion
// p measured against the job's alternatives alts (their range of p);
// 0 when alts is empty.
func UtilityIn(a Alternative, alts []Alternative, p Property) float64 {
	zmin, zmax := Range(alts, p)
	return UserUtility(a.Value(p), zmin, zmax)
}

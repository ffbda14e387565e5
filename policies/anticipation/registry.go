package anticipation

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
)

func init() {
	css.Policies.Register("ant", "anticipation scheduling: a CSS reference on the ideal alternatives, replicated on the real slots by a linear or geometric distance",
		func(o css.Options) (css.Policy, error) {
			sim, err := SimilarityOf(o)
			if err != nil {
				return nil, err
			}
			if err := o.ValidateLimit(); err != nil {
				return nil, err
			}
			p := &policy{fromBF: o.StartFromBackfilling}
			p.ant.Problem = css.CostMaxUtilityLimit(o.Limit)
			p.ant.Similarity = sim
			p.ant.Cancelled = o.Cancelled
			return p, nil
		}, "limit", "distance", "terms", "error_floor", "at_reference_start", "start_from_backfilling")
}

var _ IdealPolicy = (*policy)(nil)

// An IdealPolicy schedules from ideal alternatives searched before: the
// registered "ant", whose step 1 depends on the list and the jobs only
// (never on the policy's options), so that Schedule(l, jobs) is
// ScheduleIdeal(l, jobs, Ideal(l, jobs), backfill) where backfill returns
// the batch's conservative backfilling plan (css.Scheduler.Backfill). A
// caller that runs several of them on one batch (the points of a sweep
// that differ in the limit) may search the ideal alternatives and the
// backfilling plan once and hand them to each, which only reads them.
type IdealPolicy interface {
	css.Policy
	Ideal(l *slot.List, jobs []css.Job) (*Ideal, error)
	// ScheduleIdeal calls backfill only when the policy takes its
	// reference starts from backfilling.
	ScheduleIdeal(l *slot.List, jobs []css.Job, id *Ideal, backfill func() (css.Plan, error)) (css.Plan, error)
}

// SimilarityOf returns the replication criterion that the options of a
// registered policy name: Distance (linear or geometric), Terms,
// ErrorFloor and AtReferenceStart. A bad one is a *model.FieldError
// naming its key.
func SimilarityOf(o css.Options) (Similarity, error) {
	d, err := ParseDistance(o.Distance)
	if err != nil {
		return Similarity{}, model.Field("distance", "must be linear or geometric (got %q)", o.Distance)
	}
	s := Similarity{Distance: d, Floor: o.ErrorFloor, AtReferenceStart: o.AtReferenceStart}
	for _, name := range o.Terms {
		t, err := css.ParseProperty(name)
		if err != nil {
			return Similarity{}, model.Field("terms", "%v", err)
		}
		s.Terms = append(s.Terms, t)
	}
	if !(s.Floor > 0) || math.IsInf(s.Floor, 0) {
		return Similarity{}, model.Field("error_floor", "must be a finite number > 0 (got %v)", o.ErrorFloor)
	}
	if err := s.Validate(); err != nil {
		return Similarity{}, model.Field("terms", "%v", err)
	}
	return s, nil
}

// policy is the registered "ant": the three steps of Scheduler, with the
// reference starts taken from a backfilling schedule when fromBF is set.
type policy struct {
	ant    Scheduler
	bf     css.Scheduler // the backfilling of Schedule
	fromBF bool
}

func (*policy) Name() string { return "ant" }

// Schedule runs the three steps of Scheduler, through the packed ideal
// alternatives as a caller that shares them does.
func (p *policy) Schedule(l *slot.List, jobs []css.Job) (css.Plan, error) {
	id, err := p.Ideal(l, jobs)
	if err != nil {
		return css.Plan{}, err
	}
	return p.ScheduleIdeal(l, jobs, id, func() (css.Plan, error) { return p.bf.Backfill(l, jobs) })
}

// Ideal searches the batch's ideal alternatives (Scheduler.Ideal).
func (p *policy) Ideal(l *slot.List, jobs []css.Job) (*Ideal, error) { return p.ant.Ideal(l, jobs) }

// ScheduleIdeal runs steps 2 and 3 on ideal alternatives of l and jobs,
// with the reference starts of the backfilling plan when fromBF is set.
func (p *policy) ScheduleIdeal(l *slot.List, jobs []css.Job, id *Ideal, backfill func() (css.Plan, error)) (css.Plan, error) {
	var starts []float64
	if p.fromBF {
		bf, err := backfill()
		if err != nil {
			return css.Plan{}, err
		}
		if len(bf.Chosen) != len(jobs) {
			return css.Plan{}, fmt.Errorf("anticipation: a backfilling plan of %d jobs for %d", len(bf.Chosen), len(jobs))
		}
		starts = make([]float64, len(jobs))
		for i := range jobs {
			starts[i] = math.NaN() // no backfilling start: keep the reference's
			if a, ok := bf.Choice(i); ok {
				starts[i] = a.Start
			}
		}
	}
	return p.ant.ScheduleIdeal(l, jobs, id, starts)
}

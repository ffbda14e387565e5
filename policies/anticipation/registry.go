package anticipation

import (
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
			return p, nil
		}, "limit", "distance", "terms", "error_floor", "at_reference_start", "start_from_backfilling")
}

var _ css.Policy = (*policy)(nil)

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
	bf     css.Scheduler
	fromBF bool
}

func (*policy) Name() string { return "ant" }

func (p *policy) Schedule(l *slot.List, jobs []css.Job) (css.Plan, error) {
	var starts []float64
	if p.fromBF {
		bf, err := p.bf.Backfill(l, jobs)
		if err != nil {
			return css.Plan{}, err
		}
		starts = make([]float64, len(jobs))
		for i := range jobs {
			starts[i] = math.NaN() // no backfilling start: keep the reference's
			if a, ok := bf.Choice(i); ok {
				starts[i] = a.Start
			}
		}
	}
	_, plan, err := p.ant.Schedule(l, jobs, starts)
	return plan, err
}

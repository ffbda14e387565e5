package css

import (
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies"
)

// Policy schedules one batch of jobs on a slot list, which it does not
// modify: the slot batch policies of the registry Policies (this package
// registers the backfilling baseline and CSS, policies/anticipation
// registers ANT). An instance keeps buffers between batches and is not
// safe for concurrent use.
type Policy interface {
	// Name returns the registered name of the policy.
	Name() string
	// Schedule returns the batch's plan on l.
	Schedule(l *slot.List, jobs []Job) (Plan, error)
}

// Options are the parameters of the slot batch policies. Each policy
// reads the ones that concern it; its constructor validates them.
type Options struct {
	// Limit is lim Ua (percent) of the VO problem C → max, lim Ua (of
	// CSS and ANT).
	Limit float64 `yaml:"limit"`
	// Distance is ANT's replication distance: linear or geometric.
	Distance string `yaml:"distance"`
	// Terms are ANT's distance terms (start, finish, runtime, proctime,
	// cost).
	Terms []string `yaml:"terms"`
	// ErrorFloor is the least denominator of ANT's relative errors.
	ErrorFloor float64 `yaml:"error_floor"`
	// AtReferenceStart lets ANT's replication also try a window at the
	// reference's own start.
	AtReferenceStart bool `yaml:"at_reference_start"`
	// StartFromBackfilling takes ANT's reference start of every job from
	// a prior backfilling schedule.
	StartFromBackfilling bool `yaml:"start_from_backfilling"`
	// Cancelled, when not nil, is asked by the policy's searches before
	// every job (see Scheduler.Cancelled).
	Cancelled func() bool `yaml:"-"`
}

// ValidateLimit checks that Limit is a percentage in [0, 100]; a bad one
// is a *model.FieldError at "limit".
func (o Options) ValidateLimit() error {
	if !(o.Limit >= 0 && o.Limit <= 100) {
		return model.Field("limit", "must be a percentage in [0, 100] (got %v)", o.Limit)
	}
	return nil
}

// Policies is the registry of the slot batch policies: which alternative
// (slot window) every job of a batch gets. Every constructor validates
// the options it reads and reports a bad one as a *model.FieldError
// naming its key; Policies.New returns a new instance.
var Policies = policies.NewRegistry[Options, Policy](policies.Family{
	Name:     "slot-batch",
	Decision: "which slot window every job of a batch gets on a slot list (model kind anticipation)",
	Package:  "policies/css",
	Params: []policies.Param{
		{Key: "limit", Doc: "lim Ua (percent) of the VO problem C → max, lim Ua"},
		{Key: "distance", Doc: "ANT's replication distance: linear or geometric"},
		{Key: "terms", Doc: "ANT's distance terms (start, finish, runtime, proctime, cost)"},
		{Key: "error_floor", Doc: "the least denominator of ANT's relative errors (> 0)"},
		{Key: "at_reference_start", Doc: "let ANT's replication also try a window at the reference's own start"},
		{Key: "start_from_backfilling", Doc: "take ANT's reference start of every job from a prior backfilling schedule"},
	},
}, nil)

func init() {
	Policies.Register("bf", "conservative backfilling on the slot list in batch order (the baseline of CSS and ANT)",
		func(o Options) (Policy, error) { return &backfillPolicy{s: Scheduler{Cancelled: o.Cancelled}}, nil })
	Policies.Register("css", "cyclic scheduling scheme: non-overlapping alternatives by each job's criterion, DP choice for C → max, lim Ua",
		func(o Options) (Policy, error) {
			if err := o.ValidateLimit(); err != nil {
				return nil, err
			}
			return &cssPolicy{s: Scheduler{Cancelled: o.Cancelled}, problem: CostMaxUtilityLimit(o.Limit)}, nil
		}, "limit")
}

var (
	_ Policy        = (*backfillPolicy)(nil)
	_ TwoStepPolicy = (*cssPolicy)(nil)
)

// A TwoStepPolicy schedules in the two CSS steps: the alternatives
// search, whose outcome depends on the list and the jobs only (never on
// the policy's options), and the choice among the alternatives, so that
// Schedule(l, jobs) is Choose(Alternatives(l, jobs)). A caller that runs
// several of them on one batch (the points of a sweep that differ in
// the limit) may search the alternatives once and hand them to each
// Choose, which only reads them.
type TwoStepPolicy interface {
	Policy
	Alternatives(l *slot.List, jobs []Job) ([][]Alternative, error)
	Choose(alts [][]Alternative) (Plan, error)
}

type backfillPolicy struct{ s Scheduler }

func (*backfillPolicy) Name() string { return "bf" }
func (p *backfillPolicy) Schedule(l *slot.List, jobs []Job) (Plan, error) {
	return p.s.Backfill(l, jobs)
}

type cssPolicy struct {
	s       Scheduler
	problem Problem
}

func (*cssPolicy) Name() string { return "css" }
func (p *cssPolicy) Schedule(l *slot.List, jobs []Job) (Plan, error) {
	return p.s.Schedule(l, jobs, p.problem)
}

// Alternatives is the first step of Schedule (Scheduler.Alternatives).
func (p *cssPolicy) Alternatives(l *slot.List, jobs []Job) ([][]Alternative, error) {
	return p.s.Alternatives(l, jobs)
}

// Choose is the second step of Schedule: the DP choice of the policy's
// problem (Scheduler.Choose).
func (p *cssPolicy) Choose(alts [][]Alternative) (Plan, error) {
	return p.s.Choose(alts, p.problem)
}

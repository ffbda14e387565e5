package css

import (
	"errors"
	"fmt"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies"
)

// Policy schedules one batch of jobs on a slot list, which it does not
// modify: the slot batch policies of the registry (bf, css, and ant from
// policies/anticipation). An instance keeps buffers between batches and
// is not safe for concurrent use.
type Policy interface {
	// Name returns the registered name of the policy.
	Name() string
	// Schedule returns the batch's plan on l.
	Schedule(l *slot.List, jobs []Job) (Plan, error)
}

// Options are the parameters of the slot batch policies. Each policy
// reads the ones that concern it; its constructor validates them.
type Options struct {
	// Limit is lim Ua (percent) of the VO problem C → max, lim Ua
	// (css, ant).
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

// OptionError reports an invalid option; Key names it ("limit").
type OptionError struct {
	// Key is the option's yaml key.
	Key string
	// Msg says what is wrong and what is allowed.
	Msg string
}

// Error returns "key: message".
func (e *OptionError) Error() string { return e.Key + ": " + e.Msg }

// ValidateLimit checks that Limit is a percentage in [0, 100].
func (o Options) ValidateLimit() error {
	if !(o.Limit >= 0 && o.Limit <= 100) {
		return &OptionError{Key: "limit", Msg: fmt.Sprintf("must be a percentage in [0, 100] (got %v)", o.Limit)}
	}
	return nil
}

// ErrUnknownPolicy is wrapped by the error New returns for a name that is
// not registered.
var ErrUnknownPolicy = errors.New("unknown slot batch policy")

// Constructor builds a policy from its options; it validates the ones
// the policy reads and reports a bad one as an *OptionError.
type Constructor func(o Options) (Policy, error)

var registry = policies.NewRegistry[Constructor]("css: policy", ErrUnknownPolicy)

// Register adds a slot batch policy under name. It is called from init
// functions; registering a name twice is a programming error and panics
// at start-up.
func Register(name, summary string, ctor Constructor) { registry.Register(name, summary, ctor) }

// Names returns the registered policy names, sorted.
func Names() []string { return registry.Names() }

// Summary returns the one-line description of a registered policy.
func Summary(name string) (string, bool) { return registry.Summary(name) }

// New returns a new instance of the named policy with options o. An
// unknown name is an error wrapping ErrUnknownPolicy that lists the
// registered names; a bad option an *OptionError.
func New(name string, o Options) (Policy, error) {
	ctor, err := registry.Lookup(name)
	if err != nil {
		return nil, err
	}
	return ctor(o)
}

func init() {
	Register("bf", "conservative backfilling on the slot list in batch order (the baseline of CSS and ANT)",
		func(o Options) (Policy, error) { return &backfillPolicy{s: Scheduler{Cancelled: o.Cancelled}}, nil })
	Register("css", "cyclic scheduling scheme: non-overlapping alternatives by each job's criterion, DP choice for C → max, lim Ua (option limit)",
		func(o Options) (Policy, error) {
			if err := o.ValidateLimit(); err != nil {
				return nil, err
			}
			return &cssPolicy{s: Scheduler{Cancelled: o.Cancelled}, problem: CostMaxUtilityLimit(o.Limit)}, nil
		})
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

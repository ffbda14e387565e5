package batch

import (
	"errors"
	"fmt"

	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/policies"
)

// The queue orders.
const (
	// OrderSubmit is first-come first-served: the queue in arrival order.
	OrderSubmit = "submit"
	// OrderSJF is shortest-job-first: the queue by estimate, shortest
	// first, ties by arrival.
	OrderSJF = "sjf"
)

// Orders lists the valid values of Options.Order.
func Orders() []string { return []string{OrderSubmit, OrderSJF} }

// Options are the parameters common to the batch policies.
type Options struct {
	// Order is the queue order: OrderSubmit (the default when empty) or
	// OrderSJF.
	Order string `yaml:"order"`
}

// OptionError reports an invalid option; Key names it ("order").
type OptionError struct {
	// Key is the option's yaml key.
	Key string
	// Msg says what is wrong and what is allowed.
	Msg string
}

// Error returns "key: message".
func (e *OptionError) Error() string { return e.Key + ": " + e.Msg }

// ErrUnknownPolicy is wrapped by the error New returns for a name that is
// not registered.
var ErrUnknownPolicy = errors.New("unknown batch policy")

// Validate checks the options.
func (o Options) Validate() error {
	switch o.Order {
	case "", OrderSubmit, OrderSJF:
		return nil
	}
	return &OptionError{Key: "order", Msg: fmt.Sprintf("must be one of %v (got %q)", Orders(), o.Order)}
}

// less returns the cluster queue order of the options (validated).
func (o Options) less() func(a, b *cluster.Job) bool {
	if o.Order == OrderSJF {
		return cluster.ByEstimate
	}
	return cluster.BySubmit
}

// Probe receives the promises a policy makes to queued jobs: EASY reports
// the shadow time it computed for the queue head at every pass where the
// head has to wait, conservative backfilling every reservation it makes
// or moves. Tests use it to check that promises are kept.
type Probe func(jobID int64, at float64)

// Policy is a batch scheduling policy: a cluster.Scheduler with a name.
type Policy interface {
	cluster.Scheduler
	// Name returns the registered name of the policy.
	Name() string
	// SetProbe installs a probe (nil removes it). Policies that make no
	// promises ignore it.
	SetProbe(p Probe)
}

// Constructor builds a policy from validated options.
type Constructor func(o Options) (Policy, error)

var registry = policies.NewRegistry[Constructor]("batch: policy", ErrUnknownPolicy)

// Register adds a policy under name. It is called from init functions;
// registering a name twice is a programming error and panics at start-up.
func Register(name, summary string, ctor Constructor) { registry.Register(name, summary, ctor) }

// Names returns the registered policy names, sorted.
func Names() []string { return registry.Names() }

// Summary returns the one-line description of a registered policy.
func Summary(name string) (string, bool) { return registry.Summary(name) }

// New validates o and returns a new instance of the named policy. A policy
// instance keeps state across passes: use one per replay.
func New(name string, o Options) (Policy, error) {
	ctor, err := registry.Lookup(name)
	if err != nil {
		return nil, err
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.Order == "" {
		o.Order = OrderSubmit
	}
	return ctor(o)
}

// base holds what every policy has: its name, queue order and probe.
type base struct {
	name  string
	less  func(a, b *cluster.Job) bool
	probe Probe
}

func newBase(name string, o Options) base { return base{name: name, less: o.less()} }

// Name returns the registered name of the policy.
func (b *base) Name() string { return b.name }

// Less orders the queue.
func (b *base) Less(x, y *cluster.Job) bool { return b.less(x, y) }

// SetProbe installs a probe.
func (b *base) SetProbe(p Probe) { b.probe = p }

package batch

import (
	"github.com/schedsim/schedsim/model"
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
func Orders() []string { return []string{OrderSubmit, OrderSJF, OrderMaui} }

// Options are the parameters common to the batch policies.
type Options struct {
	// Order is the queue order: OrderSubmit (the default when empty),
	// OrderSJF or OrderMaui.
	Order string `yaml:"order"`
	// Weights are the weights of the OrderMaui priority (only with it).
	Weights Weights `yaml:"weights"`
}

// Validate checks the options; a bad one is a *model.FieldError naming
// its key.
func (o Options) Validate() error {
	switch o.Order {
	case "", OrderSubmit, OrderSJF:
		if !o.Weights.IsZero() {
			return model.Field("weights", "only used with order: %s (order is %q)", OrderMaui, o.Order)
		}
		return nil
	case OrderMaui:
		return model.Under("weights", o.Weights.Validate())
	}
	return model.OneOf("order", o.Order, Orders()...)
}

// prepare validates o and fills its defaults.
func (o Options) prepare() (Options, error) {
	if err := o.Validate(); err != nil {
		return o, err
	}
	if o.Order == "" {
		o.Order = OrderSubmit
	}
	return o, nil
}

// less returns the cluster queue order of the options (validated): the
// static order, or the tie-break of the OrderMaui priority (arrival).
func (o Options) less() func(a, b *cluster.Job) bool {
	if o.Order == OrderSJF {
		return cluster.ByEstimate
	}
	return cluster.BySubmit
}

// priority returns the dynamic queue order of the options (validated), or
// nil for a static one.
func (o Options) priority() func(j *cluster.Job, now float64) float64 {
	if o.Order == OrderMaui {
		return o.Weights.Priority
	}
	return nil
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

// Policies is the registry of the batch policies: which queued job
// starts next on a cluster. Policies.New validates the options and
// returns a new instance; an instance keeps state across passes, so use
// one per replay.
var Policies = policies.NewRegistry[Options, Policy](policies.Family{
	Name:     "batch",
	Decision: "which queued job starts next on a homogeneous cluster (model kind cluster)",
	Package:  "policies/batch",
	Params: []policies.Param{
		{Key: "order", Doc: "queue order: submit (first come, the default), sjf (shortest estimate first, ties by arrival) or maui (weighted priority recomputed at every pass, ties by arrival)"},
		{Key: "weights", Doc: "weights of the maui order, {queue_time: per minute waited, xfactor: per unit of (wait + estimate) / estimate, size: per processor}; all 0 (the default) is first come"},
	},
}, Options.prepare)

// base holds what every policy has: its name, queue order and probe.
type base struct {
	name  string
	less  func(a, b *cluster.Job) bool
	prio  func(j *cluster.Job, now float64) float64
	probe Probe
}

func newBase(name string, o Options) base {
	return base{name: name, less: o.less(), prio: o.priority()}
}

// Name returns the registered name of the policy.
func (b *base) Name() string { return b.name }

// Less orders the queue.
func (b *base) Less(x, y *cluster.Job) bool { return b.less(x, y) }

// Priority returns the dynamic queue order (cluster.Prioritized), nil for
// a static one.
func (b *base) Priority() func(j *cluster.Job, now float64) float64 { return b.prio }

// SetProbe installs a probe.
func (b *base) SetProbe(p Probe) { b.probe = p }

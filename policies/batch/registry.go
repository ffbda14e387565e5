package batch

import (
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/policies"
	"github.com/schedsim/schedsim/policies/predict"
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
	// OrderSJF (by the jobs' predictions when there is a predictor) or
	// OrderMaui.
	Order string `yaml:"order"`
	// Weights are the weights of the OrderMaui priority (only with it).
	Weights Weights `yaml:"weights"`
	// Predictor names the runtime predictor (predict.Predictors) of the
	// policies that read it; empty means the policy's default (requested
	// for all but easy++).
	Predictor string `yaml:"predictor"`
	// Predict are the predictor's options (k, fallback, correction).
	Predict predict.Options `yaml:",inline"`
	// DelayFactor is greedy-easy's delay factor (≥ 0; nil:
	// DefaultDelayFactor).
	DelayFactor *float64 `yaml:"delay_factor"`
}

// Validate checks the options; a bad one is a *model.FieldError naming
// its key.
func (o Options) Validate() error {
	switch o.Order {
	case "", OrderSubmit, OrderSJF:
		if !o.Weights.IsZero() {
			return model.Field("weights", "only used with order: %s (order is %q)", OrderMaui, o.Order)
		}
	case OrderMaui:
		if err := model.Under("weights", o.Weights.Validate()); err != nil {
			return err
		}
	default:
		return model.OneOf("order", o.Order, Orders()...)
	}
	if o.Predictor != "" {
		if _, ok := predict.Predictors.Summary(o.Predictor); !ok {
			return model.Field("predictor", "must be one of %v (got %q)", predict.Predictors.Names(), o.Predictor)
		}
	}
	if o.DelayFactor != nil {
		if err := model.FloatRange("delay_factor", *o.DelayFactor, 0, 1e6); err != nil {
			return err
		}
	}
	return o.Predict.Validate()
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
		{Key: "predictor", Doc: "runtime predictor (family predictor): requested (the default but for easy++), actual, user-last-k, user-average, doubled, halved"},
		{Key: "predictor_k", Doc: "user-last-k's k (default 2)"},
		{Key: "predictor_fallback", Doc: "per-user predictor, job without a user id: none (an error, the default) or requested"},
		{Key: "correction", Doc: "prediction reached by a running job: none (the cluster's overrun step), requested, increment or list"},
		{Key: "correction_increment", Doc: "seconds added by the increment correction (default 900)"},
		{Key: "correction_list", Doc: "increasing seconds of the list correction (default 1 min … 100 h)"},
		{Key: "delay_factor", Doc: "greedy-easy: the head is reserved no earlier than now + delay_factor × its requested time (default 1, pyss's)"},
	},
}, Options.prepare)

// predictorParams are the option keys of a policy that plans with a
// predictor.
var predictorParams = []string{"predictor", "predictor_k", "predictor_fallback", "correction", "correction_increment", "correction_list"}

// withPredictor returns the keys of a policy that reads the predictor
// options besides keys.
func withPredictor(keys ...string) []string { return append(keys, predictorParams...) }

// base holds what every policy has: its name, queue order and probe, and
// the predictor of the policies that plan with one.
type base struct {
	name  string
	less  func(a, b *cluster.Job) bool
	prio  func(j *cluster.Job, now float64) float64
	probe Probe
	pred  cluster.Predictor
}

func newBase(name string, o Options) base {
	return base{name: name, less: o.less(), prio: o.priority()}
}

// newPredicting returns the base of a policy that plans with the
// predictor of o, def when o names none.
func newPredicting(name string, o Options, def string) (base, error) {
	b := newBase(name, o)
	if o.Predictor == "" {
		o.Predictor = def
	}
	p, err := predict.New(o.Predictor, o.Predict)
	if err != nil {
		return b, err
	}
	b.pred = p
	return b, nil
}

// Predictor returns the policy's predictor (nil: the requested times); see
// cluster.Predicting.
func (b *base) Predictor() cluster.Predictor { return b.pred }

// Name returns the registered name of the policy.
func (b *base) Name() string { return b.name }

// Less orders the queue.
func (b *base) Less(x, y *cluster.Job) bool { return b.less(x, y) }

// Priority returns the dynamic queue order (cluster.Prioritized), nil for
// a static one.
func (b *base) Priority() func(j *cluster.Job, now float64) float64 { return b.prio }

// SetProbe installs a probe.
func (b *base) SetProbe(p Probe) { b.probe = p }

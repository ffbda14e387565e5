package local

import (
	"math"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/policies"
)

// The measures of queue length for Options.By.
const (
	// ByCount measures a queue by the number of jobs waiting in it, the
	// running one excluded (the default; the paper's vocabulary, where an
	// "empty queue" may have a busy processor).
	ByCount = "count"
	// ByCountAll counts the running job as well.
	ByCountAll = "count-all"
	// ByWork measures a queue by its estimated work: the running job's
	// estimated remaining time plus the estimates of the waiting jobs.
	ByWork = "work"
)

// Measures lists the valid values of Options.By.
func Measures() []string { return []string{ByCount, ByCountAll, ByWork} }

// Options are the parameters of the local policies; each policy reads the
// ones it needs.
type Options struct {
	// Threshold is T, the longest a backfilling local may delay a gang by
	// its estimate (backfill): finite and ≥ 0; the paper uses 0.
	Threshold float64
	// By is how the router measures queues: ByCount (default when empty),
	// ByCountAll or ByWork.
	By string
}

// Validate checks the options; a bad one is a *model.FieldError naming
// its key ("threshold", "by").
func (o Options) Validate() error {
	if !(o.Threshold >= 0) || math.IsInf(o.Threshold, 0) {
		return model.Field("threshold", "must be finite and ≥ 0 (got %v)", o.Threshold)
	}
	switch o.By {
	case "", ByCount, ByCountAll, ByWork:
		return nil
	}
	return model.Field("by", "must be one of %v (got %q)", Measures(), o.By)
}

// prepare validates o and fills the default measure.
func (o Options) prepare() (Options, error) {
	if err := o.Validate(); err != nil {
		return o, err
	}
	if o.By == "" {
		o.By = ByCount
	}
	return o, nil
}

// Disciplines is the registry of the local queue disciplines: whether a
// local job may start ahead of a gang waiting in its processor's queue.
// Disciplines.New validates the options and returns the discipline.
var Disciplines = policies.NewRegistry[Options, gang.LocalDiscipline](policies.Family{
	Name:     "local-discipline",
	Decision: "whether a local job may start ahead of a gang waiting in its processor's queue (model kind karatza)",
	Package:  "policies/local",
	Params: []policies.Param{
		{Key: "threshold", Doc: "T, the longest a backfilling local may delay a gang by its estimate: finite and ≥ 0; the paper's 0"},
	},
}, Options.prepare)

// Routers is the registry of the routers: which processor queue of its
// site a local job joins. Routers.New validates the options and returns
// a new instance, which keeps scratch state: use one per System.
var Routers = policies.NewRegistry[Options, gang.Router](policies.Family{
	Name:     "local-router",
	Decision: "which processor queue of its site a local job joins (model kind karatza, key routing)",
	Package:  "policies/local",
	Params: []policies.Param{
		{Key: "by", Doc: "how queues are measured: count (waiting jobs, the default), count-all (the running one too) or work (estimated)"},
	},
}, Options.prepare)

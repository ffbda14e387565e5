package predict

import (
	"fmt"
	"math"
	"slices"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/policies"
)

// Predictor predicts job runtimes for a cluster scheduler (see
// cluster.Predictor: Predict at arrival, Observe at each end).
type Predictor = cluster.Predictor

// The fallbacks of the per-user predictors for a job without a user id.
const (
	// FallbackNone makes a job without a user id an error (the default).
	FallbackNone = "none"
	// FallbackRequested predicts the requested time for it.
	FallbackRequested = "requested"
)

// The correction strategies (TPDS'07) for a job that reaches its
// prediction without ending, below its requested time.
const (
	// CorrectNone leaves the correction to the cluster's overrun step
	// rule (cluster.Config.OverrunStep, doubled at each correction,
	// capped at the requested time).
	CorrectNone = "none"
	// CorrectRequested jumps to the requested time.
	CorrectRequested = "requested"
	// CorrectIncrement adds a fixed increment (Options.Increment).
	CorrectIncrement = "increment"
	// CorrectList jumps to the next value of a list (Options.List)
	// above the time already run, the requested time after the last.
	CorrectList = "list"
)

// DefaultK is the number of a user's last jobs user-last-k averages
// (EASY++'s two).
const DefaultK = 2

// DefaultIncrement is the default increment of the increment correction,
// in seconds.
const DefaultIncrement = 900.0

// DefaultList is the default list of the list correction, in seconds:
// 1, 5, 15 and 30 minutes, then 1, 2, 5, 10, 20, 50 and 100 hours.
var DefaultList = []float64{60, 300, 900, 1800, 3600, 7200, 18000, 36000, 72000, 180000, 360000}

// Options are the parameters of the predictors.
type Options struct {
	// K is how many of a user's last finished jobs user-last-k averages
	// (default DefaultK).
	K int `yaml:"predictor_k"`
	// Fallback is what the per-user predictors do with a job without a
	// user id: FallbackNone (the default: the replay fails naming the
	// job) or FallbackRequested.
	Fallback string `yaml:"predictor_fallback"`
	// Correction is the correction strategy: CorrectNone (the default),
	// CorrectRequested, CorrectIncrement or CorrectList.
	Correction string `yaml:"correction"`
	// Increment is the increment of CorrectIncrement, in seconds
	// (default DefaultIncrement).
	Increment float64 `yaml:"correction_increment"`
	// List is the strictly increasing list of CorrectList, in seconds
	// (default DefaultList).
	List []float64 `yaml:"correction_list"`
}

// Fallbacks lists the valid values of Options.Fallback.
func Fallbacks() []string { return []string{FallbackNone, FallbackRequested} }

// Corrections lists the valid values of Options.Correction.
func Corrections() []string {
	return []string{CorrectNone, CorrectRequested, CorrectIncrement, CorrectList}
}

// Validate checks the options; a bad one is a *model.FieldError naming
// its key.
func (o Options) Validate() error {
	if err := model.FirstError(
		model.IntRange("predictor_k", o.K, 0, 1<<20),
		optOneOf("predictor_fallback", o.Fallback, Fallbacks()),
		optOneOf("correction", o.Correction, Corrections()),
		model.FloatRange("correction_increment", o.Increment, 0, 1e9),
	); err != nil {
		return err
	}
	for i, v := range o.List {
		if !(v > 0) || math.IsInf(v, 0) || i > 0 && !(v > o.List[i-1]) {
			return model.Field(fmt.Sprintf("correction_list[%d]", i), "must be a finite number > 0 and above the value before it (got %v)", v)
		}
	}
	return nil
}

// optOneOf checks a string option whose empty value means its default.
func optOneOf(key, v string, valid []string) error {
	if v == "" || slices.Contains(valid, v) {
		return nil
	}
	return model.Field(key, "must be one of %v (got %q)", valid, v)
}

// prepare validates o and fills its defaults.
func (o Options) prepare() (Options, error) {
	if err := o.Validate(); err != nil {
		return o, err
	}
	if o.K == 0 {
		o.K = DefaultK
	}
	if o.Fallback == "" {
		o.Fallback = FallbackNone
	}
	if o.Correction == "" {
		o.Correction = CorrectNone
	}
	if o.Increment == 0 {
		o.Increment = DefaultIncrement
	}
	if len(o.List) == 0 {
		o.List = DefaultList
	}
	o.List = slices.Clone(o.List)
	return o, nil
}

// Predictors is the registry of the predictors. Predictors.New builds a
// bare predictor; New wraps it in the correction strategy of the options.
// A predictor keeps state across jobs, so use one per replay.
var Predictors = policies.NewRegistry[Options, Predictor](policies.Family{
	Name:     "predictor",
	Decision: "which runtime a backfilling scheduler assumes for a job (model kind cluster, key predictor)",
	Package:  "policies/predict",
	Params: []policies.Param{
		{Key: "predictor_k", Doc: "user-last-k: how many of the user's last finished jobs to average (default 2)"},
		{Key: "predictor_fallback", Doc: "per-user predictors, job without a user id: none (an error, the default) or requested"},
		{Key: "correction", Doc: "a running job that reaches its prediction below its requested time: none (the cluster's overrun step, the default), requested, increment or list"},
		{Key: "correction_increment", Doc: "correction increment: seconds added (default 900)"},
		{Key: "correction_list", Doc: "correction list: increasing seconds, the next above the time run (default 1 min … 100 h)"},
	},
}, Options.prepare)

// New returns a new predictor of the registered name built from o,
// wrapped in o's correction strategy unless it is CorrectNone.
func New(name string, o Options) (Predictor, error) {
	p, err := Predictors.New(name, o)
	if err != nil {
		return nil, err
	}
	o, _ = o.prepare() // valid: Predictors.New checked it
	if o.Correction == CorrectNone {
		return p, nil
	}
	return &Corrected{Predictor: p, Strategy: o.Correction, Increment: o.Increment, List: o.List}, nil
}

// capped returns p capped by j's requested time (when j has one).
func capped(j *model.Job, p float64) float64 {
	if j.Estimate > 0 && p > j.Estimate {
		return j.Estimate
	}
	return p
}

package predict

import "github.com/schedsim/schedsim/model"

func init() {
	Predictors.Register("requested", "the requested time (the workload's estimate): what schedulers assume without a predictor",
		func(Options) (Predictor, error) { return Requested{}, nil })
}

// Requested predicts a job's requested time: the same schedule as no
// predictor at all, except that a correction strategy may apply (never:
// a job cannot reach its requested time below it).
type Requested struct{}

// Predict returns j's requested time.
func (Requested) Predict(j *model.Job) (float64, error) { return j.Estimate, nil }

// Observe does nothing.
func (Requested) Observe(*model.Job) {}

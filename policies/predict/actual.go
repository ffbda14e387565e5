package predict

import "github.com/schedsim/schedsim/model"

func init() {
	Predictors.Register("actual", "the oracle: the job's actual runtime, capped by its requested time",
		func(Options) (Predictor, error) { return Actual{}, nil })
}

// Actual is the oracle of Mu'alem & Feitelson: it predicts a job's actual
// runtime, capped by its requested time (a job that runs past its
// requested time still overruns it).
type Actual struct{}

// Predict returns j's runtime capped by its requested time.
func (Actual) Predict(j *model.Job) (float64, error) { return capped(j, j.Runtime), nil }

// Observe does nothing.
func (Actual) Observe(*model.Job) {}

package predict

import "github.com/schedsim/schedsim/model"

func init() {
	Predictors.Register("doubled", "twice the requested time (Mu'alem & Feitelson 2001; the only prediction above it)",
		func(Options) (Predictor, error) { return Doubled{}, nil })
	Predictors.Register("halved", "half the requested time, at least 1 s (pyss's shrinking-EASY)",
		func(Options) (Predictor, error) { return Halved{}, nil })
}

// Doubled predicts twice the requested time, as Mu'alem & Feitelson
// (2001) doubled user estimates to open larger backfilling holes. It is
// the one predictor not capped by the requested time (capping would undo
// it); a job that runs past twice its requested time overruns it.
type Doubled struct{}

// Predict returns 2 × j's requested time.
func (Doubled) Predict(j *model.Job) (float64, error) { return 2 * j.Estimate, nil }

// Observe does nothing.
func (Doubled) Observe(*model.Job) {}

// Halved predicts half the requested time, at least 1 s (pyss's
// shrinking-EASY: max(1, ⌊requested/2⌋); the halving is not rounded
// here).
type Halved struct{}

// Predict returns max(1, requested / 2), capped by the requested time.
func (Halved) Predict(j *model.Job) (float64, error) { return capped(j, max(1, j.Estimate/2)), nil }

// Observe does nothing.
func (Halved) Observe(*model.Job) {}

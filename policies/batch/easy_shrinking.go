package batch

import "github.com/schedsim/schedsim/policies/predict"

func init() {
	Policies.Register(ShrinkingEASY, "EASY planning with half the requested times, corrected to the requested time when reached (pyss's shrinking_easy_scheduler)",
		func(o Options) (Policy, error) {
			b, err := newPredicting(ShrinkingEASY, Options{Order: o.Order, Weights: o.Weights, Predictor: "halved",
				Predict: predict.Options{Correction: predict.CorrectRequested}}, "")
			return &EASY{base: b}, err
		}, "order", "weights")
}

// ShrinkingEASY names the shrinking-EASY policy: EASY (see EASY) whose jobs are predicted at
// half their requested time, at least 1 s (predictor halved), as pyss's
// shrinking_easy_scheduler does (a "toy" algorithm after Tsafrir, Etsion
// & Feitelson 2007): a running job that reaches half its requested time
// without ending is corrected to its requested time (correction
// requested), which delays the shadow time of the head when the job was
// the one it waited for.
const ShrinkingEASY = "shrinking-easy"

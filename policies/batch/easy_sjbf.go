package batch

import "github.com/schedsim/schedsim/policies/predict"

func init() {
	Policies.Register(EASYSJBF, "EASY that backfills shortest estimate first (SJBF; Tsafrir, Etsion & Feitelson 2007), with any predictor",
		func(o Options) (Policy, error) {
			b, err := newPredicting(EASYSJBF, o, "requested")
			return &EASY{base: b, sjbf: true}, err
		}, withPredictor("order", "weights")...)
	Policies.Register(EASYPlusPlus, "EASY++ (Tsafrir, Etsion & Feitelson 2007): EASY-SJBF planning with the mean of the user's last 2 runtimes, corrected to the requested time",
		func(o Options) (Policy, error) {
			if o.Predict.Correction == "" {
				o.Predict.Correction = predict.CorrectRequested
			}
			b, err := newPredicting(EASYPlusPlus, o, "user-last-k")
			return &EASY{base: b, sjbf: true}, err
		}, withPredictor("order", "weights")...)
}

// EASYSJBF and EASYPlusPlus name the EASY-SJBF and EASY++ policies: EASY (see EASY) whose backfilling
// step examines the queued jobs after the head in shortest-job-
// backfilled-first order, after Tsafrir, Etsion & Feitelson (IEEE TPDS
// 2007, "Backfilling using system-generated predictions rather than user
// runtime estimates") and pyss's easy_sjbf_scheduler and
// easy_plus_plus_scheduler:
//
//   - the queue order (which job is the head) is unchanged: submit by
//     default;
//   - at each pass where the head waits, the jobs after it that fit in
//     the free processors are examined by estimate (their prediction),
//     shortest first, ties in queue order, each started when EASY's rule
//     lets it (ends by the head's shadow time, or uses only the extra
//     processors);
//   - easy++ predicts with user-last-k (k = 2) and corrects a job that
//     reaches its prediction to its requested time, unless the options
//     say otherwise (predictor, predictor_k, correction).
//
// Unlike pyss, which recomputes the predictions of every queued job at
// each pass, a prediction is made once, when the job arrives
// (docs/explanation/predictions.md).
const (
	EASYSJBF     = "easy-sjbf"
	EASYPlusPlus = "easy++"
)

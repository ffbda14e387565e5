package batch

func init() {
	Policies.Register(DoubleEASY, "EASY planning with twice the requested times (Mu'alem & Feitelson 2001; pyss's double_easy_scheduler)",
		func(o Options) (Policy, error) {
			b, err := newPredicting(DoubleEASY, Options{Order: o.Order, Weights: o.Weights, Predictor: "doubled"}, "")
			return &EASY{base: b}, err
		}, "order", "weights")
	Policies.Register(HeadDoubleEASY, "EASY whose jobs started from the queue head run with twice their requested time as estimate (pyss)",
		func(o Options) (Policy, error) {
			b, err := newPredicting(HeadDoubleEASY, Options{Order: o.Order, Weights: o.Weights, Predictor: "requested"}, "")
			return &EASY{base: b, headFactor: 2}, err
		}, "order", "weights")
	Policies.Register(TailDoubleEASY, "EASY whose backfill candidates are tested and run with twice their requested time as estimate (pyss)",
		func(o Options) (Policy, error) {
			b, err := newPredicting(TailDoubleEASY, Options{Order: o.Order, Weights: o.Weights, Predictor: "requested"}, "")
			return &EASY{base: b, tailFactor: 2}, err
		}, "order", "weights")
}

// DoubleEASY, HeadDoubleEASY and TailDoubleEASY name the doubling
// variants of EASY (see EASY), as the pyss simulator defines
// them (double_easy_scheduler, head_double_easy_scheduler,
// tail_double_easy_scheduler), after Mu'alem & Feitelson's finding (IEEE
// TPDS 2001) that doubling user estimates barely changes EASY:
//
//   - double-easy predicts every job at twice its requested time when it
//     arrives (predictor doubled): queued and running jobs alike;
//   - head-double-easy plans queued jobs with their requested times, but
//     a job started from the queue head (it fits now) runs with twice its
//     requested time as its estimate; backfilled jobs keep theirs;
//   - tail-double-easy tests every backfill candidate with twice its
//     requested time (it must end by the head's shadow time or use only
//     extra processors with that estimate) and runs it with that
//     estimate when it starts; the head and jobs started from it keep
//     their requested times.
//
// No job is killed at a doubled estimate: a job still ends at its runtime
// (or its requested time with kill_at_estimate), so a doubled estimate
// only moves the shadow times the scheduler computes.
const (
	DoubleEASY     = "double-easy"
	HeadDoubleEASY = "head-double-easy"
	TailDoubleEASY = "tail-double-easy"
)

package cluster

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model"
)

// Predictor predicts the runtime a scheduler assumes for each job, in
// place of the requested time (package policies/predict holds the
// registered ones). The cluster asks for a job's prediction once, when the
// job arrives, after every job that ended at the same instant was
// observed; the prediction then stays fixed while the job is queued and
// changes only when the running job reaches it without ending (see
// Corrector). Every job that ends is observed, before the trackers and
// the scheduling pass of its instant see its end.
type Predictor interface {
	// Predict returns the runtime to assume for j, which arrives now (j's
	// Runtime is the actual runtime: only an oracle reads it). An error
	// stops the replay and is returned by Cluster.Run.
	Predict(j *model.Job) (float64, error)
	// Observe records a job that ended (its End and Runtime are set).
	Observe(j *model.Job)
}

// Corrector is implemented by predictors that correct the prediction of a
// job still running when it reaches its prediction, below its requested
// time (TPDS'07's correction strategies).
type Corrector interface {
	// Correct returns the new prediction of running job j, which has run
	// ran seconds, its whole prediction, without ending. The cluster
	// caps the result at the requested time and replaces a result that is
	// not above ran by the requested time.
	Correct(j *model.Job, ran float64) float64
}

// Predicting is implemented by schedulers that plan with predicted
// runtimes. The cluster calls Predictor once, in New; a nil Predictor
// means the requested times (the workload's estimates).
type Predicting interface {
	Predictor() Predictor
}

// EstimateStarter is implemented by the cluster's Starter: it lets a
// policy start a job planning on another runtime than its prediction
// (pyss's head- and tail-double EASY double the requested time of the
// jobs they start).
type EstimateStarter interface {
	// StartFor starts the i-th queued job now, as Starter.Start, and
	// makes est (raised to MinEstimate) its estimate while it runs. It
	// fails when est is not a finite number > 0.
	StartFor(i int, est float64) error
}

// StartFor starts the i-th queued job with estimate est; see
// EstimateStarter.
func (c *Cluster) StartFor(i int, est float64) error {
	if !(est > 0) || math.IsInf(est, 0) {
		return fmt.Errorf("cluster: StartFor(%d, %v): the estimate must be a finite number > 0", i, est)
	}
	return c.start(i, est)
}

// correct raises the prediction of running job j, which reached it after
// ran seconds, below its requested time: to what the Corrector says, or
// by the overrun step rule (OverrunStep, doubled at each correction),
// never beyond the requested time.
func (c *Cluster) correct(j *Job, ran float64) {
	var p float64
	if c.corr != nil {
		if p = c.corr.Correct(&j.job, ran); !(p > ran) {
			p = j.req
		}
	} else {
		p = ran + c.cfg.OverrunStep*math.Exp2(float64(j.corrections))
	}
	j.est = min(p, j.req)
	j.estEnd = j.job.Start + j.est
	if now := c.eng.Now(); !(j.estEnd > now) {
		j.estEnd = math.Nextafter(now, math.Inf(1)) // rounding of Start + ran
	}
	j.corrections++
	c.stats.corrections++
}

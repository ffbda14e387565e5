package batch

import (
	"slices"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/cluster/clustertest"
	"github.com/schedsim/schedsim/policies/predict"
	"github.com/schedsim/schedsim/sim"
)

// TestExcerptPredictors replays the SDSC-SP2 excerpt under every policy
// that reads a predictor, with every predictor and correction strategy,
// with the invariant checker on (conservative rebuilds its profile at
// every pass), on both engines, which must agree job by job; requested
// times with a correction must give the schedule of no predictor at all
// (a job cannot reach its requested time below it).
func TestExcerptPredictors(t *testing.T) {
	jobs, procs := loadTrace(t, excerpt, false)
	for _, in := range Policies.Policies() {
		if !slices.Contains(in.Params, "predictor") {
			continue
		}
		for _, pred := range predict.Predictors.Names() {
			for _, corr := range predict.Corrections() {
				o := Options{Predictor: pred, Predict: predict.Options{Correction: corr}}
				t.Run(in.Name+"/"+pred+"/"+corr, func(t *testing.T) {
					var runs [2][]model.Job
					var res [2]*cluster.Result
					for k, eng := range []sim.Engine{sim.NewFast(), sim.NewSimGo()} {
						p, err := Policies.New(in.Name, o)
						if err != nil {
							t.Fatal(err)
						}
						runs[k], res[k] = clustertest.Replay(t, eng, cluster.Config{Procs: procs}, p, jobs)
					}
					checkRecords(t, procs, runs[0])
					if !slices.Equal(runs[0], runs[1]) {
						t.Fatal("the engines disagree")
					}
					if pred == "requested" {
						base, _ := Policies.New(in.Name, Options{Predictor: "requested"})
						want, _ := clustertest.Replay(t, sim.NewFast(), cluster.Config{Procs: procs}, base, jobs)
						if !slices.Equal(runs[0], want) || res[0].Summary.Prediction.Corrections != 0 {
							t.Errorf("requested with correction %s differs from no correction", corr)
						}
					}
				})
			}
		}
	}
}

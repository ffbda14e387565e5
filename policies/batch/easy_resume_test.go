package batch

import (
	"fmt"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/cluster/clustertest"
	"github.com/schedsim/schedsim/sim"
)

// TestEASYResumeMatchesFullPasses replays traces under the EASY
// policies that resume a pass where the last one left off (EASY.resume)
// twice: as they are, and with a probe installed, which makes every pass
// a full one (head, shadow, whole queue). The per-job records must be the
// same, with requested and exact estimates, in both queue orders, and
// with a predictor whose corrections move estimated ends.
func TestEASYResumeMatchesFullPasses(t *testing.T) {
	traces := []string{excerpt}
	if !testing.Short() {
		traces = append(traces, sp2)
	}
	for _, name := range traces {
		for _, exact := range []bool{false, true} {
			jobs, procs := loadTrace(t, name, exact)
			for _, pol := range []string{"easy", DoubleEASY, ShrinkingEASY} {
				for _, order := range []string{OrderSubmit, OrderSJF} {
					t.Run(fmt.Sprintf("%s/exact=%v/%s/%s", name, exact, pol, order), func(t *testing.T) {
						var runs [2][]model.Job
						resumed := 0
						for k := range runs {
							p, err := Policies.New(pol, Options{Order: order})
							if err != nil {
								t.Fatal(err)
							}
							if k == 1 {
								p.SetProbe(func(int64, float64) {})
							}
							runs[k], _ = clustertest.Replay(t, sim.NewFast(), cluster.Config{Procs: procs, Check: true}, p, jobs)
							if k == 0 {
								resumed = p.(*EASY).resumed
							}
						}
						if resumed == 0 && order == OrderSubmit {
							t.Fatal("no pass resumed: the test compares nothing")
						}
						if len(runs[0]) != len(runs[1]) {
							t.Fatalf("%d jobs completed, %d with full passes", len(runs[0]), len(runs[1]))
						}
						for i := range runs[0] {
							if runs[0][i] != runs[1][i] {
								t.Fatalf("job %d: %+v, with full passes %+v", runs[0][i].ID, runs[0][i], runs[1][i])
							}
						}
					})
				}
			}
		}
	}
}

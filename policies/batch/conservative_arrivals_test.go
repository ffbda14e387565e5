package batch

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/cluster/clustertest"
	"github.com/schedsim/schedsim/sim"
)

// TestConservativeArrivalsAnywhere replays random workloads with
// user-based feedback, whose held-back jobs join the queue before jobs
// read after them, under the submit and sjf orders (where a short job
// joins before longer ones), under conservative as it is (which places a
// pass's arrivals from the queue's tail when they all joined at its end)
// and with the queue scanned whole for them, and requires the same
// reservations, moves and schedule. It fails when the arrivals are
// always taken from the tail.
func TestConservativeArrivalsAnywhere(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 1))
	for trial := range 30 {
		jobs, procs := congestedWorkload(rng, 150)
		follows, thinks := make([]int64, len(jobs)), make([]float64, len(jobs))
		for i := range jobs {
			if i > 0 && rng.IntN(3) == 0 {
				follows[i] = int64(i - rng.IntN(min(i, 4)))
				thinks[i] = float64(rng.IntN(20))
			}
		}
		o := Options{}
		if trial%2 == 1 {
			o.Order = OrderSJF
		}
		var got [2][]string
		var recs [2][]model.Job
		for k, whole := range []bool{false, true} {
			p, err := Policies.New("conservative", o)
			if err != nil {
				t.Fatal(err)
			}
			c := p.(*Conservative)
			if whole {
				c.tail = false
			}
			c.SetProbe(func(id int64, at float64) { got[k] = append(got[k], fmt.Sprint(id, "@", at)) })
			read := 0
			cfg := cluster.Config{Procs: procs, Preceding: func() (int64, float64) {
				read++
				return follows[read-1], thinks[read-1]
			}}
			recs[k], _ = clustertest.Replay(t, sim.NewFast(), cfg, c, jobs)
		}
		if !reflect.DeepEqual(got[0], got[1]) || !reflect.DeepEqual(recs[0], recs[1]) {
			t.Fatalf("trial %d (%s order): placing from the tail made other reservations or another schedule", trial, o.Order)
		}
	}
}

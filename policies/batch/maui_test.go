package batch

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/cluster/clustertest"
	"github.com/schedsim/schedsim/sim"
)

// mauiGolden is a golden case replayed under the given options.
type mauiGolden struct {
	opts Options
	c    clustertest.Case
}

// The Maui-order schedules, worked out by hand.
var mauiGoldens = []mauiGolden{
	{
		// J1 (estimated to 10) ends at 2. At 1, J2 (3 procs, 20 s) and J3
		// (2 procs, 5 s) arrive with the same priority (wait 0, expansion
		// factor 1): arrival breaks the tie, and conservative reserves J2
		// at 10, J3 at 30. At 2 the expansion factors are 21/20 for J2
		// and 6/5 for J3: J3 goes first. EASY starts J3 (J2 no longer
		// fits; its shadow time is 7, when J3 ends); conservative's
		// compression moves J3 to 2 first, then J2 to 7, the first time
		// 3 processors are free until its reservation.
		opts: Options{Order: OrderMaui, Weights: Weights{XFactor: 1}},
		c: clustertest.Case{Name: "maui-xfactor", Procs: 4,
			Jobs: []clustertest.Job{{ID: 1, Submit: 0, Size: 4, Runtime: 2, Estimate: 10}, {ID: 2, Submit: 1, Size: 3, Runtime: 20, Estimate: 20}, {ID: 3, Submit: 1, Size: 2, Runtime: 5, Estimate: 5}},
			Want: map[string][]float64{"easy": {0, 7, 2}, "conservative": {0, 7, 2}, "lookahead": {0, 7, 2}, "fcfs": {0, 7, 2}},
		},
	},
	{
		// The same jobs in submit order: J2 first at 2, J3 at 22.
		opts: Options{Order: OrderSubmit},
		c: clustertest.Case{Name: "maui-xfactor-submit", Procs: 4,
			Jobs: []clustertest.Job{{ID: 1, Submit: 0, Size: 4, Runtime: 2, Estimate: 10}, {ID: 2, Submit: 1, Size: 3, Runtime: 20, Estimate: 20}, {ID: 3, Submit: 1, Size: 2, Runtime: 5, Estimate: 5}},
			Want: map[string][]float64{"easy": {0, 2, 22}, "conservative": {0, 2, 22}},
		},
	},
	{
		// Priority = minutes waited − processors. At 600 (J1 ends on
		// time) J2 (3 procs, submitted at 60) has 9 − 3 = 6, J3 (2
		// procs, at 90) 8.5 − 2 = 6.5: J3 starts, J2 waits for it. Conservative
		// reserved J2 at 600 and J3 at 700 when they arrived: the order
		// only decides placements and compressions, a reservation is
		// kept.
		opts: Options{Order: OrderMaui, Weights: Weights{QueueTime: 1, Size: -1}},
		c: clustertest.Case{Name: "maui-size", Procs: 4,
			Jobs: []clustertest.Job{{ID: 1, Submit: 0, Size: 4, Runtime: 600, Estimate: 600}, {ID: 2, Submit: 60, Size: 3, Runtime: 100, Estimate: 100}, {ID: 3, Submit: 90, Size: 2, Runtime: 100, Estimate: 100}},
			Want: map[string][]float64{"easy": {0, 700, 600}, "conservative": {0, 600, 700}},
		},
	},
	{
		// J3 submitted at 120 instead: 8 − 2 = 6, J2's priority: a tie,
		// broken by arrival (J2 first).
		opts: Options{Order: OrderMaui, Weights: Weights{QueueTime: 1, Size: -1}},
		c: clustertest.Case{Name: "maui-size-tie", Procs: 4,
			Jobs: []clustertest.Job{{ID: 1, Submit: 0, Size: 4, Runtime: 600, Estimate: 600}, {ID: 2, Submit: 60, Size: 3, Runtime: 100, Estimate: 100}, {ID: 3, Submit: 120, Size: 2, Runtime: 100, Estimate: 100}},
			Want: map[string][]float64{"easy": {0, 600, 700}, "lookahead": {0, 600, 700}},
		},
	},
}

// TestMauiGolden replays the Maui-order cases on both engines, with the
// cluster's checker (which checks the queue's priority order after every
// pass).
func TestMauiGolden(t *testing.T) {
	for _, g := range mauiGoldens {
		clustertest.Run(t, g.c, func(name string) (cluster.Scheduler, error) {
			return Policies.New(name, g.opts)
		})
	}
}

// TestOrderOptionsErrors checks that bad orders and weights are one-line
// field errors naming their key.
func TestOrderOptionsErrors(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Order: "mau"}, `order: must be one of [submit sjf maui] (got "mau")`},
		{Options{Weights: Weights{XFactor: 1}}, `weights: only used with order: maui`},
		{Options{Order: OrderSJF, Weights: Weights{Size: 1}}, `weights: only used with order: maui`},
		{Options{Order: OrderMaui, Weights: Weights{XFactor: 2e9}}, `weights.xfactor: must be in`},
		{Options{Order: OrderMaui, Weights: Weights{Size: -2e9}}, `weights.size: must be in`},
	} {
		_, err := Policies.New("easy", c.o)
		if err == nil {
			t.Errorf("%+v: no error", c.o)
			continue
		}
		if _, ok := model.AsField(err); !ok || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: error %q, want a one-line field error containing %q", c.o, err, c.want)
		}
	}
	if _, err := Policies.New("lookahead", Options{Order: OrderMaui, Weights: Weights{QueueTime: -1, XFactor: 3, Size: 0.5}}); err != nil {
		t.Errorf("valid maui weights: %v", err)
	}
}

// TestMauiExcerpt replays the SDSC-SP2 excerpt under a Maui order that
// changes with time, with the checker on (the queue in priority order
// after every pass), and checks the records (no start before submission,
// never more than P processors busy). With exact estimates, conservative
// backfilling keeps every reservation it made whatever the order. (EASY's
// promise to a head is not checked: a job of higher priority can become
// the head before it starts.)
func TestMauiExcerpt(t *testing.T) {
	o := Options{Order: OrderMaui, Weights: Weights{QueueTime: 1, XFactor: 10, Size: -0.05}}
	for _, exact := range []bool{false, true} {
		jobs, procs := loadTrace(t, excerpt, exact)
		for _, pol := range []string{"easy", "lookahead", "conservative"} {
			t.Run(fmt.Sprintf("%s/exact=%v", pol, exact), func(t *testing.T) {
				p, err := Policies.New(pol, o)
				if err != nil {
					t.Fatal(err)
				}
				prom := promises{}
				p.SetProbe(prom.probe)
				recs, _ := clustertest.Replay(t, sim.NewFast(), cluster.Config{Procs: procs}, p, jobs)
				checkRecords(t, procs, recs)
				if !exact || pol != "conservative" {
					return
				}
				for _, r := range recs {
					if at, ok := prom[r.ID]; ok && r.Start > at {
						t.Fatalf("job %d started at %v, later than first promised %v", r.ID, r.Start, at)
					}
				}
			})
		}
	}
}

// TestMauiQueueTimeIsSubmit checks on the SDSC-SP2 excerpt that a Maui
// order on the queue time alone (a priority that grows at the same rate
// for every job) gives exactly the schedule of the submit order.
func TestMauiQueueTimeIsSubmit(t *testing.T) {
	jobs, procs := loadTrace(t, excerpt, false)
	for _, pol := range []string{"easy", "conservative", "lookahead"} {
		var recs [2][]model.Job
		for k, o := range []Options{{Order: OrderSubmit}, {Order: OrderMaui, Weights: Weights{QueueTime: 1}}} {
			p, err := Policies.New(pol, o)
			if err != nil {
				t.Fatal(err)
			}
			recs[k], _ = clustertest.Replay(t, sim.NewFast(), cluster.Config{Procs: procs}, p, jobs)
		}
		if !slices.Equal(recs[0], recs[1]) {
			t.Errorf("%s: the maui order on queue time alone gives another schedule than submit", pol)
		}
	}
}

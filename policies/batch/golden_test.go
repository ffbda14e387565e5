package batch

import (
	"testing"

	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/cluster/clustertest"
)

// gj is a job of a golden case: id, submit, processors, runtime, estimate.
type gj struct {
	id                int64
	submit            float64
	size              int
	runtime, estimate float64
}

// golden is a small schedule computed by hand: the start time of every job
// under each policy (and queue order).
type golden struct {
	name  string
	procs int
	order string
	kill  bool
	jobs  []gj
	want  map[string][]float64 // policy → start times in job order
}

// The schedules below were worked out on paper; the comments give the
// reasoning that distinguishes the policies.
var goldens = []golden{
	{
		// J2 (4 procs) waits for J1; its shadow time is 10 with 0 extra
		// processors. J3 (2 procs, 20 s) fits now but would end after the
		// shadow time: EASY and conservative refuse it, FPFS starts it
		// and so delays J2 until J3 ends at 22.
		name: "fpfs-delays-head", procs: 4,
		jobs: []gj{{1, 0, 2, 10, 10}, {2, 1, 4, 10, 10}, {3, 2, 2, 20, 20}},
		want: map[string][]float64{
			"fcfs": {0, 10, 20}, "easy": {0, 10, 20}, "conservative": {0, 10, 20}, "fpfs": {0, 22, 2},
		},
	},
	{
		// The classic case. J2 (2 procs) has shadow 10 and 2 extra
		// processors. J4 (1 proc, 30 s) fits in the free processor and
		// in the extra ones: EASY backfills it at 3, which delays J3 (4
		// procs) from 20 to 33. Conservative gave J3 a reservation at 20
		// and refuses J4 then (J4 would hold a processor during [20,30));
		// J4 gets the first slot free for 30 s: 30.
		name: "easy-backfills-conservative-refuses", procs: 4,
		jobs: []gj{{1, 0, 3, 10, 10}, {2, 1, 2, 10, 10}, {3, 2, 4, 10, 10}, {4, 3, 1, 30, 30}},
		want: map[string][]float64{
			"fcfs": {0, 10, 20, 30}, "easy": {0, 10, 33, 3}, "conservative": {0, 10, 20, 30}, "fpfs": {0, 10, 33, 3},
		},
	},
	{
		// J1 is estimated to end at 10 but ends at 4. J3 (ends at 8 ≤
		// shadow 10) backfills at 2 under EASY and conservative. At 4
		// EASY backfills J4 (ends 7 ≤ new shadow 8); conservative had
		// reserved J4 at 12 and J2 at 10, and the compression at 4 moves
		// J2 to 8 and J4 to 4. FCFS starts J2 at 4, then J3 and J4 at 6.
		name: "early-end-compression", procs: 4,
		jobs: []gj{{1, 0, 2, 4, 10}, {2, 1, 4, 2, 2}, {3, 2, 2, 6, 6}, {4, 3, 2, 3, 3}},
		want: map[string][]float64{
			"fcfs": {0, 4, 6, 6}, "easy": {0, 8, 2, 4}, "conservative": {0, 8, 2, 4}, "fpfs": {0, 8, 2, 4},
		},
	},
	{
		// Submit order: J2 and J3 start when J1 ends; J4 (4 procs) waits
		// for J2 until 30.
		name: "order-submit", procs: 4,
		jobs: []gj{{1, 0, 4, 10, 10}, {2, 1, 2, 20, 20}, {3, 2, 2, 5, 5}, {4, 3, 4, 1, 1}},
		want: map[string][]float64{
			"fcfs": {0, 10, 10, 30}, "easy": {0, 10, 10, 30}, "conservative": {0, 10, 10, 30}, "fpfs": {0, 10, 10, 30},
		},
	},
	{
		// SJF order: at 10 the queue is J4 (1 s), J3 (5 s), J2 (20 s):
		// J4 takes the whole machine until 11. Conservative keeps the
		// reservations made at arrival (J2, J3 at 10, J4 at 30): the order
		// only decides compression and simultaneous arrivals.
		name: "order-sjf", procs: 4, order: OrderSJF,
		jobs: []gj{{1, 0, 4, 10, 10}, {2, 1, 2, 20, 20}, {3, 2, 2, 5, 5}, {4, 3, 4, 1, 1}},
		want: map[string][]float64{
			"fcfs": {0, 11, 11, 10}, "easy": {0, 11, 11, 10}, "conservative": {0, 10, 10, 30}, "fpfs": {0, 11, 11, 10},
		},
	},
	{
		// EASY's extra processors. J2 (8 of 10) has shadow 10 with 2
		// extra. J3 (2 procs, long) uses them; at 3 the extra is 0 so J4
		// (1 proc, long) may not backfill; J5 ends at 10 = shadow and
		// backfills. FPFS starts J3, J4 and J5 and delays J2 to 102.
		name: "easy-extra-processors", procs: 10,
		jobs: []gj{{1, 0, 6, 10, 10}, {2, 1, 8, 10, 10}, {3, 2, 2, 100, 100}, {4, 3, 1, 100, 100}, {5, 4, 2, 6, 6}},
		want: map[string][]float64{
			"fcfs": {0, 10, 10, 20, 20}, "easy": {0, 10, 2, 20, 4}, "conservative": {0, 10, 2, 20, 4}, "fpfs": {0, 102, 2, 3, 10},
		},
	},
	{
		// J1 and J2 both end at J3's shadow time 10, so the extra
		// processors are 2+2+2−3 = 3 and J4 (2 procs, 50 s) backfills.
		// Counting only J1 would give 1 extra processor.
		name: "shadow-ties", procs: 6,
		jobs: []gj{{1, 0, 2, 10, 10}, {2, 0, 2, 10, 10}, {3, 1, 3, 5, 5}, {4, 2, 2, 50, 50}},
		want: map[string][]float64{
			"fcfs": {0, 0, 10, 10}, "easy": {0, 0, 10, 2}, "conservative": {0, 0, 10, 2}, "fpfs": {0, 0, 10, 2},
		},
	},
	{
		// J1 is estimated to 10 and ends at 2. Conservative reserved J2 at
		// 10, J3 at 10, J4 at 15; compression at 2 moves J2 and J3 to 2
		// and J4 to 7, when J2 ends.
		name: "compression-cascade", procs: 4,
		jobs: []gj{{1, 0, 4, 2, 10}, {2, 1, 3, 5, 5}, {3, 1, 1, 20, 20}, {4, 1, 2, 3, 3}},
		want: map[string][]float64{
			"fcfs": {0, 2, 2, 7}, "easy": {0, 2, 2, 7}, "conservative": {0, 2, 2, 7}, "fpfs": {0, 2, 2, 7},
		},
	},
	{
		// J1 overruns its 5 s estimate and runs 10 s: nobody may start
		// J2 before 10; EASY backfills J3 at 1 (its shadow time, 5, is
		// later than 1+3), conservative too.
		name: "overrun", procs: 4,
		jobs: []gj{{1, 0, 3, 10, 5}, {2, 1, 4, 3, 3}, {3, 1, 1, 3, 3}},
		want: map[string][]float64{
			"fcfs": {0, 10, 13}, "easy": {0, 10, 1}, "conservative": {0, 10, 1}, "fpfs": {0, 10, 1},
		},
	},
	{
		// The same with jobs killed at their estimate: J1 ends at 5.
		name: "overrun-killed", procs: 4, kill: true,
		jobs: []gj{{1, 0, 3, 10, 5}, {2, 1, 4, 3, 3}, {3, 1, 1, 3, 3}},
		want: map[string][]float64{
			"fcfs": {0, 5, 8}, "easy": {0, 5, 1}, "conservative": {0, 5, 1}, "fpfs": {0, 5, 1},
		},
	},
}

// Case returns the golden case in the harness's terms.
func (g golden) Case() clustertest.Case {
	c := clustertest.Case{Name: g.name, Procs: g.procs, Kill: g.kill, Want: g.want}
	for _, x := range g.jobs {
		c.Jobs = append(c.Jobs, clustertest.Job{ID: x.id, Submit: x.submit, Size: x.size, Runtime: x.runtime, Estimate: x.estimate})
	}
	return c
}

// TestGolden replays every golden case (a new policy's test file appends
// its own to goldens from an init function) on both engines, and requires
// golden cases for every registered policy.
func TestGolden(t *testing.T) {
	cases := make([]clustertest.Case, len(goldens))
	for i, g := range goldens {
		cases[i] = g.Case()
	}
	clustertest.Covered(t, cases, Policies.Names())
	for i, g := range goldens {
		clustertest.Run(t, cases[i], func(name string) (cluster.Scheduler, error) {
			return Policies.New(name, Options{Order: g.order})
		})
	}
}

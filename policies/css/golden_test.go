package css_test

import (
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/policies/css/csstest"

	// registers "ant" in css.Policies
	_ "github.com/schedsim/schedsim/policies/anticipation"
)

// antOptions are the options of the golden cases: lim Ua, and ANT's
// replication by the linear distance of the cost alone.
func antOptions(limit float64) css.Options {
	return css.Options{Limit: limit, Distance: "linear", Terms: []string{"cost"}, ErrorFloor: 1}
}

// The golden cases of the slot batch policies, worked out by hand from
// their documented semantics (policies/css, policies/anticipation,
// policies/slots): a scan visits the slots in list order (start, then the
// given order), a slot joins the candidates when it is long enough, and
// the criterion picks after every slot joins; the earliest-start
// criterion takes the cheapest candidates at the first start it can.
var goldens = []csstest.Case{
	{
		// Three nodes of performance 1 and prices 1, 2, 3, free over
		// [0,100); two jobs of one node and length 100: job 0 wants the
		// least cost, job 1 the earliest start; lim Ua = 50%.
		//
		// bf: job 0 takes A, the first (and cheapest) node to join at 0;
		// job 1 then B.
		//
		// css: alternatives pass by pass — job 0 A (cost 100), job 1 B
		// (200), job 0 C (300), then nothing. Job 0's utilities by cost
		// are 0 (A) and 100 (C); job 1's only one is 0. C → max under a
		// mean utility ≤ 50 (a total ≤ 100): C and B, cost 500, against
		// A and B, 300.
		//
		// ant: every slot starts at 0, so each job's ideal alternatives
		// are one window, its criterion's pick over A, B, C: A for both.
		// The reference chooses A twice (overlapping); the replication by
		// cost places job 0 on A (distance 0), then job 1 on B, the
		// nearer of B (|100 − 200|/100 = 1) and C (2).
		Name: "three-prices",
		Env: func() (*slot.List, []css.Job) {
			l, err := slot.NewList([]slot.Node{
				{Name: "A", Performance: 1, Price: 1},
				{Name: "B", Performance: 1, Price: 2},
				{Name: "C", Performance: 1, Price: 3},
			}, []slot.Slot{{Node: 0, Start: 0, End: 100}, {Node: 1, Start: 0, End: 100}, {Node: 2, Start: 0, End: 100}})
			if err != nil {
				panic(err)
			}
			return l, []css.Job{
				{Request: slot.Request{Nodes: 1, Length: 100}, Criterion: css.Cost},
				{Request: slot.Request{Nodes: 1, Length: 100}, Criterion: css.Start},
			}
		},
		Options: antOptions(50),
		Want: map[string][]string{
			"bf":  {"[0,100] A 100", "[0,100] B 200"},
			"css": {"[0,100] C 300", "[0,100] B 200"},
			"ant": {"[0,100] A 100", "[0,100] B 200"},
		},
	},
	{
		// Node A (price 1) free over [0,200), node B (price 4) over
		// [0,100); two jobs of one node and length 100: job 0 wants the
		// earliest start, job 1 the least cost; lim Ua = 0.
		//
		// bf: job 0 on A at 0 (A joins first); job 1 then finds B at 0.
		//
		// css: job 0 A [0,100] (100); job 1's scan sees B at 0 (400),
		// then A at 100 (B is too short by then): A [100,200] (100); job
		// 0 again: B [0,100] (400); then nothing. Both of job 0's start
		// at 0 (utility 0 each), job 1 has one: every choice meets the
		// limit, and the dearest is B for job 0, A for job 1.
		//
		// ant: one start (0) on the full list: the ideal alternative of
		// both jobs is A at 0, the reference A twice. The replication
		// gives job 0 A [0,100], then job 1, among B at 0 (cost distance
		// 3) and A at 100 (0), A [100,200].
		Name: "two-prices",
		Env: func() (*slot.List, []css.Job) {
			l, err := slot.NewList([]slot.Node{
				{Name: "A", Performance: 1, Price: 1},
				{Name: "B", Performance: 1, Price: 4},
			}, []slot.Slot{{Node: 0, Start: 0, End: 200}, {Node: 1, Start: 0, End: 100}})
			if err != nil {
				panic(err)
			}
			return l, []css.Job{
				{Request: slot.Request{Nodes: 1, Length: 100}, Criterion: css.Start},
				{Request: slot.Request{Nodes: 1, Length: 100}, Criterion: css.Cost},
			}
		},
		Options: antOptions(0),
		Want: map[string][]string{
			"bf":  {"[0,100] A 100", "[0,100] B 400"},
			"css": {"[0,100] B 400", "[100,200] A 100"},
			"ant": {"[0,100] A 100", "[100,200] A 100"},
		},
	},
	{
		// Nodes A, B, C of prices 1, 2, 3; A free over [0,50), B and C
		// over [0,100). Job 0 needs two nodes for 50 at the least cost,
		// job 1 one node for 100 at the earliest start.
		//
		// bf: job 0 takes A and B at 0 (the two cheapest once both have
		// joined): cost 50 + 100 = 150. Job 1: A is gone and B's rest
		// [50,100) is too short; C at 0, cost 300.
		//
		// css: the same two windows are each job's only alternative (a
		// second pass finds nothing: B's rest alone is too few nodes for
		// job 0 and too short for job 1), so they are chosen.
		//
		// ant: on the full list job 0's ideal window is A+B at 0, job
		// 1's B at 0 (A is too short): they overlap on B. The
		// replication places job 0 on A+B (distance 0; B+C would be
		// |150 − 250|/150), then job 1 on C at 0, the only node left long
		// enough.
		Name: "two-nodes",
		Env: func() (*slot.List, []css.Job) {
			l, err := slot.NewList([]slot.Node{
				{Name: "A", Performance: 1, Price: 1},
				{Name: "B", Performance: 1, Price: 2},
				{Name: "C", Performance: 1, Price: 3},
			}, []slot.Slot{{Node: 0, Start: 0, End: 50}, {Node: 1, Start: 0, End: 100}, {Node: 2, Start: 0, End: 100}})
			if err != nil {
				panic(err)
			}
			return l, []css.Job{
				{Request: slot.Request{Nodes: 2, Length: 50}, Criterion: css.Cost},
				{Request: slot.Request{Nodes: 1, Length: 100}, Criterion: css.Start},
			}
		},
		Options: antOptions(10),
		Want: map[string][]string{
			"bf":  {"[0,50] A+B 150", "[0,100] C 300"},
			"css": {"[0,50] A+B 150", "[0,100] C 300"},
			"ant": {"[0,50] A+B 150", "[0,100] C 300"},
		},
	},
}

// TestGolden schedules the golden cases with every registered policy,
// and checks that each has one.
func TestGolden(t *testing.T) {
	csstest.Covered(t, goldens, css.Policies.Names())
	for _, c := range goldens {
		csstest.Run(t, c, csstest.Registered)
	}
}

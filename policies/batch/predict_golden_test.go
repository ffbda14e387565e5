package batch

import (
	"testing"

	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/cluster/clustertest"
	"github.com/schedsim/schedsim/policies/predict"
	"github.com/schedsim/schedsim/sim"
)

// The golden cases of the EASY variants, worked out on paper (every job
// of these cases has user 0, and no job ends before the last arrival, so
// every prediction of easy++ is the requested time).
func init() {
	goldens = append(goldens,
		golden{
			// J2 (4 procs) waits for J1 (estimated end 10): shadow 10, no
			// extra processor. J3 (2 procs, 9 s) would end at 11.
			//  - EASY and its SJBF/greedy/tail-double variants refuse it
			//    (tail-double tests it at 18 s; greedy reserves J2 from
			//    2 + 1×5 = 7, i.e. at 10, and J3 would overlap it).
			//  - double-easy plans J1 to 20 (shadow 20) and J3 to 18 s:
			//    2 + 18 ≤ 20, J3 backfills and delays J2 to 11.
			//  - head-double-easy runs J1 (started as head) with 20 s:
			//    shadow 20, J3 (9 s) backfills, J2 starts at 11.
			//  - shrinking-easy predicts 5, 2.5 and 4.5 s: J3 (2 + 4.5 >
			//    5) is refused at 2; at 5 J1 is corrected to 10, and J3
			//    (5 + 4.5 ≤ 10) backfills; at 9.5 J3 is corrected to its
			//    9 s, and J2 waits until J3 ends at 14.
			name: "double-and-shrink", procs: 4,
			jobs: []gj{{1, 0, 2, 10, 10}, {2, 1, 4, 5, 5}, {3, 2, 2, 9, 9}},
			want: map[string][]float64{
				"fcfs": {0, 10, 15}, "easy": {0, 10, 15}, "conservative": {0, 10, 15}, "fpfs": {0, 11, 2},
				"easy-sjbf": {0, 10, 15}, "easy++": {0, 10, 15}, "greedy-easy": {0, 10, 15},
				"double-easy": {0, 11, 2}, "head-double-easy": {0, 11, 2}, "tail-double-easy": {0, 10, 15},
				"shrinking-easy": {0, 14, 5},
			},
		},
		golden{
			// J3 (2 procs, 5 s) would backfill under EASY (2 + 5 ≤ 10);
			// tail-double-easy tests it with 10 s (12 > 10) and refuses
			// it: J3 waits for J2 and starts at 15, as the head.
			name: "tail-double", procs: 4,
			jobs: []gj{{1, 0, 2, 10, 10}, {2, 1, 4, 5, 5}, {3, 2, 2, 5, 5}},
			want: map[string][]float64{
				"fcfs": {0, 10, 15}, "easy": {0, 10, 2}, "conservative": {0, 10, 2}, "fpfs": {0, 10, 2},
				"easy-sjbf": {0, 10, 2}, "easy++": {0, 10, 2}, "greedy-easy": {0, 10, 2},
				"double-easy": {0, 10, 2}, "head-double-easy": {0, 10, 2}, "tail-double-easy": {0, 10, 15},
				"shrinking-easy": {0, 10, 2},
			},
		},
		golden{
			// J3, J4 and J5 arrive together at 2, J2 (4 procs) waiting
			// with shadow 10 and no extra processor.
			//  - EASY (in queue order or SJBF: all estimates 5 s, ties in
			//    queue order) backfills J3 (2 procs); J4 and J5 (1 proc,
			//    ending after 10 once J3 has ended at 7) wait for J2.
			//  - greedy-easy reserves J2 from 2 + 10 = 12 (at 12); of its
			//    five orders, size and size × requested start J4 and J5
			//    (two jobs), the others J3 (one): size wins. At 7 J2 is
			//    reserved from 17, and J3 (7 to 12) starts; J2 waits for
			//    it until 12.
			//  - double-easy (shadow 20) backfills J3 at 2, J4 and J5 at 7
			//    (7 + 10 ≤ 20); head-double-easy the same (J1 runs with
			//    20 s); shrinking-easy backfills J3 at 2 (2 + 2.5 ≤ 5),
			//    then J4 and J5 at 7 (shadow 10 once J1 was corrected):
			//    J2 starts when they end, at 12.
			//  - tail-double-easy tests J3–J5 with 10 s: none fits before
			//    10; they start at 20, from the head.
			name: "greedy-orders", procs: 4,
			jobs: []gj{{1, 0, 2, 10, 10}, {2, 1, 4, 10, 10}, {3, 2, 2, 5, 5}, {4, 2, 1, 5, 5}, {5, 2, 1, 5, 5}},
			want: map[string][]float64{
				"fcfs": {0, 10, 20, 20, 20}, "easy": {0, 10, 2, 20, 20}, "conservative": {0, 10, 2, 20, 20},
				"fpfs": {0, 12, 2, 7, 7}, "easy-sjbf": {0, 10, 2, 20, 20}, "easy++": {0, 10, 2, 20, 20},
				"greedy-easy": {0, 12, 7, 2, 2}, "double-easy": {0, 12, 2, 7, 7}, "head-double-easy": {0, 12, 2, 7, 7},
				"tail-double-easy": {0, 10, 20, 20, 20}, "shrinking-easy": {0, 12, 2, 7, 7},
			},
		},
		golden{
			// SJBF: J3 (8 s) and J4 (3 s) arrive together, J2 waiting with
			// shadow 10 and no extra processor; both fit the 2 free
			// processors before 10. EASY takes J3 (queue order), EASY-SJBF
			// J4 (shortest first); the other one waits for J2 (20).
			name: "sjbf-order", procs: 4,
			jobs: []gj{{1, 0, 2, 10, 10}, {2, 1, 4, 10, 10}, {3, 2, 2, 8, 8}, {4, 2, 2, 3, 3}},
			want: map[string][]float64{
				"fcfs": {0, 10, 20, 20}, "easy": {0, 10, 2, 20}, "conservative": {0, 10, 2, 20}, "fpfs": {0, 10, 2, 20},
				"easy-sjbf": {0, 10, 20, 2}, "easy++": {0, 10, 20, 2},
			},
		},
	)
}

// TestGreedyDelayFactor: with delay factor 0, greedy-easy reserves the
// head at its earliest fit, so no backfill delays it (the greedy-orders
// case: J4 and J5 start at 2, J3 no longer fits before J2 at 10).
func TestGreedyDelayFactor(t *testing.T) {
	var c golden
	for _, g := range goldens {
		if g.name == "greedy-orders" {
			c = g
		}
	}
	zero := 0.0
	tc := c.Case()
	tc.Name = "greedy-orders-delay-0"
	tc.Want = map[string][]float64{"greedy-easy": {0, 10, 20, 2, 2}}
	clustertest.Run(t, tc, func(name string) (cluster.Scheduler, error) {
		return Policies.New(name, Options{DelayFactor: &zero})
	})
}

// predictCase is a golden case of the predictors, with users: J1 and J2 of
// user 1 end at 2 and 4 (runtimes 2 and 4, requested 100), so user-last-k
// predicts J3 (user 1, 10 s of 100 requested) at 3 s. J4 (4 procs) and J5
// (2 procs) of user 2, who has no history, are predicted at their
// requested 5 and 3 s.
//
//   - user-last-k, correction increment 4 s: at 6 J4 waits for J3's end
//     at 8 (EASY's shadow; conservative reserves [8,13)); J5 cannot end by
//     8 (EASY) or fit before J4 (conservative: [13,16)). At 8 J3 reaches
//     its 3 s: corrected to 7 s, end 12. Conservative reserves J3's
//     extension, re-places the reservations it overlaps in queue order
//     (J4 to 12, then J5 to 8, now) and EASY's shadow becomes 12: J5
//     (8 + 3 ≤ 12) starts at 8 under both. At 12 J3 is corrected to 11 s
//     (end 16) and J4 re-placed at 16; J3 ends at 15, J4 starts then.
//     Two corrections.
//   - easy++ (correction to the requested time): at 8 J3's end moves to
//     105, J5 backfills at 8, J4 starts at 15. One correction.
//   - requested (no predictor) or actual: J5 fits at 7 (before J3's
//     estimated end 105 or its actual 15); J4 starts at 15.
var predictCase = clustertest.Case{
	Name: "prediction-correction", Procs: 4,
	Jobs: []clustertest.Job{
		{ID: 1, Submit: 0, Size: 1, Runtime: 2, Estimate: 100, User: 1},
		{ID: 2, Submit: 0, Size: 1, Runtime: 4, Estimate: 100, User: 1},
		{ID: 3, Submit: 5, Size: 2, Runtime: 10, Estimate: 100, User: 1},
		{ID: 4, Submit: 6, Size: 4, Runtime: 5, Estimate: 5, User: 2},
		{ID: 5, Submit: 7, Size: 2, Runtime: 3, Estimate: 3, User: 2},
	},
	Want: map[string][]float64{
		"easy/ulk-inc4": {0, 0, 5, 15, 8}, "conservative/ulk-inc4": {0, 0, 5, 15, 8},
		"easy++": {0, 0, 5, 15, 8}, "easy-sjbf/ulk-inc4": {0, 0, 5, 15, 8},
		"easy": {0, 0, 5, 15, 7}, "conservative": {0, 0, 5, 15, 7},
		"easy/actual": {0, 0, 5, 15, 7}, "conservative/actual": {0, 0, 5, 15, 7},
	},
}

// predictLabels maps the labels of predictCase to a policy and options.
var predictLabels = map[string]struct {
	policy string
	o      Options
}{
	"easy/ulk-inc4":         {"easy", Options{Predictor: "user-last-k", Predict: predict.Options{Correction: predict.CorrectIncrement, Increment: 4}}},
	"conservative/ulk-inc4": {"conservative", Options{Predictor: "user-last-k", Predict: predict.Options{Correction: predict.CorrectIncrement, Increment: 4}}},
	"easy-sjbf/ulk-inc4":    {"easy-sjbf", Options{Predictor: "user-last-k", Predict: predict.Options{Correction: predict.CorrectIncrement, Increment: 4}}},
	"easy++":                {"easy++", Options{}},
	"easy":                  {"easy", Options{}},
	"conservative":          {"conservative", Options{}},
	"easy/actual":           {"easy", Options{Predictor: "actual"}},
	"conservative/actual":   {"conservative", Options{Predictor: "actual"}},
}

func newLabelled(label string) (cluster.Scheduler, error) {
	l := predictLabels[label]
	return Policies.New(l.policy, l.o)
}

// TestPredictionCorrection replays predictCase (starts on both engines)
// and checks the number of corrections of each run.
func TestPredictionCorrection(t *testing.T) {
	clustertest.Run(t, predictCase, newLabelled)
	corrections := map[string]int{"easy/ulk-inc4": 2, "conservative/ulk-inc4": 2, "easy-sjbf/ulk-inc4": 2, "easy++": 1, "easy": 0, "easy/actual": 0}
	for label, want := range corrections {
		s, err := newLabelled(label)
		if err != nil {
			t.Fatal(err)
		}
		_, res := clustertest.Replay(t, sim.NewFast(), cluster.Config{Procs: predictCase.Procs}, s, predictCase.ModelJobs())
		if got := res.Summary.Prediction.Corrections; got != want {
			t.Errorf("%s: %d corrections, want %d", label, got, want)
		}
	}
}

// TestPredictedSJF: order sjf sorts the queue by prediction. J2 requests
// 100 s and runs 5, J3 requests 20 and runs 8: by requested times J3 goes
// first when J1 ends at 10 (J2 at 18); by the oracle's predictions J2
// does (J3 at 15).
func TestPredictedSJF(t *testing.T) {
	c := clustertest.Case{
		Name: "predicted-sjf", Procs: 2,
		Jobs: []clustertest.Job{
			{ID: 1, Submit: 0, Size: 2, Runtime: 10, Estimate: 10},
			{ID: 2, Submit: 1, Size: 2, Runtime: 5, Estimate: 100},
			{ID: 3, Submit: 2, Size: 2, Runtime: 8, Estimate: 20},
		},
		Want: map[string][]float64{"easy": {0, 18, 10}, "easy/actual": {0, 10, 15}, "conservative/actual": {0, 10, 15}},
	}
	clustertest.Run(t, c, func(label string) (cluster.Scheduler, error) {
		switch label {
		case "easy/actual":
			return Policies.New("easy", Options{Order: OrderSJF, Predictor: "actual"})
		case "conservative/actual":
			return Policies.New("conservative", Options{Order: OrderSJF, Predictor: "actual"})
		}
		return Policies.New(label, Options{Order: OrderSJF})
	})
}

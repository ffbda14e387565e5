package slots

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// TestRankedSweepKeepsTheAlternatives checks that the alternatives
// search, whose jobs of the built-in criteria take the ranked sweep,
// finds exactly the windows of the general sweep (the criteria behind
// plain, which the ranked sweep does not serve): same starts, slots,
// sources and costs in the same order, and the same list left, with
// budgets that bind and that do not, and with a few jobs whose nodes tie
// on cost (the general sweep on both sides).
func TestRankedSweepKeepsTheAlternatives(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 5))
	var fast, full Searcher
	ranked, windows := 0, 0
	for iter := 0; iter < 500; iter++ {
		var l *slot.List
		if rng.IntN(8) == 0 {
			l = tiedList(rng, 3+rng.IntN(25))
		} else {
			l = pricedList(rng, 2+rng.IntN([]int{10, 30, 150}[rng.IntN(3)]))
		}
		jobs := make([]slot.Request, 1+rng.IntN(12))
		searches := make([]JobSearch, len(jobs))
		reference := make([]JobSearch, len(jobs))
		for i := range jobs {
			jobs[i] = slot.Request{Nodes: 1 + rng.IntN(6), Length: float64(10 + rng.IntN(300)), MinPerformance: float64(rng.IntN(3))}
			lim := NoLimits(jobs[i])
			if rng.IntN(6) > 0 {
				lim.Budget = jobs[i].Length * float64(jobs[i].Nodes) * (0.4 + 1.2*rng.Float64())
			}
			if rng.IntN(5) == 0 {
				lim.MaxPriceFactor = 0.8 + rng.Float64()
			}
			c := Criteria()[rng.IntN(4)]
			searches[i] = JobSearch{Limits: lim, Criterion: c}
			reference[i] = JobSearch{Limits: lim, Criterion: plain{c}}
		}
		passes := rng.IntN(5)
		windows += sameAlternatives(t, iter, "the general sweep", &fast, &full, l, jobs, searches, reference, passes, func() {
			for i := range jobs {
				if fast.ranks[i].kind != rankedNone {
					ranked++
				}
			}
		})
	}
	if ranked < 1000 || windows < 1000 {
		t.Fatalf("%d jobs took the ranked sweep, %d windows: the test compares too little", ranked, windows)
	}
}

// TestRankTableLeavesTiesToTheGeneralSweep checks which jobs the ranked
// sweep serves: not two suiting nodes of equal cost (the general sweep
// orders their candidates by admission), not a criterion other than the
// built-ins (the fastest criteria with or without a budget: the table
// does not depend on it).
func TestRankTableLeavesTiesToTheGeneralSweep(t *testing.T) {
	fits := []nodeFit{{ok: true, runtime: 2, cost: 4}, {ok: false, runtime: 1, cost: 4}, {ok: true, runtime: 4, cost: 3}}
	var tab rankTable
	for _, c := range []struct {
		crit Criterion
		fits []nodeFit
		want rankedKind
	}{
		{LowestCost, fits, rankedCost},
		{EarliestStart, fits, rankedStart},
		{ShortestRuntime, fits, rankedRuntime},
		{EarliestFinish, fits, rankedFinish},
		{plain{LowestCost}, fits, rankedNone},
		{LowestCost, append([]nodeFit{{ok: true, runtime: 5, cost: 3}}, fits...), rankedNone},
	} {
		order := []int32{0, 1, 2, 3}[:len(c.fits)]
		tab.build(c.fits, c.crit, order, order)
		if tab.kind != c.want {
			t.Errorf("%s, fits %v: kind %d, want %d", c.crit.Name(), c.fits, tab.kind, c.want)
		}
	}
	// the node orders are hints only: the ranks are exact from any order
	for _, order := range [][]int32{{0, 1, 2}, {2, 1, 0}, {1, 2, 0}} {
		tab.build(fits, ShortestRuntime, order, order)
		if !reflect.DeepEqual(tab.rankOf, []int32{1, -1, 0}) || !reflect.DeepEqual(tab.byRt, []int32{1, 0}) {
			t.Errorf("node order %v: ranks by node %v (want [1 -1 0]), runtime order %v (want [1 0])", order, tab.rankOf, tab.byRt)
		}
	}
}

// TestCountBelow checks the population count below a bit, up to the end
// of the set (a prefix of every candidate in runtime order).
func TestCountBelow(t *testing.T) {
	set := []uint64{math.MaxUint64, 0b1011}
	for _, c := range []struct {
		r    int32
		want int
	}{{0, 0}, {3, 3}, {63, 63}, {64, 64}, {65, 65}, {66, 66}, {67, 66}, {127, 67}, {128, 67}} {
		if got := countBelow(set, c.r); got != c.want {
			t.Errorf("countBelow(%b, %d) = %d, want %d", set, c.r, got, c.want)
		}
	}
}

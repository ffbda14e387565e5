package slots

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// plain hides every optional interface of a criterion (floorer,
// belowPicker): a search with it sweeps the whole list as before the
// floors, so it is the reference the shortcuts must match.
type plain struct{ Criterion }

// TestFloorsKeepTheAlternatives checks that the alternatives search with
// the floors (the least score ignoring time, then each job's previous
// score) finds exactly the windows of the full sweeps: same starts,
// slots, sources and costs, in the same order, and leaves the same list,
// for every criterion and with and without budgets and price factors.
func TestFloorsKeepTheAlternatives(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 2026))
	var fast, full Searcher
	stops := 0
	for iter := 0; iter < 400; iter++ {
		l := tiedList(rng, 3+rng.IntN(25))
		jobs := make([]slot.Request, 2+rng.IntN(12))
		searches := make([]JobSearch, len(jobs))
		reference := make([]JobSearch, len(jobs))
		for i := range jobs {
			jobs[i] = slot.Request{Nodes: 1 + rng.IntN(5), Length: float64(10 + rng.IntN(300)), MinPerformance: float64(rng.IntN(3)), MaxPrice: 1 + float64(rng.IntN(4))}
			lim := NoLimits(jobs[i])
			switch rng.IntN(3) {
			case 1:
				lim = AMPLimits(jobs[i])
			case 2:
				lim.MaxPriceFactor = 0.8 + rng.Float64()
			}
			c := Criteria()[rng.IntN(4)]
			if rng.IntN(2) == 0 {
				c = []Criterion{LowestCost, ShortestRuntime}[rng.IntN(2)]
			}
			searches[i] = JobSearch{Limits: lim, Criterion: c}
			reference[i] = JobSearch{Limits: lim, Criterion: plain{c}}
		}
		passes := rng.IntN(4)
		stops += sameAlternatives(t, iter, "the full sweeps", &fast, &full, l, jobs, searches, reference, passes, nil)
	}
	if stops == 0 {
		t.Fatal("no window found: the test compares nothing")
	}
}

// TestFloorStopsTheSweep checks that a floor ends the sweep: a search
// whose floor is the cost of its cheapest node stops at the first window
// on that node and picks nowhere after it.
func TestFloorStopsTheSweep(t *testing.T) {
	l := &slot.List{Nodes: []slot.Node{{Performance: 1, Price: 1}, {Performance: 1, Price: 2}}}
	l.Slots = []slot.Slot{{Node: 1, Start: 0, End: 100}, {Node: 0, Start: 5, End: 30}, {Node: 0, Start: 40, End: 50}}
	r := slot.Request{Nodes: 1, Length: 10}
	for _, floor := range []float64{math.Inf(-1), 10} {
		var s Searcher
		c := &recorder{}
		h := noHints
		h.floor = floor
		res, err := s.scan(l, r, NoLimits(r), []Criterion{c}, h)
		if err != nil {
			t.Fatal(err)
		}
		want := []float64{0, 5, 40}
		if floor == 10 {
			want = want[:2]
		}
		if !slices.Equal(c.starts, want) || res[0].Window.Start != 5 {
			t.Errorf("floor %v: picks at %v, want %v; window at %v, want 5", floor, c.starts, want, res[0].Window.Start)
		}
	}
}

// recorder is LowestCost that records the start of every pick.
type recorder struct{ starts []float64 }

func (*recorder) Name() string      { return "recorder" }
func (*recorder) StopAtFirst() bool { return false }
func (c *recorder) Pick(start float64, n int, budget float64, cands []Candidate, buf []int) (float64, []int, bool) {
	c.starts = append(c.starts, start)
	return LowestCost.Pick(start, n, budget, cands, buf)
}

package slots

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// watcher is an IncrementalCriterion that checks what the scan tells it:
// an added index ≥ 0 must mean that the candidates are those of its last
// pick with one more at that index.
type watcher struct {
	t           *testing.T
	prev        []slot.Slot
	told, picks int
	lowest      lowestCost
}

func (*watcher) Name() string      { return "watcher" }
func (*watcher) StopAtFirst() bool { return false }
func (w *watcher) Pick(start float64, n int, budget float64, cands []Candidate, buf []int) (float64, []int, bool) {
	return w.PickAdded(start, n, budget, cands, buf, -1)
}
func (w *watcher) PickAdded(start float64, n int, budget float64, cands []Candidate, buf []int, added int) (float64, []int, bool) {
	w.picks++
	if added >= 0 {
		w.told++
		want := slices.Insert(slices.Clone(w.prev), added, cands[added].Slot)
		got := make([]slot.Slot, len(cands))
		for i, c := range cands {
			got[i] = c.Slot
		}
		if !slices.Equal(got, want) {
			w.t.Fatalf("told candidate %d was added: before %v, now %v", added, w.prev, got)
		}
	}
	w.prev = w.prev[:0]
	for _, c := range cands {
		w.prev = append(w.prev, c.Slot)
	}
	return w.lowest.Pick(start, n, budget, cands, buf)
}

// TestScanTellsTheAddedCandidate: the index a scan hands an
// IncrementalCriterion is the one new candidate (checked against the
// candidates of its previous pick), and it is handed often.
func TestScanTellsTheAddedCandidate(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	var s Searcher
	w := &watcher{t: t}
	for iter := 0; iter < 300; iter++ {
		l := smallList(rng, 2+rng.IntN(10), iter%2 == 0)
		r := smallJob(rng, 3)
		w.prev = w.prev[:0]
		if _, err := s.Scan(l, r, NoLimits(r), w, ShortestRuntime); err != nil {
			t.Fatal(err)
		}
		w.prev = w.prev[:0]
		if _, _, err := s.FindAt(l, r, NoLimits(r), w, math.Floor(100*rng.Float64())); err != nil {
			t.Fatal(err)
		}
	}
	if w.told < w.picks/10 {
		t.Errorf("told the added candidate at %d of %d picks", w.told, w.picks)
	}
}

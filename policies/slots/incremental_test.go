package slots

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// watcher is an IncrementalCriterion that checks what the scan tells it:
// every block of n candidates that is not fresh must have been a block
// of its previous pick (the same slots, consecutive there too), and the
// fresh ones ascending.
type watcher struct {
	t                   *testing.T
	prev                []slot.Slot
	told, picks, stales int
	lowest              lowestCost
}

func (*watcher) Name() string      { return "watcher" }
func (*watcher) StopAtFirst() bool { return false }
func (*watcher) UsesFresh() bool   { return true }
func (w *watcher) Pick(start float64, n int, budget float64, cands []Candidate, buf []int) (float64, []int, bool) {
	return w.PickFresh(start, n, budget, cands, buf, nil)
}
func (w *watcher) PickFresh(start float64, n int, budget float64, cands []Candidate, buf []int, fresh []int) (float64, []int, bool) {
	w.picks++
	if fresh != nil {
		w.told++
		if !slices.IsSorted(fresh) {
			w.t.Fatalf("fresh blocks %v not ascending", fresh)
		}
		for j := 0; j+n <= len(cands); j++ {
			if slices.Contains(fresh, j) {
				continue
			}
			w.stales++
			block := make([]slot.Slot, n)
			for i := range block {
				block[i] = cands[j+i].Slot
			}
			k := slices.Index(w.prev, block[0])
			if k < 0 || k+n > len(w.prev) || !slices.Equal(w.prev[k:k+n], block) {
				w.t.Fatalf("block %d %v not fresh, but not a block of the previous pick %v", j, block, w.prev)
			}
		}
	}
	w.prev = w.prev[:0]
	for _, c := range cands {
		w.prev = append(w.prev, c.Slot)
	}
	return w.lowest.Pick(start, n, budget, cands, buf)
}

// TestScanTellsTheFreshBlocks: the blocks a scan does not call fresh
// for an IncrementalCriterion are blocks of its previous pick (checked
// against the candidates of that pick), and it tells often.
func TestScanTellsTheFreshBlocks(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	var s Searcher
	w := &watcher{t: t}
	for iter := 0; iter < 600; iter++ {
		l := smallList(rng, 2+rng.IntN(10), iter%2 == 0)
		if iter%3 == 0 {
			l = tiedList(rng, 2+rng.IntN(20))
		}
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
	if w.told < w.picks/2 || w.stales < w.picks {
		t.Errorf("told the fresh blocks at %d of %d picks, %d blocks not fresh", w.told, w.picks, w.stales)
	}
}

package slots

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
)

// byRuntime hands out the order a stable sort by lessRuntime gives, on
// sets small and large with tied runtimes and costs.
func TestByRuntimeIsTheTotalOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 400; trial++ {
		m := rng.IntN(80)
		cands := make([]Candidate, m)
		for i := range cands {
			cands[i].Runtime = float64(1 + rng.IntN(5))
			cands[i].Cost = float64(1 + rng.IntN(4))
		}
		// a heap of some of the candidates (pickBelow's), or of all
		var want []int
		for i := range cands {
			if trial%2 == 0 || rng.IntN(3) > 0 {
				want = append(want, i)
			}
		}
		b := byRuntime{cands: cands, h: slices.Clone(want)}
		sort.SliceStable(want, func(i, j int) bool { return lessRuntime(cands, want[i], want[j]) })
		b.init()
		var got []int
		for len(b.h) > 0 {
			got = append(got, b.pop())
		}
		if !slices.Equal(got, want) {
			t.Fatalf("%d candidates: %v, want %v", m, got, want)
		}
	}
}

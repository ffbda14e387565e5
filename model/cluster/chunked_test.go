package cluster

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// An exact sample's percentiles, from the ranks put in place by
// selectRanks, are those of the sorted values, bit for bit: few and many
// values, many repeats (zero waits, whole seconds) and none.
func TestQuantilesBySelectionMatchSorting(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ps := []float64{0, 0.01, 0.5, 0.95, 0.99, 0.999, 1}
	for _, n := range []int{0, 1, 2, 3, 31, 33, 100, 1000, chunkSize, chunkSize + 1, 50000} {
		for _, kind := range []string{"continuous", "repeats", "zeros", "constant", "nan"} {
			s := sample{limit: 1 << 30}
			var xs []float64
			for range n {
				x := rng.ExpFloat64() * 1000
				switch kind {
				case "repeats":
					x = math.Floor(x / 100)
				case "zeros":
					if rng.IntN(3) > 0 {
						x = 0
					}
				case "constant":
					x = 7
				case "nan":
					if rng.IntN(50) == 0 {
						x = math.NaN()
					}
				}
				xs = append(xs, x)
				s.add(x)
			}
			slices.Sort(xs)
			got := s.quantiles(ps...)
			for i, p := range ps {
				want := Quantile(xs, p)
				if math.Float64bits(got[i]) != math.Float64bits(want) && !(math.IsNaN(got[i]) && math.IsNaN(want)) {
					t.Errorf("n=%d %s: p%v = %v, sorting gives %v", n, kind, p, got[i], want)
				}
			}
		}
	}
}

// selectRanks puts every wanted rank in place, within one block and
// across several, and keeps the values (it only reorders them).
func TestSelectRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 300 {
		n := 1 + rng.IntN(2000)
		if round%10 == 0 {
			n = 1 + rng.IntN(4*chunkSize)
		}
		var c chunked
		for range n {
			c.add(float64(rng.IntN(1 + round)))
		}
		sorted := c.values()
		slices.Sort(sorted)
		var ranks []int
		for r := 0; r < n; r += 1 + rng.IntN(n) {
			ranks = append(ranks, r)
		}
		c.selectRanks(0, n, ranks)
		for _, r := range ranks {
			if c.at(r) != sorted[r] {
				t.Fatalf("n=%d: rank %d holds %v, want %v", n, r, c.at(r), sorted[r])
			}
		}
		after := c.values()
		slices.Sort(after)
		if !slices.Equal(after, sorted) {
			t.Fatalf("n=%d: selectRanks changed the values, not only their order", n)
		}
	}
}

package toporkov

import (
	"math"
	"math/rand/v2"
	"testing"
)

// pcgIntN draws what rand.Rand.IntN draws from the same stream, and
// leaves the stream in the same state, for small bounds, powers of two
// and bounds near 2⁶³ (where the rejection loop runs).
func TestPCGIntNIsRandIntN(t *testing.T) {
	ns := []int{1, 2, 3, 7, 64, 800, 801, 1 << 20, 1<<20 + 1, 12345678901, math.MaxInt64, math.MaxInt64 - 1, 1<<62 + 1, 3 << 61}
	for seed := uint64(1); seed <= 4; seed++ {
		a, b := rand.NewPCG(seed, 2*seed), rand.NewPCG(seed, 2*seed)
		r := rand.New(b)
		pick := rand.New(rand.NewPCG(seed, 7))
		for i := 0; i < 20000; i++ {
			n := ns[i%len(ns)]
			if i%3 == 0 {
				n = 1 + pick.IntN(5000)
			}
			if got, want := pcgIntN(a, n), r.IntN(n); got != want {
				t.Fatalf("seed %d, draw %d, n %d: got %d, rand.IntN %d", seed, i, n, got, want)
			}
		}
		if a.Uint64() != b.Uint64() {
			t.Fatalf("seed %d: the streams differ after the draws", seed)
		}
	}
}

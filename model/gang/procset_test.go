package gang

import (
	"math/rand/v2"
	"testing"
)

// Nth finds the j-th member in processor order, over one and several
// words, as a scan of the bits does.
func TestProcSetNth(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for round := 0; round < 2000; round++ {
		n := 1 + rng.IntN(200)
		b := newBitset(n)
		var want []int
		for i := 0; i < n; i++ {
			if rng.IntN(4) < round%4+1 {
				b.set(i)
				want = append(want, i)
			}
		}
		s := ProcSet{words: b, n: len(want)}
		if s.count() != len(want) {
			t.Fatalf("count = %d, want %d", s.count(), len(want))
		}
		for j, i := range want {
			if got := s.Nth(j); got != i {
				t.Fatalf("n=%d: Nth(%d) = %d, want %d", n, j, got, i)
			}
		}
		if s.Nth(-1) != -1 || s.Nth(len(want)) != -1 {
			t.Fatalf("Nth out of range is not -1")
		}
	}
}

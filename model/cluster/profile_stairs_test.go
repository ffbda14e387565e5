package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// staircase is the reference of Profile.Staircase: for every level n, the
// longest run of seconds with at least n free processors that meets
// [s, e), +Inf when it reaches the horizon (all free after it) or is at
// least limit long.
func (b *bruteProfile) staircase(s, e int, limit float64, n int) float64 {
	best := 0.0
	for x := max(s, b.now); x < e; x++ {
		if b.at(x) < n {
			continue
		}
		lo, hi := x, x+1
		for lo > b.now && b.at(lo-1) >= n {
			lo--
		}
		for hi < len(b.free) && b.at(hi) >= n {
			hi++
		}
		l := float64(hi - lo)
		if hi >= len(b.free) || l >= limit {
			l = math.Inf(1)
		}
		best = max(best, l)
	}
	return best
}

// checkStaircase compares the staircase of [s, e) with the reference at
// every level, for a limit at random, and the union of two staircases
// with the pointwise maximum of their references.
func checkStaircase(t *testing.T, p *Profile, b *bruteProfile, s, e int, rng *rand.Rand) {
	t.Helper()
	limit := math.Inf(1)
	if rng.IntN(2) == 0 {
		limit = float64(1 + rng.IntN(80))
	}
	got := p.Staircase(float64(s), float64(e), limit, nil)
	s2 := b.now + rng.IntN(len(b.free)-b.now)
	e2 := s2 + rng.IntN(40)
	other := p.Staircase(float64(s2), float64(e2), limit, nil)
	union := AppendUnion([]Stair{{-1, -1}}, got, other)[1:]
	for _, st := range [][]Stair{got, other, union} {
		for k := 1; k < len(st); k++ {
			if !(st[k].Level > st[k-1].Level && st[k].Len < st[k-1].Len) {
				t.Fatalf("staircase %v: stair %d does not rise and shorten", st, k)
			}
		}
	}
	for n := 1; n <= b.procs+1; n++ {
		want := b.staircase(s, e, limit, n)
		want2 := b.staircase(s2, e2, limit, n)
		for _, c := range []struct {
			name      string
			st        []Stair
			got, want float64
		}{
			{fmt.Sprintf("Staircase(%d, %d, %v)", s, e, limit), got, StairAt(got, n), want},
			{fmt.Sprintf("Staircase(%d, %d, %v)", s2, e2, limit), other, StairAt(other, n), want2},
			{"their union", union, StairAt(union, n), max(want, want2)},
		} {
			if c.got != c.want {
				t.Fatalf("%s = %v: %v at level %d, reference %v", c.name, c.st, c.got, n, c.want)
			}
		}
	}
}

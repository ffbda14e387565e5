package cluster

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// bruteProfile is the reference: free processors per integer second over a
// horizon, all free after it.
type bruteProfile struct {
	procs int
	now   int
	free  []int // free[t] for t in [0, len)
}

func (b *bruteProfile) at(t int) int {
	if t < len(b.free) {
		return b.free[t]
	}
	return b.procs
}

func (b *bruteProfile) add(s, e, d int) {
	for t := max(s, b.now); t < e; t++ {
		b.free[t] += d
	}
}

func (b *bruteProfile) earlier(n, d, before int) (int, bool) {
	return b.earlierBy(n, d, before, b.now, before)
}

func (b *bruteProfile) earlierBy(n, d, before, from, by int) (int, bool) {
	for t := max(b.now, from); t < min(before, by); t++ {
		ok := true
		for x := t; x < min(t+d, before); x++ {
			if b.at(x) < n {
				ok = false
				break
			}
		}
		if ok {
			return t, true
		}
	}
	return 0, false
}

func (b *bruteProfile) maxFree(s, e int) int {
	m := math.MinInt
	for t := max(s, b.now); t < e; t++ {
		m = max(m, b.at(t))
	}
	return m
}

func (b *bruteProfile) minFree(s, e int) int {
	m := b.procs
	for t := max(s, b.now); t < e; t++ {
		m = min(m, b.at(t))
	}
	return m
}

// TestProfileAgainstBruteForce applies random reservations, releases and
// advances to a Profile and to the per-second reference, and compares every
// query.
func TestProfileAgainstBruteForce(t *testing.T) {
	const horizon, procs = 400, 8
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		p := NewProfile(procs, 0)
		b := &bruteProfile{procs: procs, free: make([]int, horizon+100)}
		for i := range b.free {
			b.free[i] = procs
		}
		type res struct{ s, e, n int }
		var held []res
		for step := range 300 {
			switch op := rng.IntN(10); {
			case op < 5: // reserve at the earliest fit, as policies do
				n, d := 1+rng.IntN(procs), 1+rng.IntN(40)
				s := int(p.EarliestFit(n, float64(d)))
				if bs, _ := b.earlier(n, d, horizon*10); bs != s {
					t.Fatalf("trial %d step %d: EarliestFit(%d, %d) = %d, reference %d", trial, step, n, d, s, bs)
				}
				if s+d > horizon {
					continue
				}
				p.Reserve(float64(s), float64(s+d), n)
				b.add(s, s+d, -n)
				held = append(held, res{s, s + d, n})
			case op < 7 && len(held) > 0: // release
				k := rng.IntN(len(held))
				r := held[k]
				held = append(held[:k], held[k+1:]...)
				p.Release(float64(r.s), float64(r.e), r.n)
				b.add(r.s, r.e, r.n)
			case op < 8: // advance
				now := b.now + rng.IntN(10)
				p.Advance(float64(now))
				b.now = now
				kept := held[:0]
				for _, r := range held {
					if r.e > now {
						kept = append(kept, r)
					}
				}
				held = kept
			case op < 9 && len(held) > 0: // move a reservation to its earliest fit, as compressions do
				k := rng.IntN(len(held))
				r := held[k]
				d := r.e - r.s
				to, ok := b.earlier(r.n, d, r.s)
				if r.s <= b.now || !ok {
					continue
				}
				b.add(r.s, r.e, r.n)
				want := b.maxFree(r.s, r.e)
				b.add(to, to+d, -r.n)
				if got := p.Move(float64(r.s), float64(to), float64(d), r.n); got != want {
					t.Fatalf("trial %d step %d: Move(%d, %d, %d, %d) = %d, reference %d", trial, step, r.s, to, d, r.n, got, want)
				}
				held[k] = res{to, to + d, r.n}
			default: // queries only
			}
			if err := p.Check(); err != nil {
				t.Fatalf("trial %d step %d: %v", trial, step, err)
			}
			for k := 1; k < p.Len(); k++ {
				if p.At(k).Free == p.At(k-1).Free {
					t.Fatalf("trial %d step %d: steps %d and %d not merged", trial, step, k-1, k)
				}
			}
			for x := b.now; x < horizon+20; x += 1 + rng.IntN(5) {
				if got, want := p.FreeAt(float64(x)), b.at(x); got != want {
					t.Fatalf("trial %d step %d: FreeAt(%d) = %d, reference %d", trial, step, x, got, want)
				}
				if got, want := p.FreeBefore(float64(x+1)), b.at(x); got != want {
					t.Fatalf("trial %d step %d: FreeBefore(%d) = %d, reference %d", trial, step, x+1, got, want)
				}
			}
			s := b.now + rng.IntN(horizon)
			e := s + rng.IntN(60)
			if got, want := p.MinFree(float64(s), float64(e)), b.minFree(s, e); got != want {
				t.Fatalf("trial %d step %d: MinFree(%d, %d) = %d, reference %d", trial, step, s, e, got, want)
			}
			if got, want := p.MaxFree(float64(s), float64(e)), b.maxFree(s, e); got != want {
				t.Fatalf("trial %d step %d: MaxFree(%d, %d) = %d, reference %d", trial, step, s, e, got, want)
			}
			checkStaircase(t, p, b, s, e, rng)
			checkFits(t, fmt.Sprintf("trial %d step %d", trial, step), p, b, horizon, procs, rng)
		}
	}
}

func TestProfileOverlapReported(t *testing.T) {
	p := NewProfile(4, 0)
	p.Reserve(0, 10, 3)
	p.Reserve(5, 8, 2)
	if err := p.Check(); err == nil {
		t.Fatal("over-allocated profile passes Check")
	}
	if got := p.MinFree(0, 10); got != -1 {
		t.Fatalf("MinFree = %d, want -1", got)
	}
	if from, to := p.Overdrawn(); from != 5 || to != 8 {
		t.Fatalf("Overdrawn = [%v, %v), want [5, 8)", from, to)
	}
	p.Release(5, 8, 2)
	if err := p.Check(); err != nil {
		t.Fatal(err)
	}
	if from, to := p.Overdrawn(); from != to {
		t.Fatalf("Overdrawn = [%v, %v) with no overdrawn step, want an empty interval", from, to)
	}
}

func TestEarliestFitFrom(t *testing.T) {
	p := NewProfile(4, 0)
	p.Reserve(0, 10, 3)  // 1 free over [0,10)
	p.Reserve(20, 30, 2) // 2 free over [20,30)
	for _, c := range []struct {
		size      int
		dur, from float64
		want      float64
	}{
		{1, 5, 0, 0}, {1, 5, 3, 3}, {2, 5, 0, 10}, {2, 15, 0, 10}, {3, 15, 0, 30},
		{3, 5, 12, 12}, {3, 5, 16, 30}, {4, 1, 40, 40}, {2, 5, -5, 10},
	} {
		if got := p.EarliestFitFrom(c.size, c.dur, c.from); got != c.want {
			t.Errorf("EarliestFitFrom(%d, %v, %v) = %v, want %v", c.size, c.dur, c.from, got, c.want)
		}
	}
	p.Reset(2, 7)
	if p.Len() != 1 || p.At(0) != (Step{Time: 7, Free: 2}) || p.Procs() != 2 {
		t.Errorf("Reset: %+v", p.At(0))
	}
}

// TestSearchNearAnyWindow checks that the searches through the window
// near give the index of a search of all steps, whatever the window,
// stale or not.
func TestSearchNearAnyWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	p := NewProfile(64, 0)
	for k := 0; k < 30; k++ {
		s := float64(rng.IntN(200))
		p.Reserve(s, s+1+float64(rng.IntN(40)), 1+rng.IntN(8))
	}
	n := p.Len()
	for range 20000 {
		q := float64(rng.IntN(260)) - 10
		if rng.IntN(2) == 0 && n > 0 {
			q = p.At(rng.IntN(n)).Time // on a step's time exactly
		}
		p.near = [2]int{rng.IntN(n+3) - 1, rng.IntN(n+3) - 1}
		if got, want := p.afterNear(q), after(p.steps, q); got != want {
			t.Fatalf("afterNear(%v) with window %v = %d, want %d", q, p.near, got, want)
		}
		if got, want := p.atOrAfterNear(q), atOrAfter(p.steps, q); got != want {
			t.Fatalf("atOrAfterNear(%v) with window %v = %d, want %d", q, p.near, got, want)
		}
	}
}

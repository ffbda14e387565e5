package cluster

import (
	"math"
	"math/rand/v2"
	"testing"
)

// checkFits compares EarlierFitBy and EarlierFit with the reference for
// four random queries (where names the profile's trial and step), drawn
// to hit the scan's edges: bounds at step boundaries, before past the
// last step or infinite (the whole profile), from before the origin or
// at minus infinity, by infinite, and windows that do or do not have to
// end by the step before before.
func checkFits(t *testing.T, where string, p *Profile, b *bruteProfile, horizon, procs int, rng *rand.Rand) {
	t.Helper()
	far := 10 * horizon // the reference's infinity: every window fits by then
	// bound draws a time: random, a step's start, or infinite (sign s).
	bound := func(lo int, s float64) (float64, int) {
		switch rng.IntN(6) {
		case 0:
			return math.Inf(int(s)), int(s) * far
		case 1, 2:
			x := int(p.At(rng.IntN(p.Len())).Time)
			return float64(x), x
		default:
			x := lo + rng.IntN(horizon)
			return float64(x), x
		}
	}
	for range 4 {
		n, d := 1+rng.IntN(procs), 1+rng.IntN(40)
		before, bi := bound(b.now, 1)
		from, fi := bound(b.now-5, -1)
		by, byi := bound(b.now, 1)
		fi = max(fi, b.now-5) // the reference scans from max(now, from)
		gt, gok := p.EarlierFitBy(n, float64(d), before, from, by)
		wt, wok := b.earlierBy(n, d, bi, fi, byi)
		if gok != wok || (gok && int(gt) != wt) {
			t.Fatalf("%s: EarlierFitBy(%d, %d, %v, %v, %v) = %v %v, reference %v %v", where, n, d, before, from, by, gt, gok, wt, wok)
		}
		gt, gok = p.EarlierFit(n, float64(d), before)
		wt, wok = b.earlier(n, d, bi)
		if gok != wok || (gok && int(gt) != wt) {
			t.Fatalf("%s: EarlierFit(%d, %d, %v) = %v %v, reference %v %v", where, n, d, before, gt, gok, wt, wok)
		}
	}
}

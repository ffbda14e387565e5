package cluster

import (
	"math"
	"slices"
)

// Reserve takes size processors over [start, end) (the part before the
// origin is ignored).
func (p *Profile) Reserve(start, end float64, size int) {
	p.shift(start, end, end, end, size, end)
}

// Release gives back size processors over [start, end) (the part before
// the origin is ignored).
func (p *Profile) Release(start, end float64, size int) {
	p.shift(start, start, start, end, size, end)
}

// Move moves a reservation of n processors for dur from [from, from+dur)
// to [to, to+dur), to ≤ from: a Release of the first and a Reserve of
// the second in one pass over the steps of [to, from+dur). It returns
// what MaxFree(from, from+dur) would between the two: the largest free
// count over the released interval with it released (math.MinInt if
// empty), which is every free count there before the move plus n.
func (p *Profile) Move(from, to, dur float64, n int) int {
	b, c := from, to+dur // n taken over [to, b), given back over [c, from+dur)
	if c < b {
		b, c = c, b
	}
	m := p.shift(to, b, c, from+dur, n, from)
	if m == math.MinInt {
		return m
	}
	return m + n
}

// shift takes n processors over [a, b) and gives n back over [c, e), for
// a ≤ b ≤ c ≤ e (the parts before the origin ignored), and returns the
// largest free count over [mark, e) before the change (math.MinInt if
// empty), for a mark in {b, c, e}. It copies the steps of [a, e], changed
// and with new steps at a, b, c and e, to a scratch slice, and splices
// them in with one copy of the steps after e: a reservation's or a
// move's two to four new breakpoints cost one shift of the tail, not one
// per split and merge. Within each of the three pieces a constant is
// added, so only steps at their ends can merge.
func (p *Profile) shift(a, b, c, e float64, n int, mark float64) int {
	top := math.MinInt
	st := p.steps
	if o := st[0].Time; a < o {
		a, b, c, e = max(a, o), max(b, o), max(c, o), max(e, o)
	}
	if !(e > a) || n == 0 {
		return top
	}
	i := p.atOrAfterNear(a) // the first step at or after a
	cur := 0                // the free count before the change
	last := math.MinInt     // the free count of the last step kept or written
	if i > 0 {
		cur = st[i-1].Free
		last = cur
	}
	out := p.seq[:0]
	k := i // the next step to read
	for _, pc := range [3]struct {
		from, to float64
		delta    int
	}{{a, b, -n}, {b, c, 0}, {c, e, n}} {
		if !(pc.to > pc.from) {
			continue
		}
		if k < len(st) && st[k].Time == pc.from {
			cur = st[k].Free
			k++
		}
		if v := cur + pc.delta; v != last {
			out = append(out, Step{pc.from, v})
		}
		track := pc.from >= mark
		if track {
			top = max(top, cur)
		}
		for k < len(st) && st[k].Time < pc.to {
			cur = st[k].Free
			out = append(out, Step{st[k].Time, cur + pc.delta})
			if track {
				top = max(top, cur)
			}
			k++
		}
		last = cur + pc.delta
	}
	if k < len(st) && st[k].Time == e {
		cur = st[k].Free
		k++
	}
	if cur != last {
		out = append(out, Step{e, cur})
	}
	// The steps after e are unchanged, and the first of them differs
	// from the free count at e (the profile was merged): splice.
	n0, n1 := len(st), len(st)+len(out)-(k-i)
	if n1 > n0 {
		st = slices.Grow(st, n1-n0)[:n1]
	}
	if n1 != n0 {
		copy(st[i+len(out):n1], st[k:n0])
	}
	copy(st[i:], out)
	p.steps, p.seq = st[:n1], out
	p.near = [2]int{max(i-1, 0), min(i+len(out)+1, n1)}
	return top
}

package cluster

import (
	"math"
	"slices"
)

// Stair is one breakpoint of a staircase (see Profile.Staircase): some
// run of steps with at least Level free processors is Len long.
type Stair struct {
	// Level is a number of free processors.
	Level int
	// Len is the length (time) of the longest run, +Inf when it reaches
	// the last step or the limit.
	Len float64
}

// Staircase appends to dst[:0] and returns the staircase of the region
// [a, b): for every level n ≥ 1, the length S(n) of the longest run of
// consecutive steps with at least n free processors that meets [a, b). S
// is non-increasing in n; the staircase holds its breakpoints in
// increasing Level (and decreasing Len): S(n) is the Len of the first
// stair with Level ≥ n, 0 if none (see StairAt). Runs are followed
// outside [a, b) only as far as limit: a run at least limit long has Len
// +Inf. The cost is that of a scan of the steps of [a, b) and of the
// runs around it, with a stack.
func (p *Profile) Staircase(a, b, limit float64, dst []Stair) []Stair {
	dst = dst[:0]
	st := p.steps
	if o := st[0].Time; a < o {
		a = o
	}
	if !(b > a) {
		return dst
	}
	k0 := p.afterNear(a) - 1
	k1 := p.atOrAfterNear(b) - 1 // the last step that starts before b
	// Outside [a, b), a run that meets it and reaches a step holds at
	// most the least free count between that step and [a, b): the steps
	// around [a, b) are replaced by that count (a step at least as high
	// changes no run that meets [a, b); a lower one ends them all the
	// same), and steps of equal such counts are merged. Runs are followed
	// while some level is alive, up to limit: a run that reaches a cut
	// end is at least limit long.
	seq := p.seq[:0]
	kl, m := k0, st[k0].Free
	for kl > 0 && st[k0].Time-st[kl].Time < limit {
		if m = min(m, st[kl-1].Free); m <= 0 {
			break
		}
		kl--
		if len(seq) == 0 || m < seq[len(seq)-1].Free {
			seq = append(seq, Step{st[kl].Time, m})
		} else {
			seq[len(seq)-1].Time = st[kl].Time
		}
	}
	slices.Reverse(seq)
	c0 := len(seq)
	seq = append(seq, st[k0:k1+1]...)
	c1 := len(seq) - 1
	kr, m, e1 := k1, st[k1].Free, stepEnd(st, k1)
	for kr+1 < len(st) && st[kr+1].Time-e1 < limit {
		if m = min(m, st[kr+1].Free); m <= 0 {
			break
		}
		kr++
		if m < seq[len(seq)-1].Free || len(seq)-1 == c1 {
			seq = append(seq, Step{st[kr].Time, m})
		}
	}
	// A run that reaches a cut end is at least limit long already: it
	// spans the steps between [a, b) and the cut. The last step ends with
	// a lowest level, which ends every run.
	seq = append(seq, Step{stepEnd(st, kr), math.MinInt})
	// Every maximal run at level n is the run of its lowest step k at
	// level Free(k) ≥ n: the runs of the steps, found with a stack of
	// increasing free counts (each with the first step of its run), give
	// S as the largest Len over the levels at or above n.
	stack := p.stack[:0]
	for i, s := range seq {
		lo := i
		for len(stack) > 0 {
			top := stack[len(stack)-1]
			if top.lv < s.Free {
				break
			}
			stack = stack[:len(stack)-1]
			lo = top.lo
			if top.lv == s.Free || top.lv <= 0 || lo > c1 || i <= c0 {
				continue // the run goes on, or misses [a, b)
			}
			l := s.Time - seq[lo].Time
			if l >= limit {
				l = math.Inf(1)
			}
			dst = AddStair(dst, top.lv, l)
		}
		stack = append(stack, stairRun{s.Free, lo})
	}
	p.stack, p.seq = stack, seq
	return dst
}

// stairRun is a run of steps on Staircase's stack: its level, and its
// first step.
type stairRun struct{ lv, lo int }

// stepEnd returns the end of step k: the start of the next one, +Inf for
// the last.
func stepEnd(st []Step, k int) float64 {
	if k+1 < len(st) {
		return st[k+1].Time
	}
	return math.Inf(1)
}

// StairAt returns S(n) of staircase s: the Len of its first stair with
// Level ≥ n, 0 if none.
func StairAt(s []Stair, n int) float64 {
	// A scan: staircases have a few stairs, and the levels asked are
	// mostly low; a level above the top stair's, the other common ask,
	// is answered without one.
	if len(s) == 0 || s[len(s)-1].Level < n {
		return 0
	}
	top := len(s) - 1 // its stair has the level: the scan ends there
	for _, st := range s[:top] {
		if st.Level >= n {
			return st.Len
		}
	}
	return s[top].Len
}

// AddStair adds to staircase s a run of length l at level lv (S(n) ≥ l for
// every n ≤ lv) and returns it.
func AddStair(s []Stair, lv int, l float64) []Stair {
	i := 0
	for i < len(s) && s[i].Level < lv {
		i++
	}
	if i < len(s) && s[i].Len >= l {
		return s // a run at least as high and as long is there
	}
	j := i // s[j:i] are lower and no longer: dropped
	for j > 0 && s[j-1].Len <= l {
		j--
	}
	e := i // s[i:e] too, when s[i] has the same level
	if e < len(s) && s[e].Level == lv {
		e++
	}
	if j == e { // shifted by hand: a call of memmove costs more
		s = append(s, Stair{})
		for k := len(s) - 1; k > j; k-- {
			s[k] = s[k-1]
		}
	} else if e-j > 1 {
		s = append(s[:j+1], s[e:]...)
	}
	s[j] = Stair{lv, l}
	return s
}

// AppendUnion appends to dst the pointwise maximum of the staircases a
// and b and returns it; a and b may lie in dst's storage before len(dst).
func AppendUnion(dst, a, b []Stair) []Stair {
	n := len(dst)
	i, j := len(a)-1, len(b)-1
	best := 0.0 // from the highest level down, lengths only grow
	for i >= 0 || j >= 0 {
		var s Stair
		switch {
		case j < 0 || i >= 0 && a[i].Level > b[j].Level:
			s = a[i]
			i--
		case i < 0 || b[j].Level > a[i].Level:
			s = b[j]
			j--
		default:
			s = Stair{a[i].Level, max(a[i].Len, b[j].Len)}
			i--
			j--
		}
		if s.Len > best {
			dst = append(dst, s)
			best = s.Len
		}
	}
	slices.Reverse(dst[n:])
	return dst
}

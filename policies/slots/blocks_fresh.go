package slots

import (
	"math"
	"math/bits"
	"slices"

	"github.com/schedsim/schedsim/model/slot"
)

// The fresh blocks of the blocks sweep (see blocks.go): the runs of
// candidates around the ranks that joined and went since the last pick,
// those that the criteria's boxes leave possible, and the walks over
// the bit set of the candidates' ranks they take.

// span is a run of consecutive candidates by its first and last ranks.
type span struct{ lo, hi int }

// freshRuns sets s.rspans to the runs of candidates whose every block is
// fresh, by their first and last ranks, ascending: each rank that joined
// or went since the last pick, in rank order, gives n − 1 candidates
// before it and n − 1 after (a joined rank: and itself between), so
// that each block of the run holds it or spans its gap. Runs that
// overlap are merged (the blocks between are then taken as fresh too,
// which changes no pick). It leaves in s.rprev the set of this pick.
func (w *sweep) freshRuns(filter bool) {
	s, n := w.s, w.n
	set, prev := s.rset, s.rprev
	runs := s.rspans[:0]
	filter = filter && n >= 2
	a, b := w.box.a, w.box.b
	belowA, belowB := -1, -1 // the candidates below a and b, once counted
	for k := range set {
		changed := set[k] ^ prev[k]
		prev[k] = set[k] // the set at this pick, for the next one
		for m := changed; m != 0; m &= m - 1 {
			r := k<<6 | bits.TrailingZeros64(m)
			if filter && r+1 < a {
				if belowA < 0 {
					belowA = countBelow(set, int32(a))
				}
				if belowA-countBelow(set, int32(r+1)) >= n-1 {
					continue // its blocks all lie below the box
				}
			}
			if filter && r > b {
				if belowB < 0 {
					belowB = countBelow(set, int32(b))
				}
				if countBelow(set, int32(r))-belowB >= n-1 {
					continue // its blocks all lie above the box
				}
			}
			lo, hi := r, r
			if set[k]&(1<<(r&63)) == 0 { // gone: from its neighbours
				if lo, hi = below(set, r, 1), above(set, r, 1); lo == r || hi == r {
					continue
				}
				lo, hi = below(set, lo, n-2), above(set, hi, n-2)
			} else {
				lo, hi = below(set, r, n-1), above(set, r, n-1)
			}
			if last := len(runs) - 1; last >= 0 && lo <= runs[last].hi {
				runs[last].hi = max(runs[last].hi, hi)
				continue
			}
			runs = append(runs, span{lo, hi})
		}
	}
	s.rspans = runs
}

// blockBox is the union of the undecided criteria's boxes (see
// BlockCriterion.Box) and the ranks it leaves possible: a block in the
// box holds a rank ≥ a (its costs sum to more than costLo, so one of
// its n exceeds costLo / n) and one < b (one costs less than costHi /
// n); the ranks are in cost order. valid is false when a criterion's
// box may have changed since (its best did).
type blockBox struct {
	valid          bool
	costLo, costHi float64
	rtLo, rtHi     float64
	a, b           int
}

// unionBox returns the union of the boxes of the undecided criteria of
// the blocks sweep for blocks of n candidates of the job of t. The
// bounds of the ranks are widened by a relative 1e-9 against the
// rounding of the divisions.
func (s *Searcher) unionBox(t *rankTable, n int) blockBox {
	inf := math.Inf(1)
	x := blockBox{valid: true, costLo: inf, costHi: -inf, rtLo: inf, rtHi: -inf}
	for k, c := range s.blockCrits {
		if s.done[k] {
			continue
		}
		cl, ch, tl, th := c.Box()
		x.costLo, x.costHi, x.rtLo, x.rtHi = min(x.costLo, cl), max(x.costHi, ch), min(x.rtLo, tl), max(x.rtHi, th)
	}
	lo, hi := x.costLo/float64(n), x.costHi/float64(n)
	lo -= 1e-9 * math.Abs(lo)
	hi += 1e-9 * math.Abs(hi)
	x.a, _ = slices.BinarySearchFunc(t.cost, lo, func(c, v float64) int { return cmpUpper(c, v) })
	x.b, _ = slices.BinarySearch(t.cost, hi)
	return x
}

// cmpUpper orders c before v unless c > v, so that a binary search finds
// the first cost above v.
func cmpUpper(c, v float64) int {
	if c > v {
		return 1
	}
	return -1
}

// freshCands sets s.rcost and s.rrt to the costs and runtimes of the
// fresh blocks that the box of some undecided criterion leaves possible,
// each block's n candidates one after the other, s.rord to their ranks
// and s.fresh to the index of each block's first candidate there. A
// block is tested by sums of its costs and runtimes slid along the run
// (one addition and one subtraction a block), which differ from its own
// sums by less than a relative 1e-9 of the run's running total, the
// margin of the test. The ranks of a run are read from the bit set as
// the sums slide.
func (w *sweep) freshCands(t *rankTable) {
	s, n, set := w.s, w.n, w.s.rset
	cLo, cHi, tLo, tHi := w.box.costLo, w.box.costHi, w.box.rtLo, w.box.rtHi
	s.rord, s.rcost, s.rrt, s.fresh = s.rord[:0], s.rcost[:0], s.rrt[:0], s.fresh[:0]
	cost, rt := t.cost, t.rt
	run := s.rsel[:0]
	for _, sp := range s.rspans {
		run = run[:0]
		var sc, st, total float64
		for k := sp.lo >> 6; k <= sp.hi>>6; k++ {
			m := set[k]
			if k == sp.lo>>6 {
				m &^= 1<<(sp.lo&63) - 1
			}
			if k == sp.hi>>6 {
				m &= 2<<(sp.hi&63) - 1 // (all ones when hi&63 = 63)
			}
			for ; m != 0; m &= m - 1 {
				r := int32(k<<6 | bits.TrailingZeros64(m))
				run = append(run, r)
				sc += cost[r]
				st += rt[r]
				total += cost[r] + rt[r]
				i := len(run) - 1
				if i < n-1 {
					continue
				}
				if i >= n {
					old := run[i-n]
					sc -= cost[old]
					st -= rt[old]
				}
				pad := 1e-9 * total
				if !(sc <= cLo-pad || sc >= cHi+pad || st <= tLo-pad || st >= tHi+pad) {
					s.keepBlock(t, run[i+1-n:i+1])
				}
			}
		}
	}
	s.rsel = run
}

// keepBlock adds the block of the ranks block to those freshCands hands
// the criteria.
func (s *Searcher) keepBlock(t *rankTable, block []int32) {
	s.fresh = append(s.fresh, len(s.rord))
	for _, q := range block {
		s.rord, s.rcost, s.rrt = append(s.rord, q), append(s.rcost, t.cost[q]), append(s.rrt, t.rt[q])
	}
}

// wholeCands returns every candidate in cost order and the places of the
// first candidates of the fresh blocks (see freshRuns), ascending.
func (w *sweep) wholeCands(t *rankTable, slots []slot.Slot) ([]Candidate, []int) {
	s, n, set := w.s, w.n, w.s.rset
	cands, fresh := s.rcands[:0], s.fresh[:0]
	for k, word := range set {
		for m := word; m != 0; m &= m - 1 {
			r := k<<6 | bits.TrailingZeros64(m)
			cands = append(cands, Candidate{Slot: slots[s.rcand[r].slot], Runtime: t.rt[r], Cost: t.cost[r]})
		}
	}
	for _, run := range s.rspans {
		first, end := countBelow(set, int32(run.lo)), countBelow(set, int32(run.hi))+1
		for j := first; j+n <= end; j++ {
			fresh = append(fresh, j)
		}
	}
	s.rcands, s.fresh = cands, fresh
	return cands, fresh
}

// below returns the c-th rank of set below r, or the lowest there is
// when fewer are (r itself when none is).
func below(set []uint64, r, c int) int {
	k := r >> 6
	m := set[k] & (1<<(r&63) - 1)
	for c > 0 {
		if m == 0 {
			if k--; k < 0 {
				return r
			}
			m = set[k]
			continue
		}
		r = k<<6 | (63 - bits.LeadingZeros64(m))
		m &^= 1 << (r & 63)
		c--
	}
	return r
}

// above returns the c-th rank of set above r, or the highest there is
// when fewer are (r itself when none is).
func above(set []uint64, r, c int) int {
	k := r >> 6
	m := set[k] &^ (2<<(r&63) - 1)
	for c > 0 {
		if m == 0 {
			if k++; k >= len(set) {
				return r
			}
			m = set[k]
			continue
		}
		r = k<<6 | bits.TrailingZeros64(m)
		m &= m - 1
		c--
	}
	return r
}

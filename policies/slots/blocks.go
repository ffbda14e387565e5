package slots

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/schedsim/schedsim/model/slot"
)

// The blocks sweep serves the criteria that compare blocks of n
// candidates consecutive in cost order (BlockCriterion: the replication's
// similarity) as the ranked sweep serves the built-in ones, with the same
// windows in the same tie orders as the general sweep (run). When no two
// nodes that suit the job cost the same, the candidates in cost order
// are their ranks in the fixed order of the costs, so the set is a bit
// set of ranks (ranked.go: admission sets a bit, expiry clears one, no
// sorted insertion and no memmove), and a block is named by its ranks.
// A block of the same ranks scores the same at every start, so a pick
// needs only the blocks that were not blocks at the previous pick: those
// holding a rank that joined since, or two neighbours between which a
// rank of the previous pick's set has gone. The set at the previous pick
// is kept (a copy of a few words), so these are found from the ranks
// that joined and went, not from stamps on the candidates; a rank that
// went and came back between two picks makes blocks of the same ranks,
// which score as before and are skipped. The criteria are handed only
// the candidates of the fresh blocks, a few times n, unless one asks for
// all (its first pick, or WholeAt).

// span is a run of consecutive candidates by its first and last ranks.
type span struct{ lo, hi int }

// blocksTable returns the rank table of the blocks sweep for a scan of
// crits with the node fits fits and hints h, nil when the sweep does not
// apply: a criterion that is no BlockCriterion using the fresh blocks, a
// probe, bounds on the starts, a ScanEach, or two suiting nodes of equal
// cost.
func (s *Searcher) blocksTable(l *slot.List, crits []Criterion, fits []nodeFit, h hints) *rankTable {
	if h.probe || s.each != nil || h.bounded && !(math.IsInf(h.pickFrom, -1) && math.IsInf(h.pickTo, 1)) {
		return nil
	}
	s.blockCrits = s.blockCrits[:0]
	for _, c := range crits {
		b, ok := c.(BlockCriterion)
		if !ok || !b.UsesFresh() {
			return nil
		}
		s.blockCrits = append(s.blockCrits, b)
	}
	t := &s.blockRank
	if !t.rankByCost(fits, s.priceOrder(l)) {
		return nil
	}
	t.kind = rankedBlocks
	return t
}

// runBlocks is run for the criteria s.blockCrits on the rank table t:
// the same tests in the same order, on the bit set of the candidates'
// ranks (those of runRanked), and a pick after every admission that
// leaves n candidates or more.
func (w *sweep) runBlocks(l *slot.List, t *rankTable, first int) error {
	s := w.s
	minRt, fits, nodes := w.h.minRuntime, w.fits, len(l.Nodes)
	s.rset = slices.Grow(s.rset[:0], t.words)[:t.words]
	clear(s.rset)
	s.rprev = slices.Grow(s.rprev[:0], t.words)[:t.words]
	clear(s.rprev)
	s.rslot = slices.Grow(s.rslot[:0], len(t.rt))[:len(t.rt)]
	s.rlive = s.rlive[:0]
	set := s.rset
	count := 0
	slots := l.Slots
	for i := first; i < len(slots); i++ {
		sl := &slots[i]
		if sl.Start+minRt > sl.End {
			continue // too short on every node that suits the job
		}
		if sl.Node < 0 || sl.Node >= nodes {
			return fmt.Errorf("%w: slot on node %d, the list has %d nodes", slot.ErrInvalidList, sl.Node, nodes)
		}
		f := &fits[sl.Node]
		if !f.ok || !(sl.Start+f.runtime <= sl.End) {
			continue // the node does not suit the job, or the slot is too short on it
		}
		start := sl.Start
		if count > 0 && start >= w.minDeadline-1e-9*(1+math.Abs(w.minDeadline)) {
			count -= w.expireRanked(t, start)
		}
		r := t.rankOf[sl.Node]
		word, bit := r>>6, uint64(1)<<(r&63)
		if set[word]&bit != 0 {
			continue // an overlapping slot of a node already in use: invalid list, keep the first
		}
		set[word] |= bit
		s.rslot[r] = *sl
		count++
		w.deadline(r, sl.End-f.runtime)
		if count >= w.n && w.pickBlocks(t, start) {
			break
		}
	}
	return nil
}

// pickBlocks is Searcher.pick for the criteria s.blockCrits at start:
// each undecided criterion picks among the fresh blocks by their costs
// and runtimes (PickRuns), or from every candidate through PickFresh when one asks
// for all (its first pick, or WholeAt). It reports whether the scan may
// stop.
func (w *sweep) pickBlocks(t *rankTable, start float64) bool {
	s, out, n := w.s, w.out, w.n
	whole := false
	for k, c := range s.blockCrits {
		if !s.done[k] && (!s.picked[k] || c.WholeAt(start)) {
			whole = true
		}
	}
	if !whole && !w.box.valid {
		w.box = s.unionBox(t, n)
	}
	w.freshRuns(!whole)
	copy(s.rprev, s.rset)
	var cands []Candidate
	var fresh []int
	if whole {
		cands, fresh = w.wholeCands(t)
	} else if len(s.rspans) == 0 {
		return false // no fresh block can be picked
	} else if w.freshCands(t); len(s.fresh) == 0 {
		return false // nor inside the box
	}
	for k, c := range s.blockCrits {
		if s.done[k] {
			continue
		}
		var score float64
		var ok bool
		var chosen []int
		if whole {
			f := fresh
			if !s.picked[k] {
				f = nil // the first pick compares every block
			}
			score, chosen, ok = c.PickFresh(start, n, w.budget, cands, s.buf, f)
			if cap(chosen) > cap(s.buf) {
				s.buf = chosen[:0]
			}
		} else {
			var at int
			if score, at, ok = c.PickRuns(start, w.budget, n, s.rcost, s.rrt, s.fresh); ok {
				cands = s.rcands[:0]
				for _, r := range s.rord[at : at+n] {
					cands = append(cands, Candidate{Slot: s.rslot[r], Runtime: t.rt[r], Cost: t.cost[r]})
				}
				s.rcands = cands
				chosen = s.buf[:0]
				for i := range n {
					chosen = append(chosen, i)
				}
				s.buf = chosen[:0]
			}
		}
		s.picked[k] = true
		if ok {
			w.box.valid = false // the criterion's box has shrunk
		}
		if !ok || out[k].Found && !(score < out[k].Score) {
			continue
		}
		out[k].Found, out[k].Score = true, score
		s.bestStart[k] = start
		bc := s.bestCands[k][:0]
		for _, i := range chosen {
			bc = append(bc, cands[i])
		}
		s.bestCands[k] = bc
		if c.StopAtFirst() || score <= s.floor[k] {
			s.done[k] = true
			w.remaining--
		}
	}
	for k, f := range s.fin {
		if f != nil && !s.done[k] && f.Finished() {
			s.done[k] = true
			w.remaining--
		}
	}
	return w.remaining == 0
}

// freshRuns sets s.rspans to the runs of candidates whose every block is
// fresh, by their first and last ranks, ascending: each rank that joined
// or went since the last pick, in rank order, gives n − 1 candidates
// before it and n − 1 after (a joined rank: and itself between), so
// that each block of the run holds it or spans its gap. Runs that
// overlap are merged (the blocks between are then taken as fresh too,
// which changes no pick).
func (w *sweep) freshRuns(filter bool) {
	s, n := w.s, w.n
	set, prev := s.rset, s.rprev
	runs := s.rspans[:0]
	filter = filter && n >= 2
	a, b := w.box.a, w.box.b
	belowA, belowB := -1, -1 // the candidates below a and b, once counted
	for k := range set {
		for m := set[k] ^ prev[k]; m != 0; m &= m - 1 {
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
// margin of the test.
func (w *sweep) freshCands(t *rankTable) {
	s, n, set := w.s, w.n, w.s.rset
	cLo, cHi, tLo, tHi := w.box.costLo, w.box.costHi, w.box.rtLo, w.box.rtHi
	s.rord, s.rcost, s.rrt, s.fresh = s.rord[:0], s.rcost[:0], s.rrt[:0], s.fresh[:0]
	run := s.rsel[:0]
	for _, sp := range s.rspans {
		run = appendRanks(run[:0], set, sp)
		var sc, st, total float64
		cost, rt := t.cost, t.rt
		for i, r := range run {
			sc += cost[r]
			st += rt[r]
			total += cost[r] + rt[r]
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
	s.rsel = run
}

// appendRanks appends the ranks of set from sp.lo to sp.hi to run.
func appendRanks(run []int32, set []uint64, sp span) []int32 {
	for k := sp.lo >> 6; k <= sp.hi>>6; k++ {
		m := set[k]
		if k == sp.lo>>6 {
			m &^= 1<<(sp.lo&63) - 1
		}
		if k == sp.hi>>6 {
			m &= 2<<(sp.hi&63) - 1 // (all ones when hi&63 = 63)
		}
		for ; m != 0; m &= m - 1 {
			run = append(run, int32(k<<6|bits.TrailingZeros64(m)))
		}
	}
	return run
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
func (w *sweep) wholeCands(t *rankTable) ([]Candidate, []int) {
	s, n, set := w.s, w.n, w.s.rset
	cands, fresh := s.rcands[:0], s.fresh[:0]
	for k, word := range set {
		for m := word; m != 0; m &= m - 1 {
			r := k<<6 | bits.TrailingZeros64(m)
			cands = append(cands, Candidate{Slot: s.rslot[r], Runtime: t.rt[r], Cost: t.cost[r]})
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

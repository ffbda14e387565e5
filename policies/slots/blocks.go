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
// the fresh blocks inside their boxes (see BlockCriterion.Box), unless
// one asks for all the candidates (its first pick, or WholeStart). This
// file holds the sweep and its picks, blocks_fresh.go the fresh blocks.

// blocksTable returns the rank table of the blocks sweep for a scan of
// crits with the node fits fits and hints h, nil when the sweep does not
// apply: a criterion that is no BlockCriterion using the fresh blocks, a
// probe, bounds on the starts, a ScanEach, or two suiting nodes of equal
// cost. own says that fits are the Searcher's (nodeFits), so that the
// table made from them for an earlier scan serves again (fitsMemo).
func (s *Searcher) blocksTable(l *slot.List, crits []Criterion, fits []nodeFit, h hints, own bool) *rankTable {
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
	t, m := &s.blockRank, &s.fitsFor
	if !own || m.rank == 0 {
		m.rank = -1
		if t.rankByCost(fits, s.priceOrder(l)) {
			t.kind, m.rank = rankedBlocks, 1
		}
		rank := m.rank
		if !own {
			m.rank = 0 // the table is not of the Searcher's fits
		}
		if rank < 0 {
			return nil
		}
	}
	if m.rank < 0 {
		return nil
	}
	return t
}

// runBlocks is run for the criteria s.blockCrits on the rank table t:
// the same tests in the same order, on the bit set of the candidates'
// ranks (those of runRanked), and a pick after every admission that
// leaves n candidates or more, unless that admission is all that changed
// since the last pick and its blocks lie outside the box (skipsPick).
func (w *sweep) runBlocks(l *slot.List, t *rankTable, first int) error {
	s := w.s
	minRt, fits, nodes := w.h.minRuntime, w.fits, len(l.Nodes)
	s.rset = slices.Grow(s.rset[:0], t.words)[:t.words]
	clear(s.rset)
	s.rprev = slices.Grow(s.rprev[:0], t.words)[:t.words]
	clear(s.rprev)
	w.dl.reset(s, len(t.rt), l, first)
	s.wholeAt = s.wholeAt[:0]
	for _, c := range s.blockCrits {
		s.wholeAt = append(s.wholeAt, c.WholeStart())
	}
	set := s.rset
	count, admits, gone := 0, 0, false // admissions and expiries since the last pick
	slots := l.Slots
scan:
	for base := first; base < len(slots); base += 64 {
		q := slots[base:min(len(slots), base+64)]
		for m := fitting(q, usableSlots(q, minRt), fits, nodes); m != 0; m &= m - 1 {
			i := base + bits.TrailingZeros64(m)
			sl := &slots[i]
			if sl.Node < 0 || sl.Node >= nodes {
				return fmt.Errorf("%w: slot on node %d, the list has %d nodes", slot.ErrInvalidList, sl.Node, nodes)
			}
			f := &fits[sl.Node]
			start := sl.Start
			if count > 0 && start >= w.minDeadline { // (see expireRanked)
				if k := w.expireRanked(t, start); k > 0 {
					count, gone = count-k, true
				}
			}
			r := t.rankOf[sl.Node]
			word, bit := r>>6, uint64(1)<<(r&63)
			if set[word]&bit != 0 {
				continue // an overlapping slot of a node already in use: invalid list, keep the first
			}
			set[word] |= bit
			count, admits = count+1, admits+1
			w.admitRank(r, i, sl, f.runtime)
			if count < w.n {
				continue
			}
			if admits == 1 && !gone && w.skipsPick(r, start) {
				s.rprev[word] |= bit // the set of the pick skipped
				admits = 0
				continue
			}
			admits, gone = 0, false
			if w.pickBlocks(t, start, slots) {
				break scan
			}
		}
	}
	return nil
}

// skipsPick reports whether the pick at start after the admission of
// rank r, the one change since the last pick, would find no fresh block
// to hand the criteria: no criterion asks for every candidate there, the
// box is the one of the last pick, and freshRuns's rank test puts every
// block holding r below or above it. The pick would then only have made
// s.rprev the set.
func (w *sweep) skipsPick(r int32, start float64) bool {
	s, n, x := w.s, w.n, &w.box
	if n < 2 || !x.valid || w.wholePick(start) {
		return false
	}
	set, ri := s.rset, int(r)
	if ri+1 < x.a && countBelow(set, int32(x.a))-countBelow(set, r+1) >= n-1 {
		return true
	}
	return ri > x.b && countBelow(set, r)-countBelow(set, int32(x.b)) >= n-1
}

// wholePick reports whether an undecided criterion asks for every
// candidate at start: its first pick, or its WholeStart.
func (w *sweep) wholePick(start float64) bool {
	s := w.s
	for k, at := range s.wholeAt {
		if !s.done[k] && (!s.picked[k] || start == at) {
			return true
		}
	}
	return false
}

// pickBlocks is Searcher.pick for the criteria s.blockCrits at start:
// each undecided criterion picks among the fresh blocks by their costs
// and runtimes (PickRuns), or from every candidate through PickFresh
// when one asks for all (its first pick, or WholeStart). It reports whether
// the scan may stop.
func (w *sweep) pickBlocks(t *rankTable, start float64, slots []slot.Slot) bool {
	s, out, n := w.s, w.out, w.n
	whole := w.wholePick(start)
	if !whole && !w.box.valid {
		w.box = s.unionBox(t, n)
	}
	w.freshRuns(!whole)
	var cands []Candidate
	var fresh []int
	if whole {
		cands, fresh = w.wholeCands(t, slots)
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
					cands = append(cands, Candidate{Slot: slots[s.rcand[r].slot], Runtime: t.rt[r], Cost: t.cost[r]})
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

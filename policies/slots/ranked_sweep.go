package slots

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/schedsim/schedsim/model/slot"
)

// runRanked is run for the job of table t (t.kind ≠ rankedNone), without
// a probe, bounds or ScanEach: the same tests in the same order, on the
// bit set of the candidates' ranks.
func (w *sweep) runRanked(l *slot.List, t *rankTable, first int) error {
	s := w.s
	minRt, fits, nodes := w.h.minRuntime, w.fits, len(l.Nodes)
	s.rset = slices.Grow(s.rset[:0], t.words)[:t.words]
	clear(s.rset)
	w.dl.reset(s, len(t.rt), l, first)
	s.rtset = slices.Grow(s.rtset[:0], t.words)[:t.words]
	clear(s.rtset)
	set := s.rset
	w.beatAt = math.NaN()
	fast := t.kind == rankedRuntime || t.kind == rankedFinish
	count, admits, added, expired := 0, 0, int32(-1), false
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
					count, expired = count-k, true
				}
			}
			r := t.rankOf[sl.Node]
			word, bit := r>>6, uint64(1)<<(r&63)
			if set[word]&bit != 0 {
				continue // an overlapping slot of a node already in use: invalid list, keep the first
			}
			set[word] |= bit
			if fast {
				p := t.rtPos[r]
				s.rtset[p>>6] |= 1 << (p & 63)
			}
			count, admits, added = count+1, admits+1, r
			w.admitRank(r, i, sl, f.runtime)
			if count < w.n {
				continue
			}
			one := int32(-1) // the one candidate that joined since the last pick, if nothing else changed
			if admits == 1 && !expired {
				one = added
			}
			admits, expired = 0, false
			if w.pickRanked(t, start, one) {
				break scan
			}
		}
	}
	if w.out[0].Found {
		bc := s.bestCands[0][:0]
		for k, r := range s.rbest {
			bc = append(bc, Candidate{Slot: slots[s.rbestSlot[k]], Runtime: t.rt[r], Cost: t.cost[r]})
		}
		s.bestCands[0] = bc
	}
	return nil
}

// pickRanked is Searcher.pick for the one criterion of t at start; one
// is the rank of the one candidate that joined since the last pick when
// nothing else changed, −1 otherwise. It reports whether the scan may
// stop.
func (w *sweep) pickRanked(t *rankTable, start float64, one int32) bool {
	s, out, n := w.s, &w.out[0], w.n
	set := s.rset
	kept := s.rkept[:0]
	var score float64
	ok := false
	switch t.kind {
	case rankedStart, rankedCost:
		if t.kind == rankedCost && one >= 0 && s.picked[0] && countBelow(set, one) >= n {
			return false // the n cheapest are the last pick's (see Searcher.pick)
		}
		s.picked[0] = true
		sum := 0.0
		for k, word := range set {
			for m := word; m != 0 && len(kept) < n; m &= m - 1 {
				r := int32(k<<6 | bits.TrailingZeros64(m))
				kept = append(kept, r)
				sum += t.cost[r]
			}
		}
		ok, score = sum <= w.budget, sum
		if t.kind == rankedStart {
			score = start
		}
	default:
		best := math.NaN()
		if out.Found {
			best = out.Score
			switch beat, ever := w.canBeatRanked(t, start, best); {
			case !ever: // nor at any later start: the sweep is over
				s.done[0] = true
				w.remaining--
				return w.remaining == 0
			case !beat:
				return false
			}
		}
		kept, score, ok = w.pickBelowRanked(t, start, best, kept)
	}
	s.rkept = kept
	if !ok || out.Found && !(score < out.Score) {
		return false
	}
	out.Found, out.Score = true, score
	s.bestStart[0] = start
	s.rbest, s.rbestSlot = append(s.rbest[:0], kept...), s.rbestSlot[:0]
	for _, r := range kept { // (runRanked makes the candidates once the sweep is over)
		s.rbestSlot = append(s.rbestSlot, s.rcand[r].slot)
	}
	if t.kind == rankedStart || score <= s.floor[0] {
		s.done[0] = true
		w.remaining--
	}
	return w.remaining == 0
}

// canBeatRanked is fastest.canBeat: whether n candidates run shorter than
// best (finish: than best − start), those in a prefix of the runtime
// order. ever is false when fewer than n suiting nodes do: no window at
// this start or a later one can then beat best (best − start only falls
// as the start grows, and a window's n distinct nodes score at least the
// n-th least runtime), so the sweep may stop, as the floors stop it.
func (w *sweep) canBeatRanked(t *rankTable, start, best float64) (beat, ever bool) {
	if t.kind == rankedFinish {
		best -= start
	}
	lo := w.beatLo
	if !(best == w.beatAt) { // the best changes seldom (the finish's bound: at each start)
		hi := len(t.rtOf)
		for lo = 0; lo < hi; {
			m := int(uint(lo+hi) >> 1)
			if t.rtOf[m] < best {
				lo = m + 1
			} else {
				hi = m
			}
		}
		w.beatAt, w.beatLo = best, lo
	}
	if lo < w.n {
		return false, false
	}
	return countBelow(w.s.rtset, int32(lo)) >= w.n, true
}

// pickBelowRanked is fastest.pickBelow: the candidates that score below
// best (all when best is NaN) in (runtime, cost) order, the n cheapest so
// far kept, until they fit the budget.
func (w *sweep) pickBelowRanked(t *rankTable, start, best float64, kept []int32) ([]int32, float64, bool) {
	finish, n := t.kind == rankedFinish, w.n
	for k, word := range w.s.rtset {
		for m := word; m != 0; m &= m - 1 {
			i := k<<6 | bits.TrailingZeros64(m)
			rt := t.rtOf[i]
			score := rt
			if finish {
				score = start + rt
			}
			if !(score < best) && !math.IsNaN(best) {
				return kept[:0], 0, false // the rest score no less (the order is by runtime)
			}
			kept = append(kept, t.byRt[i])
			if len(kept) > n { // drop the most expensive
				worst := 0
				for k := 1; k < len(kept); k++ {
					if t.cost[kept[k]] >= t.cost[kept[worst]] {
						worst = k
					}
				}
				kept = append(kept[:worst], kept[worst+1:]...)
			}
			if len(kept) < n {
				continue
			}
			// the longest runtime by math.Max's fold: runtimes are > 0
			sum, longest := 0.0, 0.0
			for _, k := range kept {
				sum += t.cost[k]
				if t.rt[k] > longest {
					longest = t.rt[k]
				}
			}
			if sum <= w.budget {
				if finish {
					return kept, start + longest, true
				}
				return kept, longest, true
			}
		}
	}
	return kept[:0], 0, false
}

// countBelow returns the number of bits below r in set.
func countBelow(set []uint64, r int32) int {
	c, w := 0, int(r>>6)
	for k := 0; k < w && k < len(set); k++ {
		c += bits.OnesCount64(set[k])
	}
	if w < len(set) {
		c += bits.OnesCount64(set[w] & (1<<(r&63) - 1))
	}
	return c
}

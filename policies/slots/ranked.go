package slots

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/schedsim/schedsim/model/slot"
)

// The ranked sweep is the sweep of the alternatives search for one job
// searched by a built-in criterion (EarliestStart, LowestCost, or
// ShortestRuntime and EarliestFinish under a budget), with the same
// windows in the same tie orders as the general one (run), at a fraction
// of its cost.
//
// A candidate's runtime and cost depend only on its node, and a node
// has at most one candidate, so when no two nodes that suit the job cost
// the same, the candidates sorted by cost are the candidate nodes in the
// fixed order of their costs (their ranks). The set is then a bit set of
// ranks: a slot joins by setting its bit (no insertion into a sorted
// array, no memmove) and expires by clearing it; the n cheapest are its
// first n bits. A second bit set holds the same candidates by their
// place in (runtime, cost) order: "n candidates faster than the best" is
// a population count of a prefix of it, and the fastest pick walks its
// bits in order. The picks replay the built-in criteria's own
// arithmetic in their own orders. A job whose suiting nodes tie on cost
// (the general sweep orders those by admission) keeps the general sweep.

// rankedKind is the built-in criterion a rankTable serves.
type rankedKind uint8

const (
	rankedNone rankedKind = iota // the general sweep
	rankedStart
	rankedCost
	rankedRuntime
	rankedFinish
)

// rankTable holds what the ranked sweep knows of one job before it looks
// at a slot: the suiting nodes' ranks in cost order, their runtimes and
// costs, and (for the fastest criteria) the ranks in (runtime, cost)
// order.
type rankTable struct {
	kind   rankedKind
	words  int       // uint64 words of a bit set of the ranks
	rankOf []int32   // by node: its rank, −1 when it does not suit the job
	rt     []float64 // by rank: the job's runtime on the node
	cost   []float64 // by rank: the job's cost there
	byRt   []int32   // the ranks in (runtime, cost) order
	rtOf   []float64 // their runtimes
	rtPos  []int32   // by rank: its place in byRt
	order  []int32   // scratch of build
}

// build prepares t for the job whose node fits are fits, searched by c
// under budget; t.kind is rankedNone when the ranked sweep does not
// apply (another criterion, the fastest criteria without a budget, whose
// picks are incremental, or two suiting nodes of equal cost). byPrice
// and byPerf are the list's nodes by price per performance and by
// performance, descending, (see nodeOrders): a job's costs and runtimes
// are nearly in those orders, which insertion sorts then make exact.
func (t *rankTable) build(fits []nodeFit, c Criterion, budget float64, byPrice, byPerf []int32) {
	t.kind = rankedNone
	kind := rankedNone
	switch v := c.(type) {
	case earliestStart:
		kind = rankedStart
	case lowestCost:
		kind = rankedCost
	case fastest:
		if math.IsInf(budget, 1) {
			return
		}
		kind = rankedRuntime
		if v.finish {
			kind = rankedFinish
		}
	default:
		return
	}
	order := t.order[:0]
	for _, k := range byPrice {
		if fits[k].ok {
			order = append(order, k)
		}
	}
	t.order = order
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && fits[order[j]].cost < fits[order[j-1]].cost; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for i := 1; i < len(order); i++ {
		if !(fits[order[i-1]].cost < fits[order[i]].cost) {
			return // a tie: the general sweep orders it by admission
		}
	}
	t.rankOf = slices.Grow(t.rankOf[:0], len(fits))[:len(fits)]
	for k := range t.rankOf {
		t.rankOf[k] = -1
	}
	t.rt, t.cost = t.rt[:0], t.cost[:0]
	for r, node := range order {
		t.rankOf[node] = int32(r)
		t.rt = append(t.rt, fits[node].runtime)
		t.cost = append(t.cost, fits[node].cost)
	}
	t.words = (len(order) + 63) / 64
	if kind == rankedRuntime || kind == rankedFinish {
		t.byRt = t.byRt[:0]
		for _, k := range byPerf {
			if r := t.rankOf[k]; r >= 0 {
				t.byRt = append(t.byRt, r)
			}
		}
		byRt := t.byRt
		for i := 1; i < len(byRt); i++ {
			for j := i; j > 0 && t.fasterRank(byRt[j], byRt[j-1]); j-- {
				byRt[j], byRt[j-1] = byRt[j-1], byRt[j]
			}
		}
		t.rtOf = t.rtOf[:0]
		t.rtPos = slices.Grow(t.rtPos[:0], len(order))[:len(order)]
		for k, r := range byRt {
			t.rtOf = append(t.rtOf, t.rt[r])
			t.rtPos[r] = int32(k)
		}
	}
	t.kind = kind
}

// fasterRank orders ranks by runtime, then cost (lessRuntime's order:
// distinct costs leave the index unused).
func (t *rankTable) fasterRank(a, b int32) bool {
	if t.rt[a] != t.rt[b] {
		return t.rt[a] < t.rt[b]
	}
	return t.cost[a] < t.cost[b]
}

// nodeOrders returns the nodes of l by price per performance and by
// performance, descending, in the Searcher's memory: the orders of a
// job's costs (price × length / performance) and runtimes (length /
// performance) up to rounding.
func (s *Searcher) nodeOrders(l *slot.List) (byPrice, byPerf []int32) {
	byPrice, byPerf = s.byPrice[:0], s.byPerf[:0]
	for k := range l.Nodes {
		byPrice = append(byPrice, int32(k))
		byPerf = append(byPerf, int32(k))
	}
	nodes := l.Nodes
	slices.SortFunc(byPrice, func(a, b int32) int {
		return cmp.Compare(nodes[a].Price/nodes[a].Performance, nodes[b].Price/nodes[b].Performance)
	})
	slices.SortFunc(byPerf, func(a, b int32) int { return cmp.Compare(nodes[b].Performance, nodes[a].Performance) })
	s.byPrice, s.byPerf = byPrice, byPerf
	return byPrice, byPerf
}

// rankTables returns one table per job, in the Searcher's memory.
func (s *Searcher) rankTables(jobs int) []rankTable {
	for len(s.ranks) < jobs {
		s.ranks = append(s.ranks, rankTable{})
	}
	return s.ranks[:jobs]
}

// runRanked is run for the job of table t (t.kind ≠ rankedNone), without
// a probe, bounds or ScanEach: the same tests in the same order, on the
// bit set of the candidates' ranks.
func (w *sweep) runRanked(l *slot.List, t *rankTable, first int) error {
	s := w.s
	minRt, fits, nodes := w.h.minRuntime, w.fits, len(l.Nodes)
	s.rset = slices.Grow(s.rset[:0], t.words)[:t.words]
	clear(s.rset)
	s.rslot = slices.Grow(s.rslot[:0], len(t.rt))[:len(t.rt)]
	s.rdl = slices.Grow(s.rdl[:0], len(t.rt))[:len(t.rt)]
	s.rtset = slices.Grow(s.rtset[:0], t.words)[:t.words]
	clear(s.rtset)
	set, at := s.rset, s.rslot
	fast := t.kind == rankedRuntime || t.kind == rankedFinish
	count, admits, added, expired := 0, 0, int32(-1), false
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
		at[r] = *sl
		count, admits, added = count+1, admits+1, r
		d := sl.End - f.runtime
		s.rdl[r] = d
		if d < w.minDeadline {
			w.minDeadline = d
		}
		if count < w.n {
			continue
		}
		one := int32(-1) // the one candidate that joined since the last pick, if nothing else changed
		if admits == 1 && !expired {
			one = added
		}
		admits, expired = 0, false
		if w.pickRanked(t, start, one) {
			break
		}
	}
	return nil
}

// expireRanked drops the candidates too short for a window at start (the
// test of Searcher.expire), sets the least deadline of the rest and
// returns how many expired. Only a candidate whose deadline End − Runtime
// (kept by rank) is ≤ start can expire: start + Runtime > End in floating
// point implies it in real numbers, and rounding is monotone; so the
// test reads one array, and the slot only then.
func (w *sweep) expireRanked(t *rankTable, start float64) int {
	s := w.s
	set, dl := s.rset, s.rdl
	fast := t.kind == rankedRuntime || t.kind == rankedFinish
	minDeadline, expired := math.Inf(1), 0
	for k, word := range set {
		for m := word; m != 0; m &= m - 1 {
			r := k<<6 | bits.TrailingZeros64(m)
			d := dl[r]
			if d <= start && start+t.rt[r] > s.rslot[r].End {
				set[k] &^= 1 << (r & 63)
				if fast {
					p := t.rtPos[r]
					s.rtset[p>>6] &^= 1 << (p & 63)
				}
				expired++
				continue
			}
			if d < minDeadline {
				minDeadline = d
			}
		}
	}
	w.minDeadline = minDeadline
	return expired
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
	bc := s.bestCands[0][:0]
	for _, r := range kept {
		bc = append(bc, Candidate{Slot: s.rslot[r], Runtime: t.rt[r], Cost: t.cost[r]})
	}
	s.bestCands[0] = bc
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
	lo, hi := 0, len(t.rtOf)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.rtOf[m] < best {
			lo = m + 1
		} else {
			hi = m
		}
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

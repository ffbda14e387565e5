package slots

import (
	"math"
	"math/bits"
	"slices"

	"github.com/schedsim/schedsim/model/slot"
)

// The deadlines of the ranked and blocks sweeps' candidates (End −
// Runtime: a candidate can expire only once the sweep's start reaches
// it, see expireRanked) in 64 buckets of times, so that an expiry pass
// reads the candidates of the buckets the start has reached, not all of
// them. A rank has at most one candidate, so the buckets are lists
// linked through the candidates by rank (rankCand). The bucket of a time
// is a monotone function of it (a subtraction, a multiplication by a
// positive factor and a truncation, all monotone in floating point,
// clamped to [0, 63]), so a deadline in a lower bucket than the start's
// is below it, one in a higher bucket above it, and the least deadline
// lies in the lowest bucket that holds one: no pass and no least
// deadline depends on how the times fall into the buckets, only the
// reads do. (usableSlots, at the end, is the two sweeps' pass over the
// slots too short for the job.)

// rankCand is what the ranked and blocks sweeps keep of the candidate of
// a rank: the index of its slot in the list swept and the slot's End,
// its deadline (End − Runtime), and the next rank in its deadline
// bucket (−1 for none). The expiry reads the first three, which lie
// together; the slot is copied only into the windows the sweep keeps.
type rankCand struct {
	deadline, end float64
	slot          int
	next          int32
}

// deadlineBuckets are the buckets of one sweep: which hold a deadline
// (mask), the first rank of each (head, −1 when empty) and the mapping
// of times onto them.
type deadlineBuckets struct {
	mask      uint64
	head      [64]int32
	base, inv float64
}

// reset empties the buckets for a sweep of the slots of l from index
// first on, and sizes the candidates by rank of s (rcand) for ranks
// ranks. The bucket of a time t is ⌊(t − a) · 63 / (b − a)⌋, clamped,
// where a and b are the first and the last start the sweep can meet:
// deadlines after b, which no start of the sweep reaches, share the top
// bucket.
func (q *deadlineBuckets) reset(s *Searcher, ranks int, l *slot.List, first int) {
	q.mask, q.base, q.inv = 0, 0, 0
	for b := range q.head {
		q.head[b] = -1
	}
	s.rcand = slices.Grow(s.rcand[:0], ranks)[:ranks]
	if first >= len(l.Slots) {
		return
	}
	q.base = l.Slots[first].Start
	if span := l.Slots[len(l.Slots)-1].Start - q.base; span > 0 {
		q.inv = 63 / span
	}
}

// bucket returns the bucket of time d.
func (q *deadlineBuckets) bucket(d float64) int {
	x := (d - q.base) * q.inv
	if !(x >= 0) { // below the first start, or NaN
		return 0
	}
	if x >= 63 {
		return 63
	}
	return int(x)
}

// admitRank records the candidate of rank r, which has just joined: its
// slot, slots[i], whose job's runtime there is rt; its deadline in the
// buckets, and the earliest deadline.
func (w *sweep) admitRank(r int32, i int, sl *slot.Slot, rt float64) {
	q := &w.dl
	d := sl.End - rt
	b := q.bucket(d)
	w.s.rcand[r] = rankCand{deadline: d, end: sl.End, slot: i, next: q.head[b]}
	q.head[b] = r
	q.mask |= 1 << b
	if d < w.minDeadline {
		w.minDeadline = d
	}
}

// expireRanked drops the candidates too short for a window at start (the
// test of Searcher.expire), sets the least deadline of the rest and
// returns how many expired. Only a candidate whose deadline End − Runtime
// is ≤ start can expire: start + Runtime > End in floating point implies
// it in real numbers, and rounding is monotone; so the test reads the
// deadline, and the slot only then. The pass reads the buckets up to the
// start's (the others hold deadlines above it), and the least deadline
// of the rest from the lowest bucket that holds one. The sweeps call it
// at a start ≥ the least deadline only, without the general sweep's
// margin (run): a candidate that expires at a start has its deadline ≤
// it, and a pass at a start that no deadline reached would drop none.
func (w *sweep) expireRanked(t *rankTable, start float64) int {
	q, s := &w.dl, w.s
	set, rc := s.rset, s.rcand
	fast := t.kind == rankedRuntime || t.kind == rankedFinish
	expired := 0
	upTo := q.mask & (2<<q.bucket(start) - 1) // (all ones for bucket 63)
	for ; upTo != 0; upTo &= upTo - 1 {
		b := bits.TrailingZeros64(upTo)
		p := &q.head[b]
		for r := *p; r >= 0; r = *p {
			c := &rc[r]
			if c.deadline <= start && start+t.rt[r] > c.end {
				*p = c.next
				set[r>>6] &^= 1 << (r & 63)
				if fast {
					k := t.rtPos[r]
					s.rtset[k>>6] &^= 1 << (k & 63)
				}
				expired++
				continue
			}
			p = &c.next
		}
		if q.head[b] < 0 {
			q.mask &^= 1 << b
		}
	}
	w.minDeadline = q.least(rc)
	return expired
}

// least returns the least deadline in the buckets, +Inf when they hold
// none (a NaN, which no comparison puts first, is passed over, as
// Searcher.expire passes over it).
func (q *deadlineBuckets) least(rc []rankCand) float64 {
	m := math.Inf(1)
	for rest := q.mask; rest != 0 && math.IsInf(m, 1); rest &= rest - 1 {
		for r := q.head[bits.TrailingZeros64(rest)]; r >= 0; r = rc[r].next {
			if d := rc[r].deadline; d < m {
				m = d
			}
		}
	}
	return m
}

// usableSlots returns the slots of q (at most 64) that are not too short
// for a job whose least runtime is minRt, bit k for q[k]: too short is
// Start + minRt > End, too short on every node that suits the job. The
// ranked and blocks sweeps pass over most slots so, 64 at a time, before
// their loops of many registers. The test sets a bit rather than
// branching: which slots are too short varies slot by slot, and a branch
// on it was mispredicted often. (A call per 64 slots: inlined in the
// sweeps' loops, a one-at-a-time form of this pass kept its values on
// the stack, about 20 instructions a slot against 15 in a call.)
func usableSlots(q []slot.Slot, minRt float64) uint64 {
	var m uint64 // the slots too short
	k := 0
	for ; k+4 <= len(q); k += 4 { // four at a time: one shift by k
		g := q[k : k+4 : k+4]
		m |= (short(&g[0], minRt) | short(&g[1], minRt)<<1 | short(&g[2], minRt)<<2 | short(&g[3], minRt)<<3) << (k & 63)
	}
	for ; k < len(q); k++ {
		m |= short(&q[k], minRt) << (k & 63)
	}
	if len(q) < 64 {
		return ^m & (1<<len(q) - 1)
	}
	return ^m
}

// short is 1 when sl is too short for a job whose least runtime is
// minRt, 0 when it is not (see usableSlots).
func short(sl *slot.Slot, minRt float64) uint64 {
	if sl.Start+minRt > sl.End {
		return 1
	}
	return 0
}

// fitting returns the slots of m (bit k for q[k]) that the job can use on
// their own node: the node suits it and the slot is not too short there
// (fits, by node). A slot on a node outside the list's nodes keeps its
// bit, for the sweep to report. As in usableSlots, each test sets a flag
// rather than branching: about half the slots long enough for the
// fastest node are too short on their own.
func fitting(q []slot.Slot, m uint64, fits []nodeFit, nodes int) uint64 {
	var keep uint64
	for ; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m)
		sl := &q[k]
		b := uint64(1)
		if uint(sl.Node) < uint(nodes) && uint(sl.Node) < uint(len(fits)) {
			f := &fits[sl.Node]
			b = flag(f.ok) & flag(sl.Start+f.runtime <= sl.End)
		}
		keep |= b << k
	}
	return keep
}

// flag is 1 for true, 0 for false.
func flag(c bool) uint64 {
	if c {
		return 1
	}
	return 0
}

package anticipation

import (
	"math"

	"github.com/schedsim/schedsim/policies/slots"
)

// seen remembers the candidates of a criterion's previous pick in one
// scan as a list linked by node (a scan has at most one candidate per
// node), so that the next pick can tell which blocks of consecutive
// candidates it compared before. A candidate is the same when its node
// had a slot with the same start then: a slot that expires never comes
// back in a scan, so a node's entry with that start means the slot has
// been a candidate ever since. Its memory is kept across searches; a new
// search forgets by moving to a new stamp.
type seen struct {
	stamp uint32   // of the current search
	at    []uint32 // per node: the stamp of the search that noted it
	start []float64
	next  []int32 // per node: the node of the next candidate, −1 at the end
	old   []bool  // diff's result: block j compared before
}

// forget starts a new search: no candidate was seen.
func (s *seen) forget() {
	s.stamp++
	if s.stamp == math.MaxUint32 {
		clear(s.at)
		s.stamp = 1
	}
}

// member reports whether cd was a candidate of the previous pick.
func (s *seen) member(cd *slots.Candidate) bool {
	return s.at[cd.Slot.Node] == s.stamp && s.start[cd.Slot.Node] == cd.Slot.Start
}

// diff returns, for every block of n consecutive candidates (by its
// first one), whether the previous pick had the same candidates
// consecutive too, and remembers cands as the previous pick (writing
// only what changed: new candidates and new successors).
func (s *seen) diff(cands []slots.Candidate, n int) []bool {
	s.growFor(cands)
	s.old = s.old[:0]
	chain := 0 // candidates ending at k that were consecutive before
	prev := int32(-1)
	for k := range cands {
		node := int32(cands[k].Slot.Node)
		switch {
		case s.at[node] != s.stamp || s.start[node] != cands[k].Slot.Start:
			s.at[node], s.start[node] = s.stamp, cands[k].Slot.Start
			chain = 0
		case chain > 0 && s.next[prev] == node:
			chain++
		default:
			chain = 1
		}
		if prev >= 0 {
			s.next[prev] = node
		}
		prev = node
		if k >= n-1 {
			s.old = append(s.old, chain >= n)
		}
	}
	if prev >= 0 {
		s.next[prev] = -1
	}
	return s.old
}

// added remembers cands as the previous pick when they are the previous
// pick's candidates with one more at index a.
func (s *seen) added(cands []slots.Candidate, a int) {
	s.growFor(cands[a : a+1])
	s.set(cands, a)
	if a > 0 {
		s.next[cands[a-1].Slot.Node] = int32(cands[a].Slot.Node)
	}
}

// set notes candidate k of cands with its successor.
func (s *seen) set(cands []slots.Candidate, k int) {
	node := cands[k].Slot.Node
	s.at[node], s.start[node], s.next[node] = s.stamp, cands[k].Slot.Start, -1
	if k+1 < len(cands) {
		s.next[node] = int32(cands[k+1].Slot.Node)
	}
}

// growFor makes room for the nodes of cands.
func (s *seen) growFor(cands []slots.Candidate) {
	top := 0
	for _, cd := range cands {
		top = max(top, cd.Slot.Node+1)
	}
	if len(s.at) < top {
		s.at = append(s.at, make([]uint32, top-len(s.at))...)
		s.start = append(s.start, make([]float64, top-len(s.start))...)
		s.next = append(s.next, make([]int32, top-len(s.next))...)
	}
}

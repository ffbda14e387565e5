package anticipation

import (
	"math"

	"github.com/schedsim/schedsim/policies/slots"
)

// seen remembers the candidates of a criterion's previous pick in one
// scan (by node: a scan has at most one candidate per node), so that the
// next pick can tell which blocks of consecutive candidates it compared
// before. Its memory is kept across searches; a new search forgets
// by moving to a new stamp.
type seen struct {
	stamp uint32   // of the previous pick; stamp+1 is the current one
	at    []uint32 // per node: the stamp of the pick that had it
	start []float64
	next  []int32 // per node: the node of the next candidate then, −1 at the end
	run   []bool  // diff's result: block j compared before
}

// forget starts a new search: no candidate was seen.
func (s *seen) forget() { s.bump() }

// bump moves to a new stamp, clearing the marks when the counter wraps.
func (s *seen) bump() {
	s.stamp++
	if s.stamp == math.MaxUint32 {
		clear(s.at)
		s.stamp = 1
	}
}

// grow makes room for node numbers below n.
func (s *seen) grow(n int) {
	if len(s.at) < n {
		s.at = append(s.at, make([]uint32, n-len(s.at))...)
		s.start = append(s.start, make([]float64, n-len(s.start))...)
		s.next = append(s.next, make([]int32, n-len(s.next))...)
	}
}

// diff returns, for every block of n consecutive candidates (by its
// first one), whether the previous pick had the same candidates
// consecutive too, and remembers cands as the previous pick. A candidate
// is the same when its node had the slot with the same start (a scan
// sees one slot per node at a time, and a list's slots of one node do
// not overlap).
func (s *seen) diff(cands []slots.Candidate, n int) []bool {
	prev := s.stamp
	s.growFor(cands)
	s.run = s.run[:0]
	chain := 0 // candidates ending at k that were consecutive before
	for k, cd := range cands {
		node := cd.Slot.Node
		switch {
		case s.at[node] != prev || s.start[node] != cd.Slot.Start:
			chain = 0
		case k > 0 && chain > 0 && s.next[cands[k-1].Slot.Node] == int32(node):
			chain++
		default:
			chain = 1
		}
		if k >= n-1 {
			s.run = append(s.run, chain >= n)
		}
	}
	s.note(cands)
	return s.run
}

// note remembers cands as the previous pick.
func (s *seen) note(cands []slots.Candidate) {
	s.growFor(cands)
	s.bump()
	for k, cd := range cands {
		node := cd.Slot.Node
		s.at[node], s.start[node], s.next[node] = s.stamp, cd.Slot.Start, -1
		if k+1 < len(cands) {
			s.next[node] = int32(cands[k+1].Slot.Node)
		}
	}
}

// growFor makes room for the nodes of cands.
func (s *seen) growFor(cands []slots.Candidate) {
	top := 0
	for _, cd := range cands {
		top = max(top, cd.Slot.Node+1)
	}
	s.grow(top)
}

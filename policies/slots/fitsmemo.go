package slots

import (
	"math"

	"github.com/schedsim/schedsim/model/slot"
)

// fitsMemo says what the Searcher's node fits (Searcher.fits) were made
// for: a request, its limits and the nodes' performances and prices,
// and whether the blocks sweep's rank table (Searcher.blockRank) was
// made from them since. A scan whose job, limits and nodes are the same
// takes both as they are: the replication searches each job once per
// distance, on lists of the same nodes, one search after the other.
type fitsMemo struct {
	valid bool
	r     slot.Request
	lim   Limits
	nodes []uint64 // the bits of each node's performance, price and base price
	minRt float64  // minRuntime of the fits
	// rank is 1 when blockRank ranks these fits, −1 when rankByCost
	// found a tie among them, 0 when it has not looked at them
	rank int8
}

// nodeFits returns the fit of every node of l for r under lim (the node
// is fast enough, its price is within the per-slot limit and the price
// factor, and the job's cost there within the budget) and their least
// runtime (minRuntime), in the Searcher's memory: made again only when
// the request, the limits or the nodes differ from the last call's.
func (s *Searcher) nodeFits(l *slot.List, r slot.Request, lim Limits) ([]nodeFit, float64) {
	m := &s.fitsFor
	if m.valid && m.r == r && m.lim == lim && m.sameNodes(l.Nodes) {
		return s.fits, m.minRt
	}
	s.fits = appendNodeFits(s.fits[:0], l, r, lim)
	m.valid, m.r, m.lim, m.minRt, m.rank = true, r, lim, minRuntime(s.fits), 0
	m.nodes = m.nodes[:0]
	for k := range l.Nodes {
		nd := &l.Nodes[k]
		m.nodes = append(m.nodes, math.Float64bits(nd.Performance), math.Float64bits(nd.Price), math.Float64bits(nd.BasePrice))
	}
	return s.fits, m.minRt
}

// sameNodes reports whether nodes have the performances and prices, bit
// for bit, that the fits were made for.
func (m *fitsMemo) sameNodes(nodes []slot.Node) bool {
	if len(m.nodes) != 3*len(nodes) {
		return false
	}
	for k := range nodes {
		nd, b := &nodes[k], m.nodes[3*k:3*k+3]
		if math.Float64bits(nd.Performance) != b[0] || math.Float64bits(nd.Price) != b[1] || math.Float64bits(nd.BasePrice) != b[2] {
			return false
		}
	}
	return true
}

package slots

import (
	"cmp"
	"slices"

	"github.com/schedsim/schedsim/model/slot"
)

// The ranked sweep is the sweep of the alternatives search for one job
// searched by a built-in criterion (EarliestStart, LowestCost, or
// ShortestRuntime and EarliestFinish), with the same
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
// This file holds each job's table; ranked_sweep.go the sweep.

// rankedKind is the built-in criterion a rankTable serves.
type rankedKind uint8

const (
	rankedNone rankedKind = iota // the general sweep
	rankedStart
	rankedCost
	rankedRuntime
	rankedFinish
	rankedBlocks // BlockCriterion: the blocks sweep (blocks.go)
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

// build prepares t for the job whose node fits are fits, searched by c;
// t.kind is rankedNone when the ranked sweep does not
// apply (another criterion, or two suiting nodes of equal cost). The
// fastest criteria without a budget take it too: their pick, the n
// fastest, is the first n bits of the runtime order (their incremental
// pick in the general sweep cost more in the sweep's sorted insertions
// and expiries than in the pick). byPrice
// and byPerf are the list's nodes by price per performance and by
// performance, descending, (see nodeOrders): a job's costs and runtimes
// are nearly in those orders, which insertion sorts then make exact.
func (t *rankTable) build(fits []nodeFit, c Criterion, byPrice, byPerf []int32) {
	t.kind = rankedNone
	kind := rankedNone
	switch v := c.(type) {
	case earliestStart:
		kind = rankedStart
	case lowestCost:
		kind = rankedCost
	case fastest:
		kind = rankedRuntime
		if v.finish {
			kind = rankedFinish
		}
	default:
		return
	}
	if !t.rankByCost(fits, byPrice) {
		return
	}
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
		t.rtPos = slices.Grow(t.rtPos[:0], len(t.rt))[:len(t.rt)]
		for k, r := range byRt {
			t.rtOf = append(t.rtOf, t.rt[r])
			t.rtPos[r] = int32(k)
		}
	}
	t.kind = kind
}

// rankByCost ranks the suiting nodes of fits by cost (rankOf, rt, cost,
// words), from byPrice, the nodes nearly in that order; it reports false
// when two of them cost the same. The costs and runtimes are sorted in
// place with the nodes (an insertion sort: stable, and few moves).
func (t *rankTable) rankByCost(fits []nodeFit, byPrice []int32) bool {
	order, cost, rt := t.order[:0], t.cost[:0], t.rt[:0]
	for _, k := range byPrice {
		if f := &fits[k]; f.ok {
			order, cost, rt = append(order, k), append(cost, f.cost), append(rt, f.runtime)
		}
	}
	t.order, t.cost, t.rt = order, cost, rt
	for i := 1; i < len(cost); i++ {
		for j := i; j > 0 && cost[j] < cost[j-1]; j-- {
			cost[j], cost[j-1] = cost[j-1], cost[j]
			rt[j], rt[j-1] = rt[j-1], rt[j]
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for i := 1; i < len(cost); i++ {
		if !(cost[i-1] < cost[i]) {
			return false // a tie: the general sweep orders it by admission
		}
	}
	t.rankOf = slices.Grow(t.rankOf[:0], len(fits))[:len(fits)]
	for k := range t.rankOf {
		t.rankOf[k] = -1
	}
	for r, node := range order {
		t.rankOf[node] = int32(r)
	}
	t.words = (len(order) + 63) / 64
	return true
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
	byPerf = s.byPerf[:0]
	for k := range l.Nodes {
		byPerf = append(byPerf, int32(k))
	}
	nodes := l.Nodes
	slices.SortFunc(byPerf, func(a, b int32) int { return cmp.Compare(nodes[b].Performance, nodes[a].Performance) })
	s.byPerf = byPerf
	return s.priceOrder(l), byPerf
}

// priceOrder returns the nodes of l by price per performance, in the
// Searcher's memory (see nodeOrders). The order of the previous call
// serves again while the nodes' prices and performances are the same (a
// replication searches one list's nodes job after job); it only seeds
// rankByCost's exact sort, so any order of equal ratios does.
func (s *Searcher) priceOrder(l *slot.List) []int32 {
	if s.sameNodes(l.Nodes) {
		return s.byPrice
	}
	s.orderOf = s.orderOf[:0]
	for _, nd := range l.Nodes {
		s.orderOf = append(s.orderOf, nd.Price, nd.Performance)
	}
	byPrice := s.byPrice[:0]
	for k := range l.Nodes {
		byPrice = append(byPrice, int32(k))
	}
	nodes := l.Nodes
	slices.SortFunc(byPrice, func(a, b int32) int {
		return cmp.Compare(nodes[a].Price/nodes[a].Performance, nodes[b].Price/nodes[b].Performance)
	})
	s.byPrice = byPrice
	return byPrice
}

// sameNodes reports whether nodes have the prices and performances that
// the Searcher's price order was made for.
func (s *Searcher) sameNodes(nodes []slot.Node) bool {
	if len(s.orderOf) != 2*len(nodes) || len(s.byPrice) != len(nodes) {
		return false
	}
	for k := range nodes {
		if s.orderOf[2*k] != nodes[k].Price || s.orderOf[2*k+1] != nodes[k].Performance {
			return false
		}
	}
	return true
}

// rankTables returns one table per job, in the Searcher's memory.
func (s *Searcher) rankTables(jobs int) []rankTable {
	for len(s.ranks) < jobs {
		s.ranks = append(s.ranks, rankTable{})
	}
	return s.ranks[:jobs]
}

package toporkov

import (
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/sim"
)

// Stream names of the domain generator, one per random quantity.
const (
	StreamDomainPerformance = "toporkov-domain/performance"
	StreamDomainMargin      = "toporkov-domain/margin"
	StreamOwnerLoad         = "toporkov-domain/owner-load"
	StreamOwnerSpread       = "toporkov-domain/owner-spread"
	StreamOwnerPlace        = "toporkov-domain/owner-place"
	StreamBatchNodes        = "toporkov-domain/job-nodes"
	StreamBatchLength       = "toporkov-domain/job-length"
	StreamBatchMinPerf      = "toporkov-domain/job-min-performance"
	StreamBatchPriceFactor  = "toporkov-domain/job-price-factor"
	StreamBatchCriterion    = "toporkov-domain/job-criterion"
)

// DomainGenerator produces one independent cycle after another. Each
// random quantity has a stream of its own.
type DomainGenerator struct {
	cfg                            DomainConfig
	perf, minPerf                  valueDraw
	margin                         distuv.Normal
	load, factor                   distuv.Uniform
	place, nodes, length, criteria *rand.Rand
	spread                         *rand.PCG // drawn from by pcgIntN
}

// NewDomainGenerator validates cfg and returns a generator drawing from
// the replication's streams.
func NewDomainGenerator(cfg DomainConfig, st sim.Streams) (*DomainGenerator, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &DomainGenerator{
		cfg:      cfg,
		perf:     newValueDraw(cfg.Performance, cfg.PerformanceValues, st.Source(StreamDomainPerformance)),
		minPerf:  newValueDraw(cfg.Batch.MinPerformance, ValuesContinuous, st.Source(StreamBatchMinPerf)),
		margin:   distuv.Normal{Mu: 0, Sigma: cfg.PriceMargin / 3, Src: st.Source(StreamDomainMargin)},
		load:     distuv.Uniform{Min: cfg.OwnerLoad.Min, Max: cfg.OwnerLoad.Max, Src: st.Source(StreamOwnerLoad)},
		factor:   distuv.Uniform{Min: cfg.Batch.PriceFactor.Min, Max: cfg.Batch.PriceFactor.Max, Src: st.Source(StreamBatchPriceFactor)},
		spread:   st.Source(StreamOwnerSpread),
		place:    st.Rand(StreamOwnerPlace),
		nodes:    st.Rand(StreamBatchNodes),
		length:   st.Rand(StreamBatchLength),
		criteria: st.Rand(StreamBatchCriterion),
	}, nil
}

// Config returns the generator's configuration.
func (g *DomainGenerator) Config() DomainConfig { return g.cfg }

// NextNodes returns new nodes: a performance from Performance, a base
// cost PriceScale · PriceBase^performance and a price base · (1 + m),
// m ~ N(0, (PriceMargin/3)²) truncated to ±PriceMargin.
func (g *DomainGenerator) NextNodes() []slot.Node {
	c := g.cfg
	nodes := make([]slot.Node, c.Nodes)
	for i := range nodes {
		p := g.perf.draw()
		base := c.PriceScale * math.Pow(c.PriceBase, p)
		m := 0.0
		if c.PriceMargin > 0 {
			for m = g.margin.Rand(); math.Abs(m) > c.PriceMargin; m = g.margin.Rand() {
			}
		}
		nodes[i] = slot.Node{Performance: p, BasePrice: base, Price: base * (1 + m)}
	}
	return nodes
}

// NextOwnerLoad returns the number of owner quanta on each of n nodes of
// q quanta each. The share f of the domain's node-time is drawn from
// OwnerLoad; K = round(f · n · q) quanta are taken uniformly without
// replacement from all the domain's n · q quanta, so that the counts per
// node follow the multivariate hypergeometric distribution (the paper:
// "the initial resource load with owner jobs is distributed
// hyper-geometrically resulting in 5% to 10% time quanta excluded in
// total"). Node by node, the count is hypergeometric given what is left.
func (g *DomainGenerator) NextOwnerLoad(n, q int) []int {
	total := n * q
	k := int(math.Round(draw(g.load) * float64(total)))
	counts := make([]int, n)
	for i := 0; i < n && k > 0; i++ {
		counts[i] = hypergeometric(g.spread, total, k, q)
		k -= counts[i]
		total -= q
	}
	return counts
}

// hypergeometric draws the number of successes in draws draws without
// replacement from a population of pop with succ successes.
func hypergeometric(r *rand.PCG, pop, succ, draws int) int {
	if succ == 0 || draws == 0 {
		return 0
	}
	if draws == pop {
		return succ
	}
	x := 0
	for i := 0; i < draws && succ > 0; i++ {
		if pcgIntN(r, pop) < succ {
			x++
			succ--
		}
		pop--
	}
	return x
}

// NextList returns the nodes' free slots in the interval: on every node,
// its owner quanta (NextOwnerLoad) form OwnerJobs local jobs of random
// whole-quantum lengths at random places, and the time between them is
// free. A node fully taken by its owner has no slot.
func (g *DomainGenerator) NextList(nodes []slot.Node) (*slot.List, []slot.Slot) {
	c := g.cfg
	q := int(math.Round(c.Interval / c.Quantum))
	load := g.NextOwnerLoad(len(nodes), q)
	var free, busy []slot.Slot
	for i, k := range load {
		pieces := uniformInt(g.place, c.OwnerJobs)
		jobs := split(g.place, k, pieces)     // owner job lengths in quanta
		gaps := split(g.place, q-k, pieces+1) // free time around them
		t := 0
		for p := 0; p <= pieces; p++ {
			if gaps[p] > 0 {
				free = append(free, slot.Slot{Node: i, Start: float64(t) * c.Quantum, End: float64(t+gaps[p]) * c.Quantum})
			}
			t += gaps[p]
			if p < pieces && jobs[p] > 0 {
				busy = append(busy, slot.Slot{Node: i, Start: float64(t) * c.Quantum, End: float64(t+jobs[p]) * c.Quantum})
				t += jobs[p]
			}
		}
	}
	l := &slot.List{Nodes: nodes, Slots: free}
	l.Sort()
	return l, busy
}

// split returns n non-negative integers summing to total: the gaps
// between n−1 cut points drawn uniformly on 0 … total.
func split(r *rand.Rand, total, n int) []int {
	cuts := make([]int, n+1)
	cuts[n] = total
	for i := 1; i < n; i++ {
		cuts[i] = r.IntN(total + 1)
	}
	slices.Sort(cuts[1:n])
	out := make([]int, n)
	for i := range out {
		out[i] = cuts[i+1] - cuts[i]
	}
	return out
}

// NextJobs returns a new batch in priority order; every job has a
// Criterion and a PriceFactor.
func (g *DomainGenerator) NextJobs() []Job {
	b := g.cfg.Batch
	jobs := make([]Job, b.Count)
	for i := range jobs {
		jobs[i] = Job{
			Request: slot.Request{
				Nodes:          uniformInt(g.nodes, b.Nodes),
				Length:         float64(uniformInt(g.length, b.Length)),
				MinPerformance: g.minPerf.draw(),
			},
			Criterion:   b.Criteria[g.criteria.IntN(len(b.Criteria))],
			PriceFactor: draw(g.factor),
		}
	}
	return jobs
}

// Next returns the next independent cycle: new nodes, their free slots,
// the owners' busy intervals (Cycle.Owner) and a new batch.
func (g *DomainGenerator) Next() Cycle {
	nodes := g.NextNodes()
	l, busy := g.NextList(nodes)
	return Cycle{List: l, Owner: busy, Jobs: g.NextJobs()}
}

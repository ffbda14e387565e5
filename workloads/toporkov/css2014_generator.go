package toporkov

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/sim"
)

// Stream names of the 2014 environment, one per random quantity.
const (
	Stream2014Performance = "toporkov2014/node-performance"
	Stream2014Margin      = "toporkov2014/node-margin"
	Stream2014OwnerLength = "toporkov2014/owner-job-length"
	Stream2014OwnerGap    = "toporkov2014/owner-gap"
	Stream2014JobNodes    = "toporkov2014/job-nodes"
	Stream2014JobTime     = "toporkov2014/job-time"
	Stream2014JobMinPerf  = "toporkov2014/job-min-performance"
	Stream2014JobBudget   = "toporkov2014/job-budget"
	Stream2014Criterion   = "toporkov2014/job-criterion"
	Stream2014Actual      = "toporkov2014/job-actual"
)

// CSS2014Generator produces the cycles of the 2014 experiments. Every
// random quantity has a stream of its own, so changing one range never
// shifts the others; in particular two configurations that differ only in
// the owned node's price, or the number of sub-batches a policy cuts,
// see the same nodes, local jobs and batches.
type CSS2014Generator struct {
	cfg                                    CSS2014Config
	perf, ownerLen, jobTime, jobPerf, actu distuv.Uniform
	budget                                 distuv.Uniform
	margin                                 distuv.Normal
	gap                                    *rand.Rand
	jobNodes, crit                         *rand.Rand
	meanGap                                float64
}

// NewCSS2014Generator validates cfg and returns a generator drawing from
// the replication's streams.
func NewCSS2014Generator(cfg CSS2014Config, st sim.Streams) (*CSS2014Generator, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	u := func(r FloatRange, stream string) distuv.Uniform {
		return distuv.Uniform{Min: r.Min, Max: r.Max, Src: st.Source(stream)}
	}
	g := &CSS2014Generator{
		cfg:      cfg,
		perf:     u(cfg.Nodes.Performance, Stream2014Performance),
		margin:   distuv.Normal{Mu: 0, Sigma: cfg.Nodes.MarginSD, Src: st.Source(Stream2014Margin)},
		ownerLen: u(cfg.Owners.JobLength, Stream2014OwnerLength),
		gap:      st.Rand(Stream2014OwnerGap),
		jobNodes: st.Rand(Stream2014JobNodes),
		jobTime:  u(cfg.Jobs.Time, Stream2014JobTime),
		jobPerf:  u(cfg.Jobs.MinPerformance, Stream2014JobMinPerf),
		budget:   u(cfg.Jobs.Budget, Stream2014JobBudget),
		crit:     st.Rand(Stream2014Criterion),
		actu:     u(cfg.Jobs.Actual, Stream2014Actual),
	}
	if l := cfg.Owners.Load; l > 0 {
		mean := (cfg.Owners.JobLength.Min + cfg.Owners.JobLength.Max) / 2
		g.meanGap = mean * (1 - l) / l
	}
	return g, nil
}

// Config returns the generator's configuration.
func (g *CSS2014Generator) Config() CSS2014Config { return g.cfg }

// Next returns the next cycle: the free slots of the interval [0, Cycle)
// (node time not taken by owners' local jobs, whose total is
// Cycle.OwnerTime) and the batch.
func (g *CSS2014Generator) Next() Cycle {
	nodes := g.NextNodes()
	l, owner := g.NextFreeSlots(nodes)
	return Cycle{List: l, Jobs: g.NextJobs(), OwnerTime: owner}
}

// NextNodes draws the nodes: performance U[Performance], unit price
// k·performance·(1 + ε) with ε ~ N(0, MarginSD) clipped to ±MarginLimit;
// the owned node, if any, gets its fixed performance and price.
func (g *CSS2014Generator) NextNodes() []slot.Node {
	c := g.cfg.Nodes
	nodes := make([]slot.Node, c.Count)
	for i := range nodes {
		p := draw(g.perf)
		eps := 0.0
		if c.MarginSD > 0 {
			eps = math.Max(-c.MarginLimit, math.Min(c.MarginLimit, g.margin.Rand()))
		}
		nodes[i] = slot.Node{Performance: p, Price: c.PricePerPerformance * p * (1 + eps)}
	}
	if w := c.Owned; w != nil {
		nodes[w.Node] = slot.Node{Performance: w.Performance, Price: w.Price}
	}
	return nodes
}

// NextFreeSlots draws the owners' local jobs on every node and returns the
// free slots of [0, Cycle) around them, and the node time they take.
func (g *CSS2014Generator) NextFreeSlots(nodes []slot.Node) (*slot.List, float64) {
	cycle := g.cfg.Cycle
	l := &slot.List{Nodes: nodes}
	owner := 0.0
	for n := range nodes {
		free := 0.0 // start of the current free interval inside [0, cycle)
		if g.meanGap > 0 {
			// begin a few renewal periods early: the interval then sees
			// the process in its stationary state.
			t := -4 * (g.meanGap + (g.cfg.Owners.JobLength.Min+g.cfg.Owners.JobLength.Max)/2)
			for t < cycle {
				t += g.gap.ExpFloat64() * g.meanGap
				busyEnd := t + draw(g.ownerLen)
				if busyEnd > 0 && t < cycle {
					s, e := math.Max(t, 0), math.Min(busyEnd, cycle)
					owner += e - s
					if s > free {
						l.Slots = append(l.Slots, slot.Slot{Node: n, Start: free, End: s})
					}
					free = math.Max(free, e)
				}
				t = busyEnd
			}
		}
		if free < cycle {
			l.Slots = append(l.Slots, slot.Slot{Node: n, Start: free, End: cycle})
		}
	}
	l.Sort()
	return l, owner
}

// NextJobs draws the batch in priority order; every job has a Criterion
// and an Actual share.
func (g *CSS2014Generator) NextJobs() []Job {
	c := g.cfg.Jobs
	jobs := make([]Job, c.Count)
	k := g.cfg.Nodes.PricePerPerformance
	for i := range jobs {
		n := uniformInt(g.jobNodes, c.Nodes)
		t := draw(g.jobTime)
		jobs[i] = Job{
			Request: slot.Request{
				Nodes:          n,
				Length:         t,
				MinPerformance: draw(g.jobPerf),
				MaxPrice:       math.Inf(1),
				Budget:         draw(g.budget) * k * t * float64(n),
				Scaling:        slot.ScaleWork,
			},
			Criterion: c.Criteria[g.crit.IntN(len(c.Criteria))],
			Actual:    draw(g.actu),
		}
	}
	return jobs
}

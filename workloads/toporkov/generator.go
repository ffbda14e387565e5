package toporkov

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/sim"
)

// Stream names, one per random quantity.
const (
	StreamSlotCount   = "toporkov/slot-count"
	StreamSlotLength  = "toporkov/slot-length"
	StreamPerformance = "toporkov/slot-performance"
	StreamSameStart   = "toporkov/slot-same-start"
	StreamGap         = "toporkov/slot-gap"
	StreamPrice       = "toporkov/slot-price"
	StreamJobCount    = "toporkov/job-count"
	StreamJobNodes    = "toporkov/job-nodes"
	StreamJobLength   = "toporkov/job-length"
	StreamJobMinPerf  = "toporkov/job-min-performance"
)

// Generator produces one scheduling cycle after another: SlotGenerator's
// ordered slot list and JobGenerator's batch. Each random quantity has a
// stream of its own, so changing one range never shifts the others.
type Generator struct {
	cfg                           Config
	slotCount, jobCount, jobNodes *rand.Rand
	sameStart                     *rand.Rand
	perf, jobPerf                 valueDraw
	slotLen, gap, price, jobLen   distuv.Uniform
}

// NewGenerator validates cfg and returns a generator drawing from the
// replication's streams.
func NewGenerator(cfg Config, st sim.Streams) (*Generator, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	g := &Generator{
		cfg:       cfg,
		slotCount: st.Rand(StreamSlotCount),
		perf:      newValueDraw(cfg.Slots.Performance, cfg.Slots.PerformanceValues, st.Source(StreamPerformance)),
		jobPerf:   newValueDraw(cfg.Jobs.MinPerformance, cfg.Jobs.MinPerformanceValues, st.Source(StreamJobMinPerf)),
		sameStart: st.Rand(StreamSameStart),
		jobCount:  st.Rand(StreamJobCount),
		jobNodes:  st.Rand(StreamJobNodes),
		slotLen:   distuv.Uniform{Min: cfg.Slots.Length.Min, Max: cfg.Slots.Length.Max, Src: st.Source(StreamSlotLength)},
		gap:       distuv.Uniform{Min: cfg.Slots.Gap.Min, Max: cfg.Slots.Gap.Max, Src: st.Source(StreamGap)},
		price:     distuv.Uniform{Min: 1 - cfg.Slots.PriceSpread, Max: 1 + cfg.Slots.PriceSpread, Src: st.Source(StreamPrice)},
		jobLen:    distuv.Uniform{Min: cfg.Jobs.Length.Min, Max: cfg.Jobs.Length.Max, Src: st.Source(StreamJobLength)},
	}
	return g, nil
}

// Config returns the generator's configuration.
func (g *Generator) Config() Config { return g.cfg }

func uniformInt(r *rand.Rand, x IntRange) int {
	return x.Min + r.IntN(x.Max-x.Min+1)
}

// valueDraw draws a performance: uniform on [min, max] or on the
// integers min … max.
type valueDraw struct {
	u       distuv.Uniform
	r       *rand.Rand
	integer bool
}

func newValueDraw(x FloatRange, v Values, src *rand.PCG) valueDraw {
	return valueDraw{u: distuv.Uniform{Min: x.Min, Max: x.Max, Src: src}, r: rand.New(src), integer: v == ValuesInteger}
}

func (d valueDraw) draw() float64 {
	if d.integer {
		return d.u.Min + float64(d.r.IntN(int(d.u.Max-d.u.Min)+1))
	}
	return draw(d.u)
}

func draw(u distuv.Uniform) float64 {
	if u.Min == u.Max {
		return u.Min
	}
	return u.Rand()
}

// NextSlots returns a new slot list: Count slots, each on a node of its
// own with a performance drawn from Performance and a price U[(1−s)p, (1+s)p],
// p = PriceBase^performance; the first starts at 0, every next one at the
// previous start with probability SameStart, else after a gap U[Gap].
func (g *Generator) NextSlots() *slot.List {
	c := g.cfg.Slots
	n := uniformInt(g.slotCount, c.Count)
	l := &slot.List{Nodes: make([]slot.Node, n), Slots: make([]slot.Slot, n)}
	start := 0.0
	for i := 0; i < n; i++ {
		if i > 0 && !(g.sameStart.Float64() < c.SameStart) {
			start += draw(g.gap)
		}
		perf := g.perf.draw()
		price := math.Pow(c.PriceBase, perf) * draw(g.price)
		l.Nodes[i] = slot.Node{Performance: perf, Price: price}
		l.Slots[i] = slot.Slot{Node: i, Start: start, End: start + draw(g.slotLen)}
	}
	return l
}

// NextJobs returns a new batch in priority order (the first job has the
// highest priority).
func (g *Generator) NextJobs() []slot.Request {
	c := g.cfg.Jobs
	n := uniformInt(g.jobCount, c.Count)
	jobs := make([]slot.Request, n)
	for i := range jobs {
		jobs[i] = slot.Request{
			Nodes:          uniformInt(g.jobNodes, c.Nodes),
			Length:         draw(g.jobLen),
			MinPerformance: g.jobPerf.draw(),
			MaxPrice:       c.MaxPrice,
			Scaling:        c.Scaling,
		}
	}
	return jobs
}

// Next returns the next cycle: a slot list and a job batch.
func (g *Generator) Next() (*slot.List, []slot.Request, error) {
	return g.NextSlots(), g.NextJobs(), nil
}

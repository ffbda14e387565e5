package toporkov

import (
	"math"
	"strconv"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/slot"
)

// Caps on the derived sizes of one generated cycle. Each key of a config
// is checked on its own range, but the cost of a cycle grows with
// products and ratios of keys (nodes × slots per node, slots × jobs, a
// count times a gap), so Validate also checks these derived quantities:
// a config that passes runs every cycle in well under a second and a few
// hundred MB, and no time overflows to ±Inf or loses its precision.
const (
	// MaxTime bounds every time of a cycle: lengths, gaps, the cycle or
	// interval, and the latest time a generated slot can reach.
	MaxTime = 1e9
	// MaxCycleSlots bounds the free slots of one cycle (the expected
	// number for the owner-loaded domains).
	MaxCycleSlots = 10_000
	// MaxCycleWork bounds slots × jobs of one cycle: the window searches
	// visit every slot for every job.
	MaxCycleWork = 1_000_000
	// MaxCycleWindows bounds the windows (alternatives) the searches of
	// one cycle can find, estimated as jobs × the free node-time ÷ the
	// node-time of the smallest, fastest job.
	MaxCycleWindows = 1_000_000
	// MaxUnitPrice bounds a node's price per time unit (and the job price
	// limit), so that every cost stays finite.
	MaxUnitPrice = 1e12
)

// priceCap checks that the highest price a config can give is at most
// MaxUnitPrice.
func priceCap(key string, p float64) error {
	if !(p <= MaxUnitPrice) {
		return model.Field(key, "gives prices up to %.4g per time unit, more than %v", p, MaxUnitPrice)
	}
	return nil
}

// windowCap checks the estimated windows of a cycle: jobs × freeTime ÷
// (nodes × runtime) of the smallest job on the fastest node. key names the
// job length's minimum, whose smallness is the usual cause.
func windowCap(key string, jobs int, freeTime float64, nodes int, runtime float64) error {
	w := float64(jobs) * freeTime / (float64(nodes) * runtime)
	if !(w <= MaxCycleWindows) {
		return model.Field(key, "lets a cycle hold about %.4g windows (jobs × free node-time ÷ the smallest job's node-time), more than %d", w, MaxCycleWindows)
	}
	return nil
}

// timeCap checks that a time range's maximum is at most MaxTime.
func timeCap(key string, v float64) error {
	if v > MaxTime {
		return model.Field(key, "must be ≤ %v, the largest time of a cycle (got %v)", MaxTime, v)
	}
	return nil
}

// cycleCaps checks a cycle's derived sizes: slots (named by slotsKey,
// explained by how) and slots × jobs (jobsKey).
func cycleCaps(slotsKey, how string, slots float64, jobsKey string, jobs int) error {
	if slots > MaxCycleSlots {
		return model.Field(slotsKey, "gives %.4g free slots per cycle (%s), more than %d", slots, how, MaxCycleSlots)
	}
	if w := slots * float64(jobs); w > MaxCycleWork {
		return model.Field(jobsKey, "gives %.4g slots × %d jobs = %.4g per cycle, more than %d", slots, jobs, w, MaxCycleWork)
	}
	return nil
}

// runtimeCap checks that the longest job runs at most MaxTime on the
// slowest node (perf, named by key): a tiny performance would make
// runtimes +Inf and window times NaN.
func runtimeCap(key string, length, perf float64, sc slot.Scaling, minPerf float64) error {
	r := slot.Request{Length: length, Scaling: sc, MinPerformance: minPerf}.Runtime(perf)
	if !(r <= MaxTime) {
		return model.Field(key, "makes the longest job run %.4g on the slowest node (length / performance), more than %v", r, MaxTime)
	}
	return nil
}

// sizes checks the derived quantities of Config: the latest slot start
// (count × gap) plus a slot length stays within MaxTime, and the cycle's
// slots and slots × jobs within their caps.
func (c Config) sizes() error {
	s, j := c.Slots, c.Jobs
	if err := model.FirstError(
		timeCap("slots.length.max", s.Length.Max),
		timeCap("slots.gap.max", s.Gap.Max),
		timeCap("jobs.length.max", j.Length.Max),
	); err != nil {
		return err
	}
	if h := float64(s.Count.Max)*s.Gap.Max + s.Length.Max; h > MaxTime {
		return model.Field("slots.gap.max", "lets the last of %d slots end at %.4g, later than %v (count.max × gap.max + length.max)", s.Count.Max, h, MaxTime)
	}
	if err := runtimeCap("slots.performance.min", j.Length.Max, s.Performance.Min, j.Scaling, j.MinPerformance.Max); err != nil {
		return err
	}
	if err := model.FirstError(
		priceCap("slots.price_base", math.Pow(s.PriceBase, s.Performance.Max)*(1+s.PriceSpread)),
		priceCap("jobs.max_price", j.MaxPrice),
		cycleCaps("slots.count.max", "count.max", float64(s.Count.Max), "jobs.count.max", j.Count.Max),
	); err != nil {
		return err
	}
	fastest := slot.Request{Length: j.Length.Min, Scaling: j.Scaling, MinPerformance: j.MinPerformance.Min}.Runtime(s.Performance.Max)
	return windowCap("jobs.length.min", j.Count.Max, float64(s.Count.Max)*s.Length.Max, j.Nodes.Min, fastest)
}

// sizes checks the derived quantities of DomainConfig: nodes × (owner
// jobs + 1) free slots and times with batch jobs.
func (c DomainConfig) sizes() error {
	if err := model.FirstError(
		timeCap("interval", c.Interval),
		timeCap("batch.length.max", float64(c.Batch.Length.Max)),
	); err != nil {
		return err
	}
	if err := runtimeCap("performance.min", float64(c.Batch.Length.Max), c.Performance.Min, "", 0); err != nil {
		return err
	}
	perNode := c.slotsPerNode()
	if perNode > MaxCycleSlots {
		return model.Field("owner_jobs.max", "gives up to %.4g free slots per node, more than %d per cycle", perNode, MaxCycleSlots)
	}
	b := c.Batch
	return model.FirstError(
		priceCap("price_base", c.PriceScale*math.Pow(c.PriceBase, c.Performance.Max)*(1+c.PriceMargin)),
		cycleCaps("nodes", "nodes × (owner_jobs.max + 1)", float64(c.Nodes)*perNode, "batch.count", b.Count),
		windowCap("batch.length.min", b.Count, float64(c.Nodes)*c.Interval, b.Nodes.Min, float64(b.Length.Min)/c.Performance.Max),
	)
}

// sizes checks the derived quantities of CSS2014Config: the expected
// number of owner jobs per node, cycle × load / mean job length, gives
// that many free slots (plus one) on every node.
func (c CSS2014Config) sizes() error {
	o := c.Owners
	if err := model.FirstError(
		timeCap("cycle", c.Cycle),
		timeCap("owners.job_length.max", o.JobLength.Max),
		timeCap("jobs.time.max", c.Jobs.Time.Max),
	); err != nil {
		return err
	}
	if err := runtimeCap("nodes.performance.min", c.Jobs.Time.Max, c.Nodes.Performance.Min, "", 0); err != nil {
		return err
	}
	if w := c.Nodes.Owned; w != nil {
		if err := runtimeCap("nodes.owned.performance", c.Jobs.Time.Max, w.Performance, "", 0); err != nil {
			return err
		}
	}
	perNode := c.slotsPerNode()
	if perNode > MaxCycleSlots {
		key := "owners.job_length" // the usual culprit, unless the cycle grew
		if c.Cycle > DefaultCSS2014Config().Cycle {
			key = "cycle"
		}
		return model.Field(key, "gives %.4g owner jobs per node in a cycle (cycle × owners.load / mean owner job length), more than %d free slots per cycle", perNode, MaxCycleSlots)
	}
	n, j := c.Nodes, c.Jobs
	price, perf := n.PricePerPerformance*n.Performance.Max*(1+n.MarginLimit), n.Performance.Max
	if w := n.Owned; w != nil {
		price, perf = max(price, w.Price), max(perf, w.Performance)
	}
	how := "nodes.count × (cycle × owners.load / mean owner job length + 2)"
	return model.FirstError(
		priceCap("nodes.price_per_performance", price),
		cycleCaps("nodes.count", how, float64(n.Count)*perNode, "jobs.count", j.Count),
		windowCap("jobs.time.min", j.Count, float64(n.Count)*c.Cycle, j.Nodes.Min, j.Time.Min/perf),
	)
}

// MaxReplicationWork bounds cycles × slots × jobs of one replication (the
// cycles or batches key times CycleWork): about a day of CPU at the
// measured rate of some 10⁶ slot-job steps per second. More could not
// finish in practice.
const MaxReplicationWork = 1e11

// CycleWork returns the cap's estimate of slots × jobs in one cycle.
func (c Config) CycleWork() float64 {
	return float64(c.Slots.Count.Max) * float64(c.Jobs.Count.Max)
}

// CycleWork returns the estimate of slots × jobs in one batch.
func (c DomainConfig) CycleWork() float64 {
	return float64(c.Nodes) * c.slotsPerNode() * float64(c.Batch.Count)
}

// CycleWork returns the estimate of slots × jobs in one cycle.
func (c CSS2014Config) CycleWork() float64 {
	return float64(c.Nodes.Count) * c.slotsPerNode() * float64(c.Jobs.Count)
}

// slotsPerNode is the most free slots on a node: one more than its owner
// jobs.
func (c DomainConfig) slotsPerNode() float64 { return float64(c.OwnerJobs.Max + 1) }

// slotsPerNode is the expected free slots on a node: the owner jobs in
// the cycle, cycle × load / mean job length, and the free slot after the
// last (+2 keeps a margin).
func (c CSS2014Config) slotsPerNode() float64 {
	o := c.Owners
	n := c.Cycle*o.Load/((o.JobLength.Min+o.JobLength.Max)/2) + 2
	if math.IsInf(n, 0) || math.IsNaN(n) {
		return math.MaxFloat64
	}
	return n
}

// ReplicationWork checks cycles × CycleWork against MaxReplicationWork,
// naming key (the cycles or batches key of the kind); the error is a
// *model.FieldError.
func ReplicationWork(key string, cycles int, cycleWork float64) error {
	if w := float64(cycles) * cycleWork; w > MaxReplicationWork {
		return model.Field(key, "%d × %.4g slots × jobs per cycle = %.4g steps per replication, more than %v: it could not finish in practice (split the work over more replications)", cycles, cycleWork, w, MaxReplicationWork)
	}
	return nil
}

// FixedCycleSizes checks a user-given cycle (a slot list and a batch)
// against the same caps as a generated one: its slots, slots × jobs,
// every time and price, and every job's runtime on the slowest node. Keys
// are environment.slots[i], environment.nodes[i] and batch[j]; the error
// is a *model.FieldError.
func FixedCycleSizes(l *slot.List, jobs []slot.Request) error {
	n := len(l.Slots)
	switch {
	case n > MaxCycleSlots:
		return model.Field("environment.slots", "has %d slots, more than %d", n, MaxCycleSlots)
	case float64(n)*float64(len(jobs)) > MaxCycleWork:
		return model.Field("batch", "gives %d slots × %d jobs, more than %d per cycle", n, len(jobs), MaxCycleWork)
	}
	for i, s := range l.Slots {
		if math.Abs(s.Start) > MaxTime || math.Abs(s.End) > MaxTime {
			return model.Field("environment.slots["+strconv.Itoa(i)+"]", "start and end must lie in [−%v, %v] (got %v, %v)", MaxTime, MaxTime, s.Start, s.End)
		}
	}
	slowest := math.Inf(1)
	for i, nd := range l.Nodes {
		if !(nd.Price <= MaxUnitPrice) || !(nd.BasePrice <= MaxUnitPrice) {
			return model.Field("environment.nodes["+strconv.Itoa(i)+"]", "price must be ≤ %v (got %v)", MaxUnitPrice, max(nd.Price, nd.BasePrice))
		}
		slowest = min(slowest, nd.Performance)
	}
	for j, r := range jobs {
		if rt := r.Runtime(slowest); !(rt <= MaxTime) && len(l.Nodes) > 0 {
			return model.Field("batch["+strconv.Itoa(j)+"].length", "makes the job run %.4g on the slowest node, more than %v", rt, MaxTime)
		}
		if r.MaxPrice > MaxUnitPrice && !math.IsInf(r.MaxPrice, 1) {
			return model.Field("batch["+strconv.Itoa(j)+"].max_price", "must be ≤ %v (got %v)", MaxUnitPrice, r.MaxPrice)
		}
	}
	return nil
}

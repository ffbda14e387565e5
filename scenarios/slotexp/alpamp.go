package slotexp

import (
	"context"
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

// Source yields the scheduling cycles of an experiment: a slot list and a
// job batch in priority order. workloads/toporkov.Generator is one.
type Source interface {
	Next() (*slot.List, []slot.Request, error)
}

// The two methods compared by the experiment, as indices of the per-method
// arrays below.
const (
	IdxALP = 0
	IdxAMP = 1
)

// Methods returns ALP and AMP, indexed by IdxALP and IdxAMP.
func Methods() [2]slots.Method { return [2]slots.Method{slots.MethodALP, slots.MethodAMP} }

// ExperimentConfig holds the settings of the paper's experiment other
// than the generators'.
type ExperimentConfig struct {
	// Cycles is the number of scheduling cycles.
	Cycles int
	// MaxJobs, when > 0, ends the run early after the cycle in which the
	// batches generated so far reach MaxJobs jobs.
	MaxJobs int
	// Rounding is the rounding of T* in formula (2).
	Rounding slots.Rounding
	// MaxPasses bounds the passes of the alternatives search (≤ 0: none).
	MaxPasses int
	// Record is how many counted cycles' results RunExperiment returns
	// (the first ones; < 0: all).
	Record int
	// Check runs CheckAlternatives on every cycle (the debug invariant
	// checker); a violation is an error.
	Check bool
	// Windows, when not nil, records the alternatives of the first
	// cycles and the DP's choices (see Windows) of one run: Reproduce,
	// which runs replications in parallel, ignores it.
	Windows *Windows
}

// CycleResult is the outcome of one scheduling cycle.
type CycleResult struct {
	// Cycle is the cycle's index in the run (from 0).
	Cycle int
	// Slots and Jobs are the sizes of the cycle's list and batch.
	Slots, Jobs int
	// Nodes is the number of nodes the batch's jobs request in total.
	Nodes int
	// Alternatives is the number of alternatives found per method.
	Alternatives [2]int
	// Unserved is the number of jobs without an alternative per method.
	Unserved [2]int
	// Counted is true when every job has an alternative under both
	// methods, as the paper requires for a cycle to count.
	Counted bool
	// Choice holds both DP choices per method (set when Counted).
	Choice [2]slots.BatchChoice
}

// Cycler runs the cycles of the experiment and keeps the buffers of the
// window searches and the DP between them, so that a long run allocates
// little. It is not safe for concurrent use; its zero value is ready.
type Cycler struct {
	search slots.Searcher
	dp     slots.DP
	work   slot.List        // the copy of the cycle's list a search consumes
	alts   [2][][]slots.Alt // alternatives per method and job
}

// RunCycle runs one cycle of the experiment: the alternatives search by
// ALP and by AMP, each on its own copy of l, then, when every job has an
// alternative under both, T*, B* and both DP choices per method.
func (c *Cycler) RunCycle(l *slot.List, jobs []slot.Request, cfg ExperimentConfig) (CycleResult, error) {
	res := CycleResult{Slots: l.Len(), Jobs: len(jobs), Counted: len(jobs) > 0}
	for _, j := range jobs {
		res.Nodes += j.Nodes
	}
	// The windows of a cycle live in memory reused by the next cycle:
	// only their times and costs (and, with Check, the checks) use them.
	c.search.SetScratch(true)
	defer c.search.SetScratch(false)
	alts := &c.alts
	for m, method := range Methods() {
		c.work.Nodes = l.Nodes
		c.work.Slots = append(c.work.Slots[:0], l.Slots...)
		if cap(alts[m]) < len(jobs) {
			alts[m] = make([][]slots.Alt, len(jobs))
		}
		alts[m] = alts[m][:len(jobs)]
		for j := range alts[m] {
			alts[m][j] = alts[m][j][:0]
		}
		var ws [][]slot.Window
		if cfg.Check {
			ws = make([][]slot.Window, len(jobs))
		}
		err := c.search.AlternativesFunc(&c.work, jobs, method, cfg.MaxPasses, func(j int, w slot.Window) {
			cfg.Windows.keep(m, j, len(alts[m][j]), w)
			alts[m][j] = append(alts[m][j], slots.Alt{Time: w.Time(), Cost: w.Cost})
			if ws != nil {
				ws[j] = append(ws[j], w)
			}
		})
		if err != nil {
			return res, fmt.Errorf("%s: %w", method.Name, err)
		}
		if cfg.Check {
			if err := slots.CheckAlternatives(l, &c.work, jobs, method, ws); err != nil {
				return res, fmt.Errorf("%s: %w", method.Name, err)
			}
		}
		for _, ja := range alts[m] {
			res.Alternatives[m] += len(ja)
			if len(ja) == 0 {
				res.Unserved[m]++
				res.Counted = false
			}
		}
	}
	if !res.Counted {
		return res, nil
	}
	for m := range alts {
		bc, ok, err := c.dp.ChooseBatch(alts[m], cfg.Rounding)
		if err != nil {
			return res, fmt.Errorf("%s: %w", Methods()[m].Name, err)
		}
		if !ok { // unreachable: every job has an alternative
			return res, fmt.Errorf("%s: no batch choice", Methods()[m].Name)
		}
		res.Choice[m] = bc
	}
	return res, nil
}

// Tally accumulates cycle results.
type Tally struct {
	// Cycles is the number of cycles run; Counted those that count.
	Cycles, Counted int
	// Jobs is the number of jobs in the counted cycles.
	Jobs int
	// Slots is the number of slots in the counted cycles.
	Slots int
	// Nodes is the number of nodes requested by the jobs of the counted
	// cycles.
	Nodes int
	// Alternatives is the number of alternatives in the counted cycles,
	// per method.
	Alternatives [2]int
	// TimeMinTime … CostMinCost are sums over the counted cycles of the
	// batch totals T(s) and C(s) of the least-time choice (TimeMin…) and
	// the least-cost choice (CostMin…), per method.
	TimeMinTime, TimeMinCost, CostMinTime, CostMinCost [2]float64
	// Raised counts the counted cycles whose T* was raised, per method.
	Raised [2]int
	// AMPFaster counts the counted cycles whose least batch time is
	// lower with AMP's alternatives than with ALP's (Fig. 5).
	AMPFaster int
}

// Add tallies one cycle.
func (t *Tally) Add(r CycleResult) {
	t.Cycles++
	if !r.Counted {
		return
	}
	t.Counted++
	t.Jobs += r.Jobs
	t.Slots += r.Slots
	t.Nodes += r.Nodes
	for m := range r.Choice {
		c := r.Choice[m]
		t.Alternatives[m] += r.Alternatives[m]
		t.TimeMinTime[m] += c.MinTime.Time
		t.TimeMinCost[m] += c.MinTime.Cost
		t.CostMinTime[m] += c.MinCost.Time
		t.CostMinCost[m] += c.MinCost.Cost
		if c.TStarRaised {
			t.Raised[m]++
		}
	}
	if r.Choice[1].MinTime.Time < r.Choice[0].MinTime.Time {
		t.AMPFaster++
	}
}

// Metric names of the experiment, in the order Tally.Metrics returns
// them. Times and costs are per job: the batch total T(s) or C(s) summed
// over the counted cycles and divided by the number of jobs in them (the
// paper's "average batch job total execution time"; see the README
// fragment for why these are per job).
const (
	MetricTimeMinALPTime = "timemin_alp_time"
	MetricTimeMinAMPTime = "timemin_amp_time"
	MetricTimeMinALPCost = "timemin_alp_cost"
	MetricTimeMinAMPCost = "timemin_amp_cost"
	MetricCostMinALPCost = "costmin_alp_cost"
	MetricCostMinAMPCost = "costmin_amp_cost"
	MetricCostMinALPTime = "costmin_alp_time"
	MetricCostMinAMPTime = "costmin_amp_time"
	MetricALPAltsPerJob  = "alp_alternatives_per_job"
	MetricAMPAltsPerJob  = "amp_alternatives_per_job"
	// Ratios AMP/ALP of the metrics above.
	MetricRatioTimeMinTime = "ratio_timemin_time"
	MetricRatioTimeMinCost = "ratio_timemin_cost"
	MetricRatioAltsPerJob  = "ratio_alternatives_per_job"
	MetricRatioCostMinCost = "ratio_costmin_cost"
	MetricRatioCostMinTime = "ratio_costmin_time"
	// Batch totals (per counted cycle) of the least-time and least-cost
	// choices.
	MetricTimeMinALPBatchTime = "timemin_alp_batch_time"
	MetricTimeMinAMPBatchTime = "timemin_amp_batch_time"
	MetricCostMinALPBatchCost = "costmin_alp_batch_cost"
	MetricCostMinAMPBatchCost = "costmin_amp_batch_cost"
	// Cycle counts.
	MetricCycles          = "cycles"
	MetricCountedCycles   = "counted_cycles"
	MetricCountedFraction = "counted_fraction"
	MetricJobsPerCounted  = "jobs_per_counted_cycle"
	MetricSlotsPerCounted = "slots_per_counted_cycle"
	MetricNodesPerJob     = "nodes_per_counted_job"
	MetricALPTStarRaised  = "alp_tstar_raised_fraction"
	MetricAMPTStarRaised  = "amp_tstar_raised_fraction"
	// MetricAMPFaster is the share of counted cycles whose least batch
	// time is lower with AMP than with ALP (Fig. 5: "an observable gain
	// of AMP method in every single experiment").
	MetricAMPFaster = "timemin_amp_faster_fraction"
)

// div returns a / b, or NaN when b is 0: a mean or a ratio over nothing
// is undefined, and the results package reports it so (never as 0).
func div(a, b float64) float64 {
	if b == 0 {
		return math.NaN()
	}
	return a / b
}

// Metrics returns the experiment's metrics (see the Metric… names).
func (t Tally) Metrics() results.Metrics {
	jobs, cyc := float64(t.Jobs), float64(t.Counted)
	per := func(x [2]float64) (float64, float64) { return div(x[0], jobs), div(x[1], jobs) }
	tta, ttm := per(t.TimeMinTime)
	tca, tcm := per(t.TimeMinCost)
	cca, ccm := per(t.CostMinCost)
	cta, ctm := per(t.CostMinTime)
	aa, am := div(float64(t.Alternatives[0]), jobs), div(float64(t.Alternatives[1]), jobs)
	var m results.Metrics
	m = m.Add(MetricTimeMinALPTime, tta).Add(MetricTimeMinAMPTime, ttm)
	m = m.Add(MetricTimeMinALPCost, tca).Add(MetricTimeMinAMPCost, tcm)
	m = m.Add(MetricALPAltsPerJob, aa).Add(MetricAMPAltsPerJob, am)
	m = m.Add(MetricCostMinALPCost, cca).Add(MetricCostMinAMPCost, ccm)
	m = m.Add(MetricCostMinALPTime, cta).Add(MetricCostMinAMPTime, ctm)
	m = m.Add(MetricRatioTimeMinTime, div(ttm, tta)).Add(MetricRatioTimeMinCost, div(tcm, tca))
	m = m.Add(MetricRatioAltsPerJob, div(am, aa))
	m = m.Add(MetricRatioCostMinCost, div(ccm, cca)).Add(MetricRatioCostMinTime, div(ctm, cta))
	m = m.Add(MetricTimeMinALPBatchTime, div(t.TimeMinTime[0], cyc)).Add(MetricTimeMinAMPBatchTime, div(t.TimeMinTime[1], cyc))
	m = m.Add(MetricCostMinALPBatchCost, div(t.CostMinCost[0], cyc)).Add(MetricCostMinAMPBatchCost, div(t.CostMinCost[1], cyc))
	m = m.Add(MetricCycles, float64(t.Cycles)).Add(MetricCountedCycles, cyc)
	m = m.Add(MetricCountedFraction, div(cyc, float64(t.Cycles)))
	m = m.Add(MetricJobsPerCounted, div(jobs, cyc)).Add(MetricSlotsPerCounted, div(float64(t.Slots), cyc))
	m = m.Add(MetricNodesPerJob, div(float64(t.Nodes), jobs))
	m = m.Add(MetricALPTStarRaised, div(float64(t.Raised[0]), cyc)).Add(MetricAMPTStarRaised, div(float64(t.Raised[1]), cyc))
	m = m.Add(MetricAMPFaster, div(float64(t.AMPFaster), cyc))
	return m
}

// PaperReferences returns the values the paper reports (section 5) under
// the metric names of Tally.Metrics, with the ratios computed from them.
// The counted fraction is 8 571 / 25 000 and the jobs per counted cycle
// 4.18 (both from the cost-minimisation run).
func PaperReferences() map[string]float64 {
	r := map[string]float64{
		MetricTimeMinALPTime:  59.85,
		MetricTimeMinAMPTime:  39.01,
		MetricTimeMinALPCost:  313.56,
		MetricTimeMinAMPCost:  369.69,
		MetricALPAltsPerJob:   7.39,
		MetricAMPAltsPerJob:   34.28,
		MetricCostMinALPCost:  313.09,
		MetricCostMinAMPCost:  343.3,
		MetricCostMinALPTime:  61.04,
		MetricCostMinAMPTime:  51.62,
		MetricCountedFraction: 8571.0 / 25000.0,
		MetricJobsPerCounted:  4.18,
		MetricSlotsPerCounted: 135.11,
	}
	r[MetricRatioTimeMinTime] = r[MetricTimeMinAMPTime] / r[MetricTimeMinALPTime]
	r[MetricRatioTimeMinCost] = r[MetricTimeMinAMPCost] / r[MetricTimeMinALPCost]
	r[MetricRatioAltsPerJob] = r[MetricAMPAltsPerJob] / r[MetricALPAltsPerJob]
	r[MetricRatioCostMinCost] = r[MetricCostMinAMPCost] / r[MetricCostMinALPCost]
	r[MetricRatioCostMinTime] = r[MetricCostMinAMPTime] / r[MetricCostMinALPTime]
	return r
}

// RunExperiment runs cfg.Cycles cycles (fewer with cfg.MaxJobs) from src
// on one goroutine (see RunCycles; a cancelled ctx ends it with
// sim.ErrInterrupted) and returns their tally and the results of the
// first cfg.Record counted cycles.
func RunExperiment(ctx context.Context, src Source, cfg ExperimentConfig) (Tally, []CycleResult, error) {
	var cy Cycler
	var t Tally
	var rec []CycleResult
	err := RunCycles(ctx, cfg.Cycles, cfg.MaxJobs, func(c int) (int, error) {
		l, jobs, err := src.Next()
		if err != nil {
			return 0, fmt.Errorf("slotexp: cycle %d: %w", c, err)
		}
		cfg.Windows.Begin(c)
		r, err := cy.RunCycle(l, jobs, cfg)
		if err != nil {
			return 0, fmt.Errorf("slotexp: cycle %d: %w", c, err)
		}
		cfg.Windows.choices(r)
		r.Cycle = c
		t.Add(r)
		if r.Counted && (cfg.Record < 0 || len(rec) < cfg.Record) {
			rec = append(rec, r)
		}
		return len(jobs), nil
	})
	if err == nil {
		err = cfg.Windows.Flush()
	}
	return t, rec, err
}

// Table is the result of Reproduce: the statistics of every metric over
// the replications, with the paper's values as references.
type Table struct {
	// Replications is the number of replications summarised.
	Replications int
	// CyclesPerReplication is the number of cycles each ran.
	CyclesPerReplication int
	// Summaries are the metrics in Tally.Metrics order.
	Summaries []results.Summary
}

// Get returns the summary of the named metric.
func (t *Table) Get(name string) (results.Summary, bool) {
	for _, s := range t.Summaries {
		if s.Name == name {
			return s, true
		}
	}
	return results.Summary{}, false
}

// Write prints the table: metric, mean, 95% CI half-width, the paper's
// value and the ratio mean / paper.
func (t *Table) Write(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "metric\tmean\t± 95%% CI\tpaper\tmean/paper\t\n")
	for _, s := range t.Summaries {
		ref, rel := "", ""
		if s.HasReference() {
			ref = fmt.Sprintf("%.4g", s.Reference)
			if s.Reference != 0 {
				rel = fmt.Sprintf("%.3f", s.Mean/s.Reference)
			}
		}
		fmt.Fprintf(tw, "%s\t%.4g\t%.2g\t%s\t%s\t\n", s.Name, s.Mean, s.HalfWidth, ref, rel)
	}
	return tw.Flush()
}

// Reproduce runs the experiment in reps independent replications of
// cfg.Cycles cycles each, in parallel on at most workers goroutines
// (GOMAXPROCS when ≤ 0), and summarises the metrics with the paper's
// values as references. newSource returns the cycle source of a
// replication (for example toporkov.NewGenerator over
// sim.NewStreams(seed, rep)); results depend only on it, not on the
// number of workers.
func Reproduce(ctx context.Context, reps, workers int, cfg ExperimentConfig, newSource func(rep int) (Source, error)) (*Table, error) {
	if reps < 1 {
		return nil, fmt.Errorf("slotexp: replications must be ≥ 1 (got %d)", reps)
	}
	cfg.Record, cfg.Windows = 0, nil
	outs := sim.Replicate(ctx, reps, workers, func(rep int) (results.Metrics, error) {
		src, err := newSource(rep)
		if err != nil {
			return nil, err
		}
		t, _, err := RunExperiment(ctx, src, cfg)
		if err != nil {
			return nil, fmt.Errorf("replication %d: %w", rep, err)
		}
		return t.Metrics(), nil
	}, nil)
	var ms []results.Metrics
	for _, o := range outs {
		if o.Err != nil {
			return nil, o.Err
		}
		if o.Done {
			ms = append(ms, o.Value)
		}
	}
	if err := ctx.Err(); err != nil && len(ms) < reps {
		return nil, err
	}
	sum, err := results.Summarize(ms, PaperReferences())
	if err != nil {
		return nil, err
	}
	return &Table{Replications: len(ms), CyclesPerReplication: cfg.Cycles, Summaries: sum}, nil
}

// FixedSource is a Source that yields the same cycle every time: a copy of
// List and the batch Jobs (a user-defined environment).
type FixedSource struct {
	List *slot.List
	Jobs []slot.Request
}

// Next returns a copy of the list and the batch.
func (f FixedSource) Next() (*slot.List, []slot.Request, error) {
	if f.List == nil {
		return nil, nil, fmt.Errorf("slotexp: fixed source without a slot list")
	}
	return f.List.Clone(), append([]slot.Request(nil), f.Jobs...), nil
}

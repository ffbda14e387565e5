package slotexp

import (
	"context"
	"fmt"
	"slices"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/policies/slots"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// The scheduling variants of the 2014 experiments, by their metric
// prefixes.
const (
	// VariantCSS is ЦСП, plain CSS: alternatives by first fit (the
	// earliest window within the job's budget), the DP's VO choice.
	VariantCSS = "css"
	// VariantGeneralised is МПСР, the generalised scheme: alternatives by
	// AEP under each job's own criterion, the batch sliced into
	// Slices sub-batches, the DP's VO choice per sub-batch.
	VariantGeneralised = "gen"
	// VariantShift is ЦСПС: plain CSS followed by the shift procedure.
	VariantShift = "shift"
	// VariantHybrid is МПБ: the first HybridCSSJobs jobs by the
	// generalised scheme, the rest by backfilling.
	VariantHybrid = "hybrid"
	// VariantBackfill is conservative backfilling on the slot model.
	VariantBackfill = "backfill"
)

// CSS2014Variants returns the variant names in their fixed metric order.
func CSS2014Variants() []string {
	return []string{VariantCSS, VariantGeneralised, VariantShift, VariantHybrid, VariantBackfill}
}

// CSS2014Config holds the settings of one 2014 experiment other than the
// environment's.
type CSS2014Config struct {
	// Cycles is the number of scheduling cycles.
	Cycles int
	// Variants are the variants to run (names from CSS2014Variants).
	Variants []string
	// Slices is k, the number of sub-batches of the generalised scheme.
	Slices int
	// HybridCSSJobs is N_CSS, the jobs the hybrid schedules by CSS.
	HybridCSSJobs int
	// Actual executes the plans with the jobs' actual runtimes: CSS and
	// the generalised scheme keep their plans, backfilling re-plans.
	Actual bool
	// MaxJobs, when > 0, ends the run early after the cycle in which the
	// batches generated so far reach MaxJobs jobs.
	MaxJobs int
	// Check verifies every plan (CheckPlan): a violation is an error.
	Check bool
	// VOCriterion is the VO's choice among the alternatives: VOProc (""
	// too) or VOCost.
	VOCriterion string
	// Windows, when not nil, records the planned windows of the first
	// cycles (see Windows).
	Windows *Windows
	// Shared, when not nil, holds what the runs of the same cycles
	// compute alike (see CycleMemo).
	Shared CycleMemo
}

// The VO criteria of the 2014 experiments: the choice among the
// alternatives of a (sub-)batch.
const (
	// VOProc is the least total processor time under the budget B*
	// (css.MinProcScheduler), the criterion of sections 2.3 and 3.
	VOProc = "proc"
	// VOCost is the least total cost under the processor-time limit T*
	// (css.MinCostScheduler), formulas (4), (5) and (12).
	VOCost = "cost"
)

// CSS2014Cycler runs the cycles of the 2014 experiments. It is not safe
// for concurrent use.
type CSS2014Cycler struct {
	cfg    CSS2014Config
	env    toporkov.CSS2014Config
	sched  css.Scheduler
	batch  css.BatchScheduler
	search slots.Searcher
	run    map[string]bool
	tally  map[string]*variantTally
	owned  float64 // the owned node's busy time under the generalised scheme
	// a cycle's jobs as the variants take them (see runCycle)
	user, plain []css.Job
	crit        []int
	actual      []float64
}

// NewCSS2014Cycler validates the settings and returns a cycler.
func NewCSS2014Cycler(cfg CSS2014Config, env toporkov.CSS2014Config) (*CSS2014Cycler, error) {
	c := &CSS2014Cycler{cfg: cfg, env: env, run: map[string]bool{}, tally: map[string]*variantTally{}}
	switch cfg.VOCriterion {
	case "", VOProc:
		c.batch = css.MinProcScheduler(&c.sched)
	case VOCost:
		c.batch = css.MinCostScheduler(&c.sched)
	default:
		return nil, fmt.Errorf("slotexp: unknown VO criterion %q (known: %s, %s)", cfg.VOCriterion, VOProc, VOCost)
	}
	for _, v := range cfg.Variants {
		ok := false
		for _, known := range CSS2014Variants() {
			ok = ok || v == known
		}
		if !ok {
			return nil, fmt.Errorf("slotexp: unknown variant %q (known: %v)", v, CSS2014Variants())
		}
		c.run[v] = true
	}
	if _, err := css.SubBatches(env.Jobs.Count, cfg.Slices); err != nil {
		return nil, err
	}
	if cfg.HybridCSSJobs < 0 || cfg.HybridCSSJobs > env.Jobs.Count {
		return nil, fmt.Errorf("slotexp: hybrid CSS jobs must be in [0, %d] (got %d)", env.Jobs.Count, cfg.HybridCSSJobs)
	}
	for _, v := range CSS2014Variants() {
		c.tally[v] = &variantTally{byCriterion: make([]jobsWithAlts, len(criterionOrder))}
	}
	return c, nil
}

// criterionOrder is the order of Table 1's rows.
var criterionOrder = []css.Property{css.Start, css.Runtime, css.Finish, css.Cost}

// RunCycle schedules one cycle with every variant and tallies it.
func (c *CSS2014Cycler) RunCycle(cy toporkov.Cycle) error {
	return c.runCycle(-1, cy)
}

// runCycle is RunCycle of cycle number i of the run (−1: none, nothing
// shared).
func (c *CSS2014Cycler) runCycle(i int, cy toporkov.Cycle) error {
	// The windows and alternatives of a cycle live in memory the next
	// cycle reuses: the tallies and the recorded windows keep none of
	// them, and the shared plans are copied out (see compact).
	c.sched.SetScratch(true)
	defer c.sched.SetScratch(false)
	c.search.SetScratch(true)
	defer c.search.SetScratch(false)
	// the cycle's jobs, in buffers the next cycle reuses (no plan or
	// tally keeps them)
	n := len(cy.Jobs)
	c.user, c.plain = slices.Grow(c.user[:0], n)[:n], slices.Grow(c.plain[:0], n)[:n]
	c.crit, c.actual = slices.Grow(c.crit[:0], n)[:n], slices.Grow(c.actual[:0], n)[:n]
	user, plain, crit, actual := c.user, c.plain, c.crit, c.actual
	for i, j := range cy.Jobs {
		p, err := css.ParseProperty(j.Criterion)
		if err != nil {
			return fmt.Errorf("slotexp: job %d: %w", i, err)
		}
		crit[i] = -1
		for k, q := range criterionOrder {
			if q == p {
				crit[i] = k
			}
		}
		user[i] = css.Job{Request: j.Request, Criterion: p}
		plain[i] = css.Job{Request: j.Request, Criterion: css.Start}
		actual[i] = j.Actual
	}
	l := cy.List
	var cssPlan chosenPlan
	if c.run[VariantCSS] || c.run[VariantShift] {
		p, err := c.cssPlan(i, l, plain)
		if err != nil {
			return fmt.Errorf("%s: %w", VariantCSS, err)
		}
		cssPlan = p
		if c.run[VariantCSS] {
			if err := c.record(VariantCSS, cy, c.keptChosen(p, actual), crit); err != nil {
				return err
			}
		}
	}
	if c.run[VariantShift] {
		free, err := takenFrom(l, cssPlan.windows)
		if err != nil {
			return fmt.Errorf("%s: %w", VariantShift, err)
		}
		ws, err := css.Shift(free, css.Requests(plain), cssPlan.windows)
		if err != nil {
			return err
		}
		if err := c.record(VariantShift, cy, Outcome{Planned: ws, Alternatives: cssPlan.alternatives}, crit); err != nil {
			return err
		}
	}
	if c.run[VariantGeneralised] {
		p, err := css.Sliced(l, user, c.cfg.Slices, c.batch)
		if err != nil {
			return fmt.Errorf("%s: %w", VariantGeneralised, err)
		}
		if err := c.record(VariantGeneralised, cy, c.kept(p, actual), crit); err != nil {
			return err
		}
		if o := c.env.Nodes.Owned; o != nil {
			for i := range p.Chosen {
				a, _ := p.Choice(i)
				for _, s := range a.Window.Slots {
					if s.Node == o.Node {
						c.owned += s.Length()
					}
				}
			}
		}
	}
	if c.run[VariantHybrid] {
		p, err := css.Hybrid(&c.sched, l, user, c.cfg.HybridCSSJobs, c.batch)
		if err != nil {
			return fmt.Errorf("%s: %w", VariantHybrid, err)
		}
		if err := c.record(VariantHybrid, cy, Outcome{Planned: css.ChosenWindows(p)}, crit); err != nil {
			return err
		}
	}
	if c.run[VariantBackfill] {
		p, err := c.sched.Backfill(l, plain)
		if err != nil {
			return fmt.Errorf("%s: %w", VariantBackfill, err)
		}
		o := Outcome{Planned: css.ChosenWindows(p)}
		if c.cfg.Actual {
			free, err := takenFrom(l, o.Planned)
			if err != nil {
				return fmt.Errorf("%s: %w", VariantBackfill, err)
			}
			if o.Actual, err = css.Replan(&c.search, free, plain, o.Planned, actual); err != nil {
				return fmt.Errorf("%s: %w", VariantBackfill, err)
			}
		}
		if err := c.record(VariantBackfill, cy, o, crit); err != nil {
			return err
		}
	}
	return nil
}

// record checks the outcome when asked to, then tallies it.
func (c *CSS2014Cycler) record(variant string, cy toporkov.Cycle, o Outcome, crit []int) error {
	if c.cfg.Check {
		if err := CheckPlan(cy, o); err != nil {
			return fmt.Errorf("%s: %w", variant, err)
		}
	}
	c.cfg.Windows.Planned(variant, o.Planned)
	c.tally[variant].add(o, crit)
	return nil
}

// CheckPlan verifies an outcome on its cycle (the debug invariant
// checker): every planned window is valid for its job (slot.Window.Check)
// and within its budget, every planned and every actual window lies in
// the cycle's free time, and no two windows of either set overlap.
// Errors wrap slot.ErrInvariant or slot.ErrInvalidWindow.
func CheckPlan(cy toporkov.Cycle, o Outcome) error {
	free := css.NewTimeline(cy.List)
	for _, set := range []struct {
		name string
		ws   []slot.Window
	}{{"planned", o.Planned}, {"actual", o.Actual}} {
		var all []slot.Window
		for i, w := range set.ws {
			if len(w.Slots) == 0 {
				continue
			}
			if set.name == "planned" {
				if err := w.Check(cy.List.Nodes, cy.Jobs[i].Request); err != nil {
					return fmt.Errorf("slotexp: job %d: %w", i, err)
				}
				if b := cy.Jobs[i].Budget; w.Cost > b*(1+1e-9) {
					return fmt.Errorf("%w: job %d: cost %v above the budget %v", slot.ErrInvariant, i, w.Cost, b)
				}
			}
			if !free.Fits(w) {
				return fmt.Errorf("%w: job %d: %s window %v is not in free time", slot.ErrInvariant, i, set.name, w.Slots)
			}
			all = append(all, w)
		}
		if err := slot.CheckDisjoint(all); err != nil {
			return fmt.Errorf("%s: %w", set.name, err)
		}
	}
	return nil
}

// takenFrom returns the free time of l with the windows taken.
func takenFrom(l *slot.List, ws []slot.Window) (*css.Timeline, error) {
	free := css.NewTimeline(l)
	for i, w := range ws {
		if len(w.Slots) > 0 {
			if err := free.Take(w); err != nil {
				return nil, fmt.Errorf("slotexp: job %d: %w", i, err)
			}
		}
	}
	return free, nil
}

// counts returns the number of alternatives of every job of the plan.
func counts(p css.Plan) []int {
	out := make([]int, len(p.Alternatives))
	for i, a := range p.Alternatives {
		out[i] = len(a)
	}
	return out
}

// kept returns the outcome of a plan that is kept as planned when actual
// runtimes are simulated (CSS and the generalised scheme).
func (c *CSS2014Cycler) kept(p css.Plan, actual []float64) Outcome {
	return c.keptChosen(chosenPlan{windows: css.ChosenWindows(p), alternatives: counts(p)}, actual)
}

// keptChosen is kept of what a plan chose.
func (c *CSS2014Cycler) keptChosen(p chosenPlan, actual []float64) Outcome {
	o := Outcome{Planned: p.windows, Alternatives: p.alternatives}
	if c.cfg.Actual {
		o.Actual = css.KeepPlan(o.Planned, actual)
	}
	return o
}

// Metrics returns the tallied metrics: for every variant run, its failed
// share, per-job means, batch totals, and (for the variants with
// alternatives) the alternatives per job; per-criterion means for the
// generalised scheme and plain CSS (Table 1); actual means when simulated
// (Table 3); and, with an owned node, its busy time, load, profit
// (Table 2).
func (c *CSS2014Cycler) Metrics() results.Metrics {
	var m results.Metrics
	for _, v := range CSS2014Variants() {
		if !c.run[v] {
			continue
		}
		var byCrit []string
		if v == VariantGeneralised {
			for _, p := range criterionOrder {
				byCrit = append(byCrit, p.String())
			}
		}
		withAlts := v != VariantBackfill && v != VariantHybrid
		withActual := c.cfg.Actual && (v == VariantCSS || v == VariantGeneralised || v == VariantBackfill)
		m = c.tally[v].metrics(m, v, byCrit, withAlts, withActual)
	}
	if o := c.env.Nodes.Owned; o != nil && c.run[VariantGeneralised] {
		cycles := float64(c.tally[VariantGeneralised].cycles)
		busy := div(c.owned, cycles)
		m = m.Add("owned_busy", busy)
		m = m.Add("owned_load", busy/c.env.Cycle)
		m = m.Add("owned_profit", busy*o.Price)
	}
	return m
}

// RunCSS2014 runs cfg.Cycles cycles (fewer with cfg.MaxJobs) from gen and
// returns the metrics; a cancelled ctx ends it between two cycles with
// sim.ErrInterrupted (see RunCycles).
func RunCSS2014(ctx context.Context, gen *toporkov.CSS2014Generator, cfg CSS2014Config) (results.Metrics, error) {
	c, err := NewCSS2014Cycler(cfg, gen.Config())
	if err != nil {
		return nil, err
	}
	err = RunCycles(ctx, cfg.Cycles, cfg.MaxJobs, func(i int) (int, error) {
		cy := gen.Next()
		cfg.Windows.Begin(i)
		if err := c.runCycle(i, cy); err != nil {
			return 0, fmt.Errorf("slotexp: cycle %d: %w", i, err)
		}
		return len(cy.Jobs), nil
	})
	if err == nil {
		err = cfg.Windows.Flush()
	}
	if err != nil {
		return nil, err
	}
	return c.Metrics(), nil
}

package slotexp

import (
	"fmt"

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
}

// CSS2014Cycler runs the cycles of the 2014 experiments. It is not safe
// for concurrent use.
type CSS2014Cycler struct {
	cfg    CSS2014Config
	env    toporkov.CSS2014Config
	sched  css.BatchScheduler
	search slots.Searcher
	run    map[string]bool
	crits  []slots.Criterion // by index in env.Jobs.Criteria order of names
	tally  map[string]*variantTally
	owned  ownedTally
}

// ownedTally accumulates the owned node's use under the generalised
// scheme (Table 2).
type ownedTally struct {
	busy float64
}

// NewCSS2014Cycler validates the settings and returns a cycler.
func NewCSS2014Cycler(cfg CSS2014Config, env toporkov.CSS2014Config) (*CSS2014Cycler, error) {
	c := &CSS2014Cycler{cfg: cfg, env: env, sched: css.MinProcScheduler(), run: map[string]bool{}, tally: map[string]*variantTally{}}
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
		return nil, fmt.Errorf("slotexp: hybrid_css_jobs must be in [0, %d] (got %d)", env.Jobs.Count, cfg.HybridCSSJobs)
	}
	for _, name := range criterionOrder {
		cr, ok := slots.CriterionByName(name)
		if !ok {
			return nil, fmt.Errorf("slotexp: unknown criterion %q", name)
		}
		c.crits = append(c.crits, cr)
	}
	for _, v := range CSS2014Variants() {
		c.tally[v] = &variantTally{byCriterion: make([]jobSums, len(criterionOrder))}
	}
	return c, nil
}

// criterionOrder is the order of Table 1's rows.
var criterionOrder = []string{"start", "runtime", "finish", "cost"}

func (c *CSS2014Cycler) firstFit(l *slot.List, r slot.Request) (slot.Window, bool, error) {
	return c.search.Find(l, r, slots.AMPLimits(r), slots.EarliestStart)
}

// RunCycle schedules one cycle with every variant and tallies it.
func (c *CSS2014Cycler) RunCycle(cy toporkov.CSS2014Cycle) error {
	n := len(cy.Jobs)
	user := make([]css.Job, n)
	plain := make([]css.Job, n)
	crit := make([]int, n)
	actual := make([]float64, n)
	for i, j := range cy.Jobs {
		crit[i] = -1
		for k, name := range criterionOrder {
			if name == j.Criterion {
				crit[i] = k
				user[i] = css.Job{Request: j.Request, Criterion: c.crits[k]}
			}
		}
		if crit[i] < 0 {
			return fmt.Errorf("slotexp: job %d: unknown criterion %q", i, j.Criterion)
		}
		plain[i] = css.Job{Request: j.Request}
		actual[i] = j.Actual
	}
	l := cy.List
	var cssPlan css.Plan
	if c.run[VariantCSS] || c.run[VariantShift] {
		p, err := c.sched(l, plain)
		if err != nil {
			return fmt.Errorf("%s: %w", VariantCSS, err)
		}
		cssPlan = p
		if c.run[VariantCSS] {
			c.tally[VariantCSS].add(c.outcome(p, actual), crit)
		}
	}
	if c.run[VariantShift] {
		free := css.NewTimeline(l)
		for i, w := range cssPlan.Windows {
			if len(w.Slots) > 0 {
				if err := free.Take(w); err != nil {
					return fmt.Errorf("%s: job %d: %w", VariantShift, i, err)
				}
			}
		}
		reqs := make([]slot.Request, n)
		for i := range plain {
			reqs[i] = plain[i].Request
		}
		ws, err := css.Shift(free, reqs, cssPlan.Windows)
		if err != nil {
			return err
		}
		c.tally[VariantShift].add(c.outcome(css.Plan{Windows: ws, Alternatives: cssPlan.Alternatives}, actual), crit)
	}
	if c.run[VariantGeneralised] {
		p, err := css.Sliced(l, user, c.cfg.Slices, c.sched)
		if err != nil {
			return fmt.Errorf("%s: %w", VariantGeneralised, err)
		}
		c.tally[VariantGeneralised].add(c.outcome(p, actual), crit)
		if o := c.env.Nodes.Owned; o != nil {
			for _, w := range p.Windows {
				for _, s := range w.Slots {
					if s.Node == o.Node {
						c.owned.busy += s.Length()
					}
				}
			}
		}
	}
	if c.run[VariantHybrid] {
		p, err := css.Hybrid(l, user, c.cfg.HybridCSSJobs, c.sched, c.firstFit)
		if err != nil {
			return fmt.Errorf("%s: %w", VariantHybrid, err)
		}
		c.tally[VariantHybrid].add(Outcome{Planned: p.Windows, Alternatives: p.Alternatives}, crit)
	}
	if c.run[VariantBackfill] {
		p, err := css.Backfill(l, plain, c.firstFit)
		if err != nil {
			return fmt.Errorf("%s: %w", VariantBackfill, err)
		}
		o := Outcome{Planned: p.Windows}
		if c.cfg.Actual {
			free := css.NewTimeline(l)
			for i, w := range p.Windows {
				if len(w.Slots) > 0 {
					if err := free.Take(w); err != nil {
						return fmt.Errorf("%s: job %d: %w", VariantBackfill, i, err)
					}
				}
			}
			reqs := make([]slot.Request, n)
			for i := range plain {
				reqs[i] = plain[i].Request
			}
			if o.Actual, err = css.Replan(free, reqs, p.Windows, actual, c.firstFit); err != nil {
				return fmt.Errorf("%s: %w", VariantBackfill, err)
			}
		}
		c.tally[VariantBackfill].add(o, crit)
	}
	return nil
}

// outcome wraps a plan that is kept as planned when actual runtimes are
// simulated.
func (c *CSS2014Cycler) outcome(p css.Plan, actual []float64) Outcome {
	o := Outcome{Planned: p.Windows, Alternatives: p.Alternatives}
	if c.cfg.Actual {
		o.Actual = css.KeepPlan(p.Windows, actual)
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
			byCrit = criterionOrder
		}
		withAlts := v != VariantBackfill
		withActual := c.cfg.Actual && (v == VariantCSS || v == VariantGeneralised || v == VariantBackfill)
		m = c.tally[v].metrics(m, v, byCrit, withAlts, withActual)
	}
	if o := c.env.Nodes.Owned; o != nil && c.run[VariantGeneralised] {
		cycles := float64(c.tally[VariantGeneralised].cycles)
		busy := div(c.owned.busy, cycles)
		m = m.Add("owned_busy", busy)
		m = m.Add("owned_load", busy/c.env.Cycle)
		m = m.Add("owned_profit", busy*o.Price)
	}
	return m
}

// RunCSS2014 runs cfg.Cycles cycles from gen and returns the metrics.
// stop, when not nil, is polled between cycles and ends the run early
// with its error.
func RunCSS2014(gen *toporkov.CSS2014Generator, cfg CSS2014Config, stop func() error) (results.Metrics, error) {
	c, err := NewCSS2014Cycler(cfg, gen.Config())
	if err != nil {
		return nil, err
	}
	for i := 0; i < cfg.Cycles; i++ {
		if stop != nil {
			if err := stop(); err != nil {
				return nil, err
			}
		}
		if err := c.RunCycle(gen.Next()); err != nil {
			return nil, fmt.Errorf("cycle %d: %w", i, err)
		}
	}
	return c.Metrics(), nil
}

package slotexp

import (
	"context"
	"fmt"
	"io"
	"math"

	"github.com/schedsim/schedsim/model/records"
	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/anticipation"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// The experiments of "Anticipation scheduling in grid with stakeholders
// preferences" (section 4).
const (
	// ExperimentReplication is section 4.1 (Table 1): CSS for C → max
	// with lim Ua = 0%, the reference limit and 100%, and the linear and
	// geometric replication of the reference solution.
	ExperimentReplication = "replication"
	// ExperimentComparison is section 4.2 (Figures 1–4): one method (BF,
	// CSS or ANT) on the same batches.
	ExperimentComparison = "comparison"
)

// The methods of the comparison.
const (
	MethodBF  = "bf"
	MethodCSS = "css"
	MethodANT = "ant"
)

// ANTConfig holds the settings of an anticipation experiment other than
// the generator's.
type ANTConfig struct {
	// Experiment is ExperimentReplication or ExperimentComparison.
	Experiment string
	// Batches is the number of independent batches (cycles).
	Batches int
	// Limit is lim Ua of the problem C → max, lim Ua (percent): the
	// reference of the replication experiment, the problem of CSS and
	// ANT in the comparison.
	Limit float64
	// Method is the comparison's method (MethodBF, MethodCSS, MethodANT).
	Method string
	// Similarity is the replication criterion: of both replications in
	// the replication experiment (its Distance is ignored there: both
	// are run), of ANT in the comparison.
	Similarity anticipation.Similarity
	// StartFromBackfilling makes a prior backfilling schedule give ANT's
	// reference start of every job (section 4.2); otherwise the
	// reference's own start is used.
	StartFromBackfilling bool
	// Check runs css.CheckPlan on every feasible schedule.
	Check bool
	// Windows, when not nil, records the alternatives and chosen windows
	// of the first batches (see Windows).
	Windows *Windows
}

// Validate checks the settings.
func (c ANTConfig) Validate() error {
	switch c.Experiment {
	case ExperimentReplication, ExperimentComparison:
	default:
		return fmt.Errorf("slotexp: experiment must be %q or %q (got %q)", ExperimentReplication, ExperimentComparison, c.Experiment)
	}
	if c.Experiment == ExperimentComparison {
		if _, err := css.Policies.New(c.Method, c.PolicyOptions()); err != nil {
			return fmt.Errorf("slotexp: method: %w", err)
		}
	}
	if c.Batches < 1 {
		return fmt.Errorf("slotexp: batches must be ≥ 1 (got %d)", c.Batches)
	}
	if err := css.CostMaxUtilityLimit(c.Limit).Validate(); err != nil {
		return err
	}
	return c.Similarity.Validate()
}

// PolicyOptions returns the options of the comparison's method, a policy
// of the css registry (css.Policies): the limit, the similarity and
// StartFromBackfilling.
func (c ANTConfig) PolicyOptions() css.Options {
	o := css.Options{
		Limit:                c.Limit,
		Distance:             c.Similarity.Distance.String(),
		ErrorFloor:           c.Similarity.Floor,
		AtReferenceStart:     c.Similarity.AtReferenceStart,
		StartFromBackfilling: c.StartFromBackfilling,
	}
	for _, t := range c.Similarity.Terms {
		o.Terms = append(o.Terms, t.String())
	}
	return o
}

// The columns of Table 1, in the paper's order, as metric prefixes.
const (
	ColumnLim0      = "lim0_"
	ColumnReference = "reference_"
	ColumnLinear    = "linear_"
	ColumnGeometric = "geometric_"
	ColumnLim100    = "lim100_"
)

// Table1Columns returns the metric prefixes of Table 1's columns.
func Table1Columns() []string {
	return []string{ColumnLim0, ColumnReference, ColumnLinear, ColumnGeometric, ColumnLim100}
}

// Table1References returns the paper's Table 1 (lim Ua = 10% as the
// reference) under the metric names of the replication experiment.
func Table1References() map[string]float64 {
	ref := map[string]float64{}
	vals := map[string][5]float64{
		MetricCost:     {1283, 1349, 1353, 1353, 1475},
		MetricProcTime: {191.6, 191.2, 190.6, 190.5, 202.3},
		MetricFinish:   {367.1, 353.8, 356.2, 356.4, 358.5},
		MetricUtility:  {0, 9.9, 17.6, 17.8, 65},
	}
	for name, v := range vals {
		for k, col := range Table1Columns() {
			ref[col+name] = v[k]
		}
	}
	return ref
}

// ANTRunner runs the batches of an anticipation experiment and keeps the
// schedulers' buffers. It is not safe for concurrent use; its zero value
// is ready.
type ANTRunner struct {
	css css.Scheduler
	ant anticipation.Scheduler
	rep anticipation.Replicator
	// policy is the comparison's method, made from policyKey.
	policy    css.Policy
	policyKey string
	// Tallies are the accumulated outcomes: one per Table 1 column, or
	// one for the comparison's method.
	Tallies map[string]*MethodTally
	// Alternatives counts the CSS alternatives found (replication) and
	// Batches the batches run.
	Alternatives, Batches int
	jobs                  *records.Writer
	cancelled             func() bool
	// memo, when not nil, makes what the points sharing the batches
	// derive alike once (see comparison).
	memo BatchMemo
}

// JobColumns are the columns of the per-job records: the batch, the job's
// index, the column or method (its index in Table1Columns, or 0 BF, 1
// CSS, 2 ANT), the user criterion (index in toporkov.UserCriteria), the
// nodes, the length, then start, finish, runtime, processor time, cost
// and utility (NaN for a job without a window).
var JobColumns = []string{"batch", "job", "column", "criterion", "nodes", "length", "start", "finish", "runtime", "proctime", "cost", "utility"}

// Jobs makes the runner write per-job records to w.
func (r *ANTRunner) Jobs(w io.Writer) {
	r.jobs = records.New(w)
	r.jobs.Header(JobColumns...)
}

// Flush writes the buffered per-job records.
func (r *ANTRunner) Flush() error {
	if r.jobs == nil {
		return nil
	}
	return r.jobs.Flush()
}

// CSSJobs converts a generated batch to CSS jobs.
func CSSJobs(batch []toporkov.Job) ([]css.Job, []css.Property, error) {
	jobs := make([]css.Job, len(batch))
	crits := make([]css.Property, len(batch))
	for i, b := range batch {
		p, err := css.ParseProperty(b.Criterion)
		if err != nil {
			return nil, nil, fmt.Errorf("slotexp: job %d: %w", i, err)
		}
		jobs[i] = css.Job{Request: b.Request, Criterion: p, PriceFactor: b.PriceFactor}
		crits[i] = p
	}
	return jobs, crits, nil
}

// Batch runs one batch of the experiment on the domain d.
func (r *ANTRunner) Batch(d toporkov.Cycle, cfg ANTConfig) error {
	if r.Tallies == nil {
		r.Tallies = map[string]*MethodTally{}
	}
	jobs, crits, err := CSSJobs(d.Jobs)
	if err != nil {
		return err
	}
	record := func(column int, name string, p css.Plan) error {
		if cfg.Check {
			if err := css.CheckPlan(d.List, jobs, p); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		t := r.Tallies[name]
		if t == nil {
			t = &MethodTally{}
			r.Tallies[name] = t
		}
		t.Add(p, crits)
		r.writeJobs(column, jobs, crits, p)
		cfg.Windows.Plan(name, p)
		return nil
	}
	defer func() { r.Batches++ }()
	if cfg.Experiment == ExperimentReplication {
		return r.replication(d.List, jobs, cfg, record)
	}
	return r.comparison(d.List, jobs, cfg, record)
}

func (r *ANTRunner) replication(l *slot.List, jobs []css.Job, cfg ANTConfig, record func(int, string, css.Plan) error) error {
	alts, err := r.css.Alternatives(l, jobs)
	if err != nil {
		return err
	}
	for _, ja := range alts {
		r.Alternatives += len(ja)
	}
	ranges := jobRanges(alts, jobs)
	var refPlan css.Plan
	for _, c := range []struct {
		col int
		lim float64
	}{{0, 0}, {1, cfg.Limit}, {4, 100}} {
		plan, err := r.css.Choose(alts, css.CostMaxUtilityLimit(c.lim))
		if err != nil {
			return err
		}
		if c.col == 1 {
			refPlan = plan
		}
		if err := record(c.col, Table1Columns()[c.col], plan); err != nil {
			return err
		}
	}
	refs, has := anticipation.References(refPlan)
	// both distances replicate the one reference: while they place the
	// same windows, their searches share a sweep (ReplicateEach).
	linear, geometric := cfg.Similarity, cfg.Similarity
	linear.Distance, geometric.Distance = anticipation.Linear, anticipation.Geometric
	plans, err := r.rep.ReplicateEach(l, jobs, refs, has, linear, geometric)
	if err != nil {
		return err
	}
	for k, plan := range plans {
		setUtilities(plan, ranges, jobs)
		if err := record(2+k, Table1Columns()[2+k], plan); err != nil {
			return err
		}
	}
	return nil
}

// jobRanges returns the range of every job's criterion over its
// alternatives (css.Range), what a utility is measured against.
func jobRanges(alts [][]css.Alternative, jobs []css.Job) [][2]float64 {
	ranges := make([][2]float64, len(jobs))
	for i, j := range jobs {
		ranges[i][0], ranges[i][1] = css.Range(alts[i], j.Criterion)
	}
	return ranges
}

// setUtilities measures every placed window's utility against the range
// of the job's criterion over its alternatives (as css.UtilityIn).
func setUtilities(p css.Plan, ranges [][2]float64, jobs []css.Job) {
	for i, j := range jobs {
		if a, ok := p.Choice(i); ok {
			p.Alternatives[i][p.Chosen[i]].Utility = css.UserUtility(a.Value(j.Criterion), ranges[i][0], ranges[i][1])
		}
	}
}

func (r *ANTRunner) comparison(l *slot.List, jobs []css.Job, cfg ANTConfig, record func(int, string, css.Plan) error) error {
	o := cfg.PolicyOptions()
	o.Cancelled = r.cancelled
	if key := fmt.Sprintf("%s %+v", cfg.Method, o); r.policy == nil || key != r.policyKey {
		p, err := css.Policies.New(cfg.Method, o)
		if err != nil {
			return fmt.Errorf("slotexp: method: %w", err)
		}
		r.policy, r.policyKey = p, key
	}
	plan, err := r.schedule(l, jobs, cfg.Method)
	if err != nil {
		return err
	}
	if cfg.Method == MethodBF {
		// backfilling has no alternatives to measure its windows
		// against: measure them against the jobs' ideal ones, as ANT's.
		ranges, err := r.idealRanges(l, jobs)
		if err != nil {
			return err
		}
		setUtilities(plan, ranges, jobs)
	}
	return record(methodColumn(cfg.Method), cfg.Method, plan)
}

// schedule runs the comparison's method on the batch. What a method
// derives from the batch alike whatever its options, the points that
// share the batches derive once (the memo): the alternatives of a
// two-step method, ANT's ideal alternatives, and the backfilling plan
// of bf and of ANT's reference starts.
func (r *ANTRunner) schedule(l *slot.List, jobs []css.Job, method string) (css.Plan, error) {
	if r.memo == nil {
		return r.policy.Schedule(l, jobs)
	}
	if method == MethodBF {
		bf, err := r.backfill(l, jobs)
		if err != nil {
			return css.Plan{}, err
		}
		// the utilities are set on the plan: on a copy of the shared one
		plan := css.Plan{Alternatives: make([][]css.Alternative, len(bf.Alternatives)), Chosen: bf.Chosen}
		own := make([]css.Alternative, 0, len(bf.Alternatives))
		for i, a := range bf.Alternatives {
			own = append(own, a...)
			plan.Alternatives[i] = own[len(own)-len(a) : len(own) : len(own)]
		}
		return plan, nil
	}
	switch p := r.policy.(type) {
	case css.TwoStepPolicy:
		alts, err := r.memo.Memo("css alternatives", func() (any, error) { return p.Alternatives(l, jobs) })
		if err != nil {
			return css.Plan{}, err
		}
		return p.Choose(alts.([][]css.Alternative))
	case anticipation.IdealPolicy:
		id, err := r.ideal(l, jobs)
		if err != nil {
			return css.Plan{}, err
		}
		return p.ScheduleIdeal(l, jobs, id, func() (css.Plan, error) { return r.backfill(l, jobs) })
	}
	return r.policy.Schedule(l, jobs)
}

// backfill returns the batch's conservative backfilling plan, made once
// for the points that share the batches (the memo); it is read only.
func (r *ANTRunner) backfill(l *slot.List, jobs []css.Job) (css.Plan, error) {
	v, err := r.memo.Memo("backfill", func() (any, error) { return r.css.Backfill(l, jobs) })
	if err != nil {
		return css.Plan{}, err
	}
	return v.(css.Plan), nil
}

// ideal returns the batch's ideal alternatives, searched once for the
// points that share the batches (the memo): ANT's and bf's, whose
// utilities are measured against them.
func (r *ANTRunner) ideal(l *slot.List, jobs []css.Job) (*anticipation.Ideal, error) {
	if r.memo == nil {
		return r.ant.Ideal(l, jobs)
	}
	v, err := r.memo.Memo(MemoIdeal, func() (any, error) { return r.ant.Ideal(l, jobs) })
	if err != nil {
		return nil, err
	}
	return v.(*anticipation.Ideal), nil
}

// idealRanges returns the range of every job's criterion over its ideal
// alternatives (see jobRanges).
func (r *ANTRunner) idealRanges(l *slot.List, jobs []css.Job) ([][2]float64, error) {
	id, err := r.ideal(l, jobs)
	if err != nil {
		return nil, err
	}
	return id.Ranges(jobs)
}

// methodColumn returns the column of a comparison method in the per-job
// records: 0 BF, 1 CSS, 2 ANT, 3 any other registered policy.
func methodColumn(name string) int {
	for k, m := range []string{MethodBF, MethodCSS, MethodANT} {
		if m == name {
			return k
		}
	}
	return 3
}

func (r *ANTRunner) writeJobs(column int, jobs []css.Job, crits []css.Property, p css.Plan) {
	if r.jobs == nil {
		return
	}
	for i, j := range jobs {
		a, ok := p.Choice(i)
		v := [6]float64{a.Start, a.Finish, a.Runtime, a.ProcTime, a.Cost, a.Utility}
		if !ok {
			for k := range v {
				v[k] = math.NaN()
			}
		}
		r.jobs.Row(float64(r.Batches), float64(i), float64(column), float64(criterionIndex(crits[i])), float64(j.Request.Nodes), j.Request.Length,
			v[0], v[1], v[2], v[3], v[4], v[5])
	}
}

// Metrics returns the experiment's metrics: per Table 1 column (prefixed
// as in Table1Columns) or for the comparison's method (unprefixed), see
// MethodTally.Metrics; with the replication experiment also the ratios
// to the reference column (ANTRunner.table1Ratios) and the CSS
// alternatives per job.
func (r *ANTRunner) Metrics(cfg ANTConfig, criteria []string) results.Metrics {
	var m results.Metrics
	if cfg.Experiment == ExperimentReplication {
		for _, col := range Table1Columns() {
			m = r.tally(col).Metrics(m, col, nil)
		}
		m = r.table1Ratios(m)
		jobs := r.tally(ColumnLim0).Jobs
		return m.Add("alternatives_per_job", mean(float64(r.Alternatives), jobs))
	}
	return r.tally(cfg.Method).Metrics(m, "", criteria)
}

func (r *ANTRunner) tally(name string) MethodTally {
	if t := r.Tallies[name]; t != nil {
		return *t
	}
	return MethodTally{}
}

// Batches gives an anticipation experiment its batches, one after
// another: a toporkov.DomainGenerator, or batches it generated before,
// which RunANT only reads.
type Batches interface {
	Next() toporkov.Cycle
	Config() toporkov.DomainConfig
}

// MemoIdeal is the BatchMemo key of a batch's ideal alternatives
// (anticipation.Ideal), the largest value the points derive alike: a
// source may bound what it keeps of them.
const MemoIdeal = "ideal alternatives"

// A BatchMemo is a source of batches that several points run alike (the
// comparison's points that differ only in the method or the limit):
// what each would derive from a batch in the same way is made once.
type BatchMemo interface {
	// Memo returns the value build makes under key for the batch that
	// Next returned last, built once for every point that shares the
	// batches; the value is read only.
	Memo(key string, build func() (any, error)) (any, error)
}

// RunANT runs cfg.Batches batches (one a cycle) from g on one goroutine
// and returns the experiment's metrics; a cancelled ctx ends it between
// two batches with sim.ErrInterrupted (see RunCycles), and within a
// batch before every job's search (slots.ErrCancelled). With jobs not
// nil, per-job records are written to it.
func RunANT(ctx context.Context, g Batches, cfg ANTConfig, jobs io.Writer) (results.Metrics, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	var r ANTRunner
	if jobs != nil {
		r.Jobs(jobs)
	}
	r.memo, _ = g.(BatchMemo)
	cancelled := func() bool { return ctx.Err() != nil }
	r.cancelled = cancelled
	r.css.Cancelled, r.ant.Cancelled, r.rep.Cancelled = cancelled, cancelled, cancelled
	err := RunCycles(ctx, cfg.Batches, 0, func(b int) (int, error) {
		cy := g.Next()
		cfg.Windows.Begin(b)
		if err := r.Batch(cy, cfg); err != nil {
			return 0, fmt.Errorf("slotexp: batch %d: %w", b, err)
		}
		return len(cy.Jobs), nil
	})
	if err != nil {
		return nil, err
	}
	if err := r.Flush(); err != nil {
		return nil, err
	}
	if err := cfg.Windows.Flush(); err != nil {
		return nil, err
	}
	return r.Metrics(cfg, g.Config().Batch.Criteria), nil
}

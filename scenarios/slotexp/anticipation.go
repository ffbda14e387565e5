package slotexp

import (
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

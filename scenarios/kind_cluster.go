package scenarios

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/model"

	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/policies/batch"
	"github.com/schedsim/schedsim/policies/predict"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/workloads/swf"
)

func init() {
	Register(Kind{
		Name:      "cluster",
		Summary:   "SWF trace replay on a homogeneous cluster under a batch policy (" + strings.Join(batch.Policies.Names(), ", ") + ")",
		NewParams: func() Params { return NewClusterParams() },
		Headline:  []string{"mean_wait", "mean_bsld", "utilization"},
	})
}

// ClusterParams are the parameters of the cluster kind: which trace (or
// Source) to replay (with the SWF package's filters), on how many
// processors, under which batch policy. A trace replay is deterministic:
// every replication gives the same result, so one replication is enough,
// unless replicate: shakes, windows or resamples the trace in each; a
// generated source with seed 0 gives every replication its own jobs.
type ClusterParams struct {
	// Trace is the SWF file (.swf or .swf.gz). A relative path is
	// resolved against the scenario file's directory (the working
	// directory for built-in scenarios). A name without a path separator
	// that is no file is a catalogue trace (SDSC-SP2, see package
	// workloads/catalog), found in the trace directories or the cache.
	Trace string `yaml:"trace"`
	// Source replaces Trace with a generated workload or a Slurm
	// accounting dump (see Source); the filters below apply to it too.
	Source *Source `yaml:"source,omitempty"`
	// Procs is the number of processors; 0 takes the trace header's
	// MaxProcs (MaxNodes when MaxProcs is absent).
	Procs int `yaml:"procs"`
	// Policy is a batch policy name (see batch.Policies).
	Policy string `yaml:"policy"`
	// Order is the queue order: submit (default), sjf or maui.
	Order string `yaml:"order"`
	// Weights are the weights of the maui order (see batch.Weights).
	Weights batch.Weights `yaml:"weights"`
	// Predictor is the runtime predictor of the policies that plan with
	// one (see predict.Predictors; empty: the policy's default, requested
	// but for easy++).
	Predictor string `yaml:"predictor"`
	// Options are the predictor's options (predictor_k,
	// predictor_fallback, correction, correction_increment,
	// correction_list; see predict.Options).
	predict.Options `yaml:",inline"`
	// DelayFactor is greedy-easy's: the queue head is reserved no earlier
	// than now + delay_factor × its requested time.
	DelayFactor float64 `yaml:"delay_factor"`
	// Estimates is where runtime estimates come from: requested (the
	// requested time, field 9; the run time when it is missing), exact
	// (the run time) or factor (run time × estimate_factor).
	Estimates string `yaml:"estimates"`
	// EstimateFactor is the factor of estimates: factor (≥ 1).
	EstimateFactor float64 `yaml:"estimate_factor"`
	// Jobs replays only the first N usable jobs (0: all).
	Jobs int `yaml:"jobs"`
	// SkipDays and Days replay the jobs submitted in [t0 + skip_days,
	// t0 + skip_days + days) days, t0 being the trace's first submit
	// (days 0: no end).
	SkipDays float64 `yaml:"skip_days"`
	// Days is the length of the window (see SkipDays).
	Days float64 `yaml:"days"`
	// Load scales the offered load by dividing inter-arrival times (1: the
	// trace as it is).
	Load float64 `yaml:"load"`
	// Statuses keeps only the records with these SWF statuses (field 11;
	// empty: all).
	Statuses []int `yaml:"statuses"`
	// KeepZeroRuntime keeps the records whose run time is 0.
	KeepZeroRuntime bool `yaml:"keep_zero_runtime"`
	// KillAtEstimate ends jobs at their requested time (never at a
	// prediction) instead of letting them overrun.
	KillAtEstimate bool `yaml:"kill_at_estimate"`
	// OverrunStep is the first extension, in seconds, of the estimated
	// end of a job that runs past it (doubling each time again).
	OverrunStep float64 `yaml:"overrun_step"`
	// Tau is the runtime bound of the bounded slowdown, in seconds.
	Tau float64 `yaml:"tau"`
	// Replicate, when set, replays a shaken, windowed or resampled trace
	// in each replication (see Replicate), so a replay gets CIs.
	Replicate *Replicate `yaml:"replicate,omitempty"`
	// CompareRecorded compares the simulated start of every job with its
	// recorded one (submit + the SWF wait): metrics start_error_median …
	// same_order, a table after the metrics, recorded.csv and
	// recorded-summary.csv (docs/reference/compare-recorded.md).
	CompareRecorded bool `yaml:"compare_recorded"`

	baseDir string
}

// NewClusterParams returns the defaults: EASY in submit order, requested
// times as estimates, the whole trace at its own load, τ = 10 s.
func NewClusterParams() *ClusterParams {
	return &ClusterParams{
		Policy: "easy", Order: batch.OrderSubmit, Estimates: "requested", EstimateFactor: 1, DelayFactor: batch.DefaultDelayFactor,
		Options: predict.Options{K: predict.DefaultK},
		Load:    1, OverrunStep: cluster.DefaultOverrunStep, Tau: cluster.DefaultTau,
	}
}

// SetBaseDir sets the directory relative trace paths are resolved against.
func (p *ClusterParams) SetBaseDir(dir string) { p.baseDir = dir }

// TracePath returns the trace file: the path resolved against the base
// directory, or where the catalogue trace it names was found.
func (p *ClusterParams) TracePath() string {
	path, _ := resolveTrace(p.Trace, p.baseDir)
	return path
}

// MaxClusterProcs bounds a cluster's processors, given or taken from the
// trace header, so that no count over them overflows.
const MaxClusterProcs = 1 << 24

// Validate checks every parameter; a trace file that does not exist is an
// error naming the resolved path.
func (p *ClusterParams) Validate() error {
	if err := model.FirstError(
		ValidateJobInput(p.Trace, p.Source, p.baseDir, p.Procs),
		model.IntRange("procs", p.Procs, 0, MaxClusterProcs),
		model.OneOf("policy", p.Policy, batch.Policies.Names()...),
		model.OneOf("order", p.Order, batch.Orders()...),
		batch.Options{Order: p.Order, Weights: p.Weights}.Validate(),
		p.validatePredictor(),
		p.validateCompare(),
		model.OneOf("estimates", p.Estimates, "requested", "exact", "factor"),
		model.FloatRange("estimate_factor", p.EstimateFactor, 1, 1e6),
		model.IntRange("jobs", p.Jobs, 0, math.MaxInt32),
		model.FloatRange("skip_days", p.SkipDays, 0, 1e6),
		model.FloatRange("days", p.Days, 0, 1e6),
		model.FloatRange("load", p.Load, 0.01, 100),
		model.FloatRange("overrun_step", p.OverrunStep, 1e-3, 1e9),
		model.FloatRange("tau", p.Tau, 1e-3, 1e9),
	); err != nil {
		return err
	}
	for i, s := range p.Statuses {
		if err := model.IntRange(fmt.Sprintf("statuses[%d]", i), s, -1, 5); err != nil {
			return err
		}
	}
	if _, err := p.filter(); err != nil {
		return model.Field("trace", "%v", err)
	}
	return p.Replicate.validate(p)
}

// filter maps the parameters onto the SWF package's job filter.
func (p *ClusterParams) filter() (swf.JobFilter, error) {
	mode, err := swf.ParseEstimateMode(p.Estimates)
	if err != nil {
		return swf.JobFilter{}, err
	}
	f := swf.JobFilter{
		KeepZeroRuntime: p.KeepZeroRuntime,
		Statuses:        p.Statuses,
		SkipDays:        p.SkipDays,
		Days:            p.Days,
		MaxJobs:         p.Jobs,
		LoadFactor:      p.Load,
		Estimate:        mode,
		EstimateFactor:  p.EstimateFactor,
	}
	return f, f.Validate()
}

// clusterMetrics describes the metrics of the cluster kind: SWF times
// are in seconds.
var clusterMetrics = map[string][2]string{
	"jobs_completed":     {"count", "jobs that completed"},
	"jobs_rejected":      {"count", "jobs larger than the cluster, never run"},
	"mean_wait":          {"s", "mean wait (start − submit)"},
	"p50_wait":           {"s", "median wait"},
	"p95_wait":           {"s", "95th percentile of the wait"},
	"p99_wait":           {"s", "99th percentile of the wait"},
	"max_wait":           {"s", "longest wait"},
	"mean_response":      {"s", "mean response time (end − submit)"},
	"mean_slowdown":      {"ratio", "mean slowdown, response / runtime (jobs with runtime > 0)"},
	"mean_bsld":          {"ratio", "mean bounded slowdown max(1, response / max(runtime, τ))"},
	"p50_bsld":           {"ratio", "median bounded slowdown"},
	"p95_bsld":           {"ratio", "95th percentile of the bounded slowdown"},
	"p99_bsld":           {"ratio", "99th percentile of the bounded slowdown"},
	"utilization":        {"fraction", "busy processor-seconds / (processors × makespan)"},
	"makespan":           {"s", "last end − first submit"},
	"sum_runtime":        {"s", "sum of the runtimes (end − start) of the completed jobs"},
	"jobs_killed":        {"count", "jobs ended at their estimate (kill_at_estimate)"},
	"records_dropped":    {"count", "trace records dropped by the filters or as unusable"},
	"pred_mae":           {"s", "mean absolute error |prediction − runtime| of the predictions made at arrival"},
	"pred_mre":           {"ratio", "mean relative error |prediction − runtime| / runtime (jobs with runtime > 0)"},
	"pred_under":         {"fraction", "share of jobs predicted below their runtime"},
	"pred_corrections":   {"count", "corrections of predictions reached by running jobs below their requested time"},
	"mean_wait_serial":   {"s", "mean wait of the jobs on 1 processor"},
	"mean_wait_narrow":   {"s", "mean wait of the jobs on 2 to ⌈P/8⌉ processors"},
	"mean_wait_wide":     {"s", "mean wait of the jobs on more than ⌈P/8⌉ processors"},
	"mean_bsld_serial":   {"ratio", "mean bounded slowdown of the jobs on 1 processor"},
	"mean_bsld_narrow":   {"ratio", "mean bounded slowdown of the jobs on 2 to ⌈P/8⌉ processors"},
	"mean_bsld_wide":     {"ratio", "mean bounded slowdown of the jobs on more than ⌈P/8⌉ processors"},
	"mean_wait_acc_low":  {"s", "mean wait of the jobs of accuracy runtime/requested < 0.25"},
	"mean_wait_acc_mid":  {"s", "mean wait of the jobs of accuracy in [0.25, 0.75)"},
	"mean_wait_acc_high": {"s", "mean wait of the jobs of accuracy ≥ 0.75"},
	"mean_bsld_acc_low":  {"ratio", "mean bounded slowdown of the jobs of accuracy < 0.25"},
	"mean_bsld_acc_mid":  {"ratio", "mean bounded slowdown of the jobs of accuracy in [0.25, 0.75)"},
	"mean_bsld_acc_high": {"ratio", "mean bounded slowdown of the jobs of accuracy ≥ 0.75"},
}

// Metrics declares the metrics Run returns, in order.
func (p *ClusterParams) Metrics() []results.MetricInfo {
	names := append(append([]string{}, cluster.MetricNames...), "records_dropped")
	if p.CompareRecorded {
		return append(describe(names, table(clusterMetrics)), RecordedMetricInfos()...)
	}
	return describe(names, table(clusterMetrics))
}

// Run replays the trace once.
func (p *ClusterParams) Run(rc RunContext) (results.Metrics, error) {
	f, err := p.filter()
	if err != nil {
		return nil, model.Field("trace", "%v", err)
	}
	src, err := p.openJobs(rc, f)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	path := src.Name
	h := src.Header()
	procs := p.Procs
	if procs == 0 {
		procs = h.MaxProcs
		if procs <= 0 {
			procs = h.MaxNodes
			rc.Log.Info().Str("trace", path).Int("procs", procs).Msg("the trace header has no MaxProcs: using MaxNodes")
		}
		if procs <= 0 {
			return nil, model.Field("procs", "the header of %s gives neither MaxProcs nor MaxNodes: give the machine size", path)
		}
		if procs > MaxClusterProcs {
			return nil, model.Field("procs", "the header of %s gives %d processors, more than %d: give the machine size", path, procs, MaxClusterProcs)
		}
	}
	pol, err := batch.Policies.New(p.Policy, p.batchOptions())
	if err != nil {
		return nil, policyError("policy", err)
	}
	var jobs model.JobSource = src
	var rec *recordingSource
	var onEnd func(model.Job)
	if p.CompareRecorded {
		rec = newRecordingSource(src)
		jobs, onEnd = rec, rec.ended
	}
	c, err := cluster.New(rc.Engine, jobs, pol, cluster.Config{
		Preceding:      p.Replicate.preceding(src),
		Procs:          procs,
		KillAtEstimate: p.KillAtEstimate,
		OverrunStep:    p.OverrunStep,
		Tau:            p.Tau,
		Check:          rc.Check,
		StopAfter:      rc.Stop.CompletedJobs,
		Jobs:           rc.Jobs,
		OnEnd:          onEnd,
	})
	if err != nil {
		return nil, err
	}
	res, err := c.Run(rc.Stop.Limit())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	st := src.Stats()
	if st.Yielded == 0 {
		return nil, noUsableJob(src.Label, st, src.Problems())
	}
	p.report(rc, path, procs, res, st, src.Problems())
	if p.Replicate.preceding(src) != nil {
		rc.Log.Debug().Int("feedback_clamped", c.FeedbackClamped()).Msg("user-based feedback")
	}
	if err := p.writeRejected(rc, res); err != nil {
		return nil, err
	}
	m := make(results.Metrics, 0, len(cluster.MetricNames)+1)
	for i, v := range res.Summary.Values() {
		m = m.Add(cluster.MetricNames[i], v)
	}
	m = m.Add("records_dropped", float64(st.Dropped))
	if rec != nil {
		return CompareRecorded(rc, rec.jobs, m)
	}
	return m, nil
}

// noUsableJob is the error of a replay whose trace (as the scenario names
// it) yielded no job: how many records were read and why each class was
// dropped.
func noUsableJob(trace string, st swf.SourceStats, dropped swf.Report) error {
	if st.Read == 0 {
		return model.Field("trace", "%s: no usable job: the trace has no job records", trace)
	}
	return model.Field("trace", "%s: no usable job: read %d records, dropped all: %s", trace, st.Read, dropped.Summary())
}

// report logs what was replayed, dropped and rejected.
func (p *ClusterParams) report(rc RunContext, path string, procs int, res *cluster.Result, st swf.SourceStats, probs swf.Report) {
	ev := rc.Log.Info().Str("trace", path).Int("procs", procs).Str("policy", p.Policy).
		Int("records_read", st.Read).Int("jobs", st.Yielded).Int("records_dropped", st.Dropped).
		Int("completed", res.Summary.Completed).Int("rejected", len(res.Rejected)).
		Int("overruns", res.Overruns).Int("killed", res.Killed).Str("stop", res.Reason.String())
	if st.StopReason != "" {
		ev = ev.Str("source_stop", st.StopReason)
	}
	ev.Msg("cluster replay done")
	if st.Dropped > 0 {
		reasons := probs.Summary()
		rc.WarnOnce(fmt.Sprint("records dropped\x00", path, st.Read, st.Dropped, reasons)).Str("trace", path).
			Int("records_read", st.Read).Int("records_dropped", st.Dropped).Str("reasons", reasons).Msg("records dropped")
	}
	if n := len(res.Rejected); n > 0 {
		ids := make([]string, 0, min(n, 10))
		for _, x := range res.Rejected[:min(n, 10)] {
			ids = append(ids, strconv.FormatInt(x.ID, 10)+"("+strconv.Itoa(x.Size)+")")
		}
		first := strings.Join(ids, " ")
		rc.WarnOnce(fmt.Sprint("rejected\x00", path, procs, n, first)).Str("trace", path).Int("procs", procs).Int("rejected", n).
			Str("first", first).Msg("jobs larger than the cluster were rejected: id(size)")
	}
}

// writeRejected writes rejected.csv (id,size) into the output directory
// when jobs were rejected.
func (p *ClusterParams) writeRejected(rc RunContext, res *cluster.Result) error {
	if rc.OutDir == "" || len(res.Rejected) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("id,size\n")
	for _, x := range res.Rejected {
		fmt.Fprintf(&b, "%d,%d\n", x.ID, x.Size)
	}
	return results.WriteFileAtomic(filepath.Join(rc.OutDir, "rejected.csv"), []byte(b.String()))
}

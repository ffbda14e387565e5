package scenarios

import (
	"context"
	"fmt"
	"github.com/schedsim/schedsim/model"
	"math"
	"path/filepath"
	"strings"

	"github.com/schedsim/schedsim/internal/input"
	"github.com/schedsim/schedsim/model/multicluster"
	"github.com/schedsim/schedsim/policies/coalloc"
	"github.com/schedsim/schedsim/results"
)

func init() {
	Register(Kind{
		Name:      "multicluster",
		Summary:   "SWF trace on a heterogeneous multi-cluster grid under a metascheduler (" + strings.Join(coalloc.Policies.Names(), ", ") + ")",
		NewParams: func() Params { return NewMultiClusterParams() },
		Headline:  []string{"mean_wait", "makespan_sum", "utilization_mean", "load_balance"},
	})
}

// MultiClusterParams are the parameters of the multicluster kind: a grid
// of clusters (Makhlouf & Yagoubi's Table 1 by default), a trace replayed
// on it (or a Source), and a metascheduler policy with its options. A
// trace replay is deterministic: one replication is enough, unless
// replicate: shakes, windows or resamples it; a generated source with
// seed 0 gives every replication its own jobs.
type MultiClusterParams struct {
	// Trace is the SWF file (.swf or .swf.gz), resolved against the
	// scenario's base directory, or a catalogue trace name (SDSC-BLUE).
	Trace string `yaml:"trace"`
	// Source replaces Trace with a generated workload or a Slurm
	// accounting dump (see Source); a generated workload's procs default
	// to the grid's processors in all.
	Source *Source `yaml:"source,omitempty"`
	// Platform is a platform YAML file (clusters: name, processors,
	// speed), resolved against the base directory. Empty, with no
	// Clusters: the paper's Table 1.
	Platform string `yaml:"platform"`
	// Clusters describes the grid inline instead of Platform.
	Clusters []multicluster.ClusterSpec `yaml:"clusters"`
	// RefSpeed is the reference speed in MIPS: length = run time ×
	// ref_speed.
	RefSpeed float64 `yaml:"ref_speed"`
	// Policy is a metascheduler policy name (see coalloc.Policies).
	Policy string `yaml:"policy"`
	// Options are the policies' options (cluster_choice, offers,
	// surplus, parts_start, horizon).
	coalloc.Options `yaml:",inline"`
	// Jobs replays only the first N usable jobs (0: all).
	Jobs int `yaml:"jobs"`
	// MaxJobNumber keeps only the records whose SWF job number (field 1)
	// is at most N (0: all): the first N jobs of the original log, of
	// which a cleaned log keeps those it did not remove.
	MaxJobNumber int `yaml:"max_job_number"`
	// SkipDays and Days select the jobs submitted in [t0 + skip_days,
	// t0 + skip_days + days) days (days 0: no end).
	SkipDays float64 `yaml:"skip_days"`
	// Days is the length of the window (see SkipDays).
	Days float64 `yaml:"days"`
	// Load scales the offered load by dividing inter-arrival times.
	Load float64 `yaml:"load"`
	// Statuses keeps only the records with these SWF statuses (empty:
	// all).
	Statuses []int `yaml:"statuses"`
	// Tau is the runtime bound of the bounded slowdown, in seconds.
	Tau float64 `yaml:"tau"`
	// Replicate, when set, replays a shaken, windowed or resampled trace
	// in each replication, as the cluster kind's replicate: does (without
	// feedback); a resampling's load is relative to the whole grid.
	Replicate *Replicate `yaml:"replicate,omitempty"`

	baseDir string
}

// NewMultiClusterParams returns the defaults: Table 1, 1000 MIPS
// reference, COARP with its default readings, the whole trace.
func NewMultiClusterParams() *MultiClusterParams {
	return &MultiClusterParams{RefSpeed: multicluster.DefaultRefSpeed, Policy: "coarp", Load: 1, Tau: 10}
}

// SetBaseDir sets the directory relative paths are resolved against.
func (p *MultiClusterParams) SetBaseDir(dir string) { p.baseDir = dir }

func (p *MultiClusterParams) resolve(path string) string {
	if path == "" || filepath.IsAbs(path) || p.baseDir == "" {
		return path
	}
	return filepath.Join(p.baseDir, path)
}

// Validate checks every parameter and loads the platform.
func (p *MultiClusterParams) Validate() error {
	plat, err := p.platform()
	if err != nil {
		return err
	}
	if err := model.FirstError(
		ValidateJobInput(p.Trace, p.Source, p.baseDir, gridProcs(plat)),
		model.FloatRange("ref_speed", p.RefSpeed, 1e-6, 1e12),
		model.OneOf("policy", p.Policy, coalloc.Policies.Names()...),
		model.IntRange("jobs", p.Jobs, 0, math.MaxInt32),
		model.IntRange("max_job_number", p.MaxJobNumber, 0, math.MaxInt),
		model.FloatRange("skip_days", p.SkipDays, 0, 1e6),
		model.FloatRange("days", p.Days, 0, 1e6),
		model.FloatRange("load", p.Load, 0.01, 100),
		model.FloatRange("tau", p.Tau, 1e-3, 1e9),
	); err != nil {
		return err
	}
	for i, c := range plat.Clusters {
		// a job's run time on a cluster is its trace run time × ref_speed / speed.
		if r := p.RefSpeed / c.Speed; r > 1e6 || r < 1e-6 {
			return model.Field(fmt.Sprintf("clusters[%d].speed", i), "makes ref_speed / speed = %.4g (ref_speed %v, speed %v): must be in [1e-6, 1e6] so that run times stay finite", r, p.RefSpeed, c.Speed)
		}
	}
	if err := p.Options.Validate(); err != nil {
		return err
	}
	if err := p.validateReplicate(plat); err != nil {
		return err
	}
	for i, s := range p.Statuses {
		if err := model.IntRange(fmt.Sprintf("statuses[%d]", i), s, -1, 5); err != nil {
			return err
		}
	}
	return nil
}

// gridProcs is the number of processors of the grid.
func gridProcs(plat multicluster.Platform) int {
	n := 0
	for _, c := range plat.Clusters {
		n += c.Procs
	}
	return n
}

// platform returns the grid: the file, the inline clusters or Table 1.
func (p *MultiClusterParams) platform() (multicluster.Platform, error) {
	switch {
	case p.Platform != "" && len(p.Clusters) > 0:
		return multicluster.Platform{}, model.Field("platform", "give either a platform file or inline clusters, not both")
	case p.Platform != "":
		path := p.resolve(p.Platform)
		data, err := input.ReadFile(context.Background(), path, MaxPlatformBytes, "platform file")
		if err != nil {
			return multicluster.Platform{}, model.Field("platform", "%v", err)
		}
		plat, err := ParsePlatform(data, path)
		if err != nil {
			return plat, model.Field("platform", "%v", err)
		}
		return plat, nil
	case p.Clusters != nil && len(p.Clusters) == 0:
		return multicluster.Platform{}, model.Field("clusters", "is empty: list at least one cluster, or leave the key out for the built-in grid")
	case len(p.Clusters) > 0:
		plat := multicluster.Platform{Clusters: p.Clusters}
		if err := plat.Validate(); err != nil {
			return plat, model.Under("", err)
		}
		return plat, nil
	}
	return multicluster.Table1(), nil
}

// multiclusterMetrics describes the metrics of the multicluster kind:
// SWF times are in seconds. A job's start is that of its first part, its
// end that of its last.
var multiclusterMetrics = map[string][2]string{
	"jobs_completed":        {"count", "jobs that completed"},
	"jobs_rejected":         {"count", "jobs rejected, for any reason"},
	"jobs_rejected_cluster": {"count", "jobs rejected as larger than the largest cluster (no co-allocation)"},
	"jobs_rejected_grid":    {"count", "jobs rejected as larger than the whole grid"},
	"jobs_rejected_zero":    {"count", "jobs rejected for a zero run time"},
	"mean_wait":             {"s", "mean wait (start − submit), global queue and local plan"},
	"mean_queue_wait":       {"s", "mean time in the global queue (placement − submit)"},
	"max_wait":              {"s", "longest wait"},
	"mean_response":         {"s", "mean response time (end − submit)"},
	"mean_bsld":             {"ratio", "mean bounded slowdown max(1, response / max(end − start, τ))"},
	"makespan_sum":          {"s", "the paper's makespan: sum of (end − start) over the jobs"},
	"makespan_sum_fit":      {"s", "sum of (end − start) over the jobs no larger than the largest cluster: the jobs every policy runs"},
	"makespan":              {"s", "last end − first submit"},
	"utilization":           {"fraction", "busy processor-seconds of the grid / (its processors × makespan)"},
	"utilization_mean":      {"fraction", "the paper's ω: unweighted mean of the clusters' utilizations"},
	"load_balance":          {"fraction", "population standard deviation σ of the clusters' utilizations"},
	"coalloc_jobs":          {"count", "completed jobs that ran on more than one cluster"},
	"coalloc_mean_clusters": {"count", "mean clusters per co-allocated job"},
	"coalloc_max_clusters":  {"count", "most clusters of one job"},
	"mean_parts":            {"count", "mean parts per completed job"},
	"records_dropped":       {"count", "trace records dropped by the filters or as unusable"},
}

// Metrics declares the metrics Run returns, in order (with one
// utilization per cluster of the platform).
func (p *MultiClusterParams) Metrics() []results.MetricInfo {
	names := append([]string{}, multicluster.MetricNames...)
	if plat, err := p.platform(); err == nil {
		for _, c := range plat.Clusters {
			names = append(names, "utilization_"+c.Name)
		}
	}
	return describe(append(names, "records_dropped"), func(name string) (results.MetricInfo, bool) {
		if c, ok := strings.CutPrefix(name, "utilization_"); ok && multiclusterMetrics[name] == [2]string{} {
			return results.MetricInfo{Unit: "fraction", Description: "utilization of cluster " + c + ": its busy processor-seconds / (its processors × makespan)"}, true
		}
		return table(multiclusterMetrics)(name)
	})
}

// Run replays the trace once on the grid.
func (p *MultiClusterParams) Run(rc RunContext) (results.Metrics, error) {
	plat, err := p.platform()
	if err != nil {
		return nil, err
	}
	src, err := p.openJobs(rc, plat, multiclusterFilter(p))
	if err != nil {
		return nil, err
	}
	defer src.Close()
	path := src.Name
	pol, err := coalloc.Policies.New(p.Policy, p.Options)
	if err != nil {
		return nil, policyError("policy", err)
	}
	g, err := multicluster.New(rc.Engine, src, pol, multicluster.Config{
		Platform: plat, RefSpeed: p.RefSpeed, Tau: p.Tau, Check: rc.Check,
		StopAfter: rc.Stop.CompletedJobs, Jobs: rc.Jobs,
	})
	if err != nil {
		return nil, err
	}
	res, err := g.Run(rc.Stop.Limit())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	st := src.Stats()
	if st.Yielded == 0 {
		return nil, noUsableJob(src.Label, st, src.Problems())
	}
	s := &res.Summary
	ev := rc.Log.Info().Str("trace", path).Str("policy", p.Policy).Int("jobs", st.Yielded).Int("records_dropped", st.Dropped).
		Int("completed", s.Completed).Int("rejected", s.Rejected).Str("stop", res.Reason.String())
	ev.Msg("multicluster replay done")
	if s.Rejected > 0 {
		rc.WarnOnce(fmt.Sprint("jobs rejected\x00", path, s.RejectedCluster, s.RejectedGrid, s.RejectedZero)).Str("trace", path).
			Int("larger_than_any_cluster", s.RejectedCluster).Int("larger_than_the_grid", s.RejectedGrid).
			Int("zero_run_time", s.RejectedZero).Msg("jobs rejected")
	}
	if err := writeGridRejected(rc, res); err != nil {
		return nil, err
	}
	m := make(results.Metrics, 0, len(multicluster.MetricNames)+len(plat.Clusters)+1)
	for i, v := range s.Values() {
		m = m.Add(multicluster.MetricNames[i], v)
	}
	for i, u := range s.ClusterUtilization {
		m = m.Add("utilization_"+plat.Clusters[i].Name, u)
	}
	return m.Add("records_dropped", float64(st.Dropped)), nil
}

// writeGridRejected writes rejected.csv (id,size,reason) into the output
// directory when jobs were rejected.
func writeGridRejected(rc RunContext, res *multicluster.Result) error {
	if rc.OutDir == "" || len(res.Rejected) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("id,size,reason\n")
	for _, x := range res.Rejected {
		fmt.Fprintf(&b, "%d,%d,%s\n", x.ID, x.Size, x.Reason)
	}
	return results.WriteFileAtomic(filepath.Join(rc.OutDir, "rejected.csv"), []byte(b.String()))
}

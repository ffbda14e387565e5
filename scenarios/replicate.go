package scenarios

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/workloads/replicate"
	"github.com/schedsim/schedsim/workloads/swf"
)

// Replication methods of Replicate.Method.
const (
	ReplicateShake     = "shake"
	ReplicateWindow    = "window"
	ReplicateResample  = "resample"
	ReplicateBootstrap = "bootstrap"
)

// Replicate makes a trace replay replicable (the replicate: block of the
// cluster kind): replication r replays a shaken, windowed or resampled
// version of the trace, drawn from the scenario's seed and r only, so
// every point of a sweep replays the same workload in replication r
// (common random numbers) and the paired differences between policies
// get tight confidence intervals. The number of replications is the
// scenario's replications:. See docs/explanation/trace-replications.md.
type Replicate struct {
	// Method is shake (perturb the trace, Tsafrir et al. 2007), window (a
	// random sub-trace of days days), resample (recombine its users,
	// Zakay & Feitelson 2013) or bootstrap (draw all its users with
	// replacement, so that the summaries get population intervals).
	Method string `yaml:"method"`
	// Submit (shake) is the submit-time shift in seconds: uniform in
	// ±submit, or an exponential delay of mean submit (shift).
	Submit float64 `yaml:"submit"`
	// Shift (shake) is uniform (default) or exponential.
	Shift string `yaml:"shift"`
	// Runtime (shake) perturbs run times by a uniform ± percentage.
	Runtime float64 `yaml:"runtime"`
	// Estimate (shake) perturbs requested times by a uniform ± percentage.
	Estimate float64 `yaml:"estimate"`
	// Days (window) is the length of the random window in days.
	Days float64 `yaml:"days"`
	// Weeks (resample) is the length of the resampled workload in weeks
	// (0: the trace's whole weeks).
	Weeks int `yaml:"weeks"`
	// Load (resample) is the offered load to reach (0: the trace's own).
	Load float64 `yaml:"load"`
	// LongTerm (resample, bootstrap) is the share of the trace's weeks a user's
	// activity must span to be kept as a long-term user (0: 0.5).
	LongTerm float64 `yaml:"long_term"`
	// Feedback (resample) switches on user-based feedback: a job that
	// followed its user's previous one in the trace (submitted within 20
	// minutes of its end) is submitted its think time after that job
	// ends in the simulation, so a slower policy delays the user's next
	// jobs (Zakay & Feitelson).
	Feedback bool `yaml:"feedback"`
}

// preceding returns the feedback hook of a cluster replaying src (nil
// without feedback): the preceding job (SWF field 17) and think time
// (field 18) of the record src returned last.
func (r *Replicate) preceding(src *JobInput) cluster.Preceding {
	if r == nil || !r.Feedback {
		return nil
	}
	return func() (int64, float64) {
		rec := src.Last()
		return rec.PrecedingJob, rec.ThinkTime
	}
}

// validate checks the block against the kind's parameters; the keys in
// errors are below replicate.
func (r *Replicate) validate(p *ClusterParams) error {
	if r == nil {
		return nil
	}
	return model.Under("replicate", r.check(p))
}

func (r *Replicate) check(p *ClusterParams) error {
	if err := model.OneOf("method", r.Method, ReplicateShake, ReplicateWindow, ReplicateResample, ReplicateBootstrap); err != nil {
		return err
	}
	if p.Trace == "" {
		return model.Field("method", "replicates a trace: give trace: (a generated source: {lublin: …} with seed 0 already differs in every replication)")
	}
	own := map[string][]string{
		ReplicateShake:     {"submit", "shift", "runtime", "estimate"},
		ReplicateWindow:    {"days"},
		ReplicateResample:  {"weeks", "load", "long_term", "feedback"},
		ReplicateBootstrap: {"long_term"},
	}
	set := map[string]bool{
		"submit": r.Submit != 0, "shift": r.Shift != "", "runtime": r.Runtime != 0, "estimate": r.Estimate != 0,
		"days": r.Days != 0, "weeks": r.Weeks != 0, "load": r.Load != 0, "long_term": r.LongTerm != 0, "feedback": r.Feedback,
	}
	for _, m := range []string{ReplicateShake, ReplicateWindow, ReplicateResample, ReplicateBootstrap} {
		for _, k := range own[m] {
			if set[k] && !slices.Contains(own[r.Method], k) {
				return model.Field(k, "is a key of method: %s, not of %s (its keys: %s)", m, r.Method, strings.Join(own[r.Method], ", "))
			}
		}
	}
	switch r.Method {
	case ReplicateShake:
		if r.Submit == 0 && r.Runtime == 0 && r.Estimate == 0 {
			return model.Field("submit", "shake needs submit (seconds), runtime or estimate (%%) above 0")
		}
		return model.FirstError(
			model.FloatRange("submit", r.Submit, 0, 1e9),
			model.OneOf("shift", r.orUniform(), replicate.ShiftUniform, replicate.ShiftExponential),
			model.FloatRange("runtime", r.Runtime, 0, 99),
			model.FloatRange("estimate", r.Estimate, 0, 99),
		)
	case ReplicateWindow:
		if p.SkipDays != 0 || p.Days != 0 {
			return model.Field("days", "a random window replaces skip_days and days: remove them")
		}
		return model.FloatRange("days", r.Days, 1.0/24, 1e6)
	case ReplicateBootstrap:
		if p.Load != 1 {
			return model.Field("method", "a bootstrap keeps the trace's users, so its load varies as a trace's would: remove the kind's load:")
		}
		return model.FloatRange("long_term", r.LongTerm, 0, 1)
	}
	if p.Load != 1 && r.Load != 0 {
		return model.Field("load", "give the load here or in the kind's load:, not both")
	}
	return model.FirstError(
		model.IntRange("weeks", r.Weeks, 0, 10000),
		model.FloatRange("load", r.Load, 0, 100),
		model.FloatRange("long_term", r.LongTerm, 0, 1),
	)
}

func (r *Replicate) orUniform() string {
	if r.Shift == "" {
		return replicate.ShiftUniform
	}
	return r.Shift
}

// openJobs opens the kind's jobs: the trace or source as it is, or the
// replication's shaken, windowed or resampled trace.
func (p *ClusterParams) openJobs(rc RunContext, f swf.JobFilter) (*JobInput, error) {
	r := p.Replicate
	if r == nil {
		return OpenJobInput(rc, p.Trace, p.Source, p.baseDir, p.Procs, f)
	}
	path, err := resolveTrace(p.Trace, p.baseDir)
	if err != nil {
		return nil, err
	}
	rng := rc.Streams.Rand("replicate")
	switch r.Method {
	case ReplicateWindow:
		sp, err := cached(path, "span", func() (any, error) {
			rd, err := swf.Open(path, swf.ReadOptions{Mode: swf.Lenient})
			if err != nil {
				return nil, err
			}
			defer rd.Close()
			first, last, err := replicate.Span(rd)
			return [2]float64{first, last}, err
		})
		if err != nil {
			return nil, model.Field("trace", "%v", err)
		}
		span := sp.([2]float64)
		skip, err := replicate.WindowStart(span[0], span[1], r.Days, rng)
		if err != nil {
			return nil, model.Field("replicate.days", "%v", err)
		}
		f.SkipDays, f.Days = skip, r.Days
		return OpenJobInput(rc, p.Trace, nil, p.baseDir, p.Procs, f)
	case ReplicateResample, ReplicateBootstrap:
		res, err := p.resampled(rc, path)
		if err != nil {
			return nil, err
		}
		js, err := swf.NewJobSourceFrom(res.Records.Reopen(), f)
		if err != nil {
			return nil, model.Field("trace", "%v", err)
		}
		rc.Log.Debug().Int("weeks", res.Weeks).Float64("load", res.Load).Int("long_term_users", res.LongUsers).
			Int("temporary_users", res.TempUsers).Int("jobs", res.Len()).Msg("resampled workload")
		return &JobInput{JobSource: js, Name: path, Label: p.Trace}, nil
	}
	rd, err := swf.Open(path, swf.ReadOptions{Context: rc.Context})
	if err != nil {
		return nil, err
	}
	k, err := replicate.NewShaker(rd, replicate.Shake{Submit: r.Submit, Dist: r.Shift, Runtime: r.Runtime, Estimate: r.Estimate}, rng)
	if err != nil {
		rd.Close()
		return nil, model.Field("replicate", "%v", err)
	}
	js, err := swf.NewJobSourceFrom(k, f)
	if err != nil {
		rd.Close()
		return nil, model.Field("trace", "%v", err)
	}
	return &JobInput{JobSource: js, Name: path, Label: p.Trace, close: rd.Close}, nil
}

// pool returns the resampling pool of the trace at path, built once per
// process (traceCache).
func (p *ClusterParams) pool(path string) (*replicate.Pool, error) {
	r := p.Replicate
	key := fmt.Sprintf("pool procs=%d long_term=%v", p.Procs, r.LongTerm)
	pl, err := cached(path, key, func() (any, error) {
		rd, err := swf.Open(path, swf.ReadOptions{})
		if err != nil {
			return nil, err
		}
		defer rd.Close()
		return replicate.NewPool(rd, p.Procs, r.LongTerm)
	})
	if err != nil {
		return nil, resampleError(err)
	}
	return pl.(*replicate.Pool), nil
}

// resampled returns the replication's resampled or bootstrap workload
// of the trace at path: drawn from the stream "replicate" of the
// replication, so it is the same at every point of the sweep that
// resamples the trace alike, and built once per replication
// (rc.Shared), its records shared read-only by the points (each replays
// them through its own Records.Reopen). The pool it is drawn from is
// built once per process (pool).
func (p *ClusterParams) resampled(rc RunContext, path string) (*replicate.Resampled, error) {
	pool, err := p.pool(path)
	if err != nil {
		return nil, err
	}
	r := p.Replicate
	key := fmt.Sprintf("%s\x00pool procs=%d long_term=%v\x00%s weeks=%d load=%v", path, p.Procs, r.LongTerm, r.Method, r.Weeks, r.Load)
	v, err := rc.Shared.Get(key, func() (any, error) {
		rng := rc.Streams.Rand("replicate")
		if r.Method == ReplicateBootstrap {
			return pool.Bootstrap(rng)
		}
		return pool.Resample(replicate.Resample{Weeks: r.Weeks, Load: r.Load, Context: rc.Context}, rng)
	})
	if err != nil {
		return nil, resampleError(err)
	}
	return v.(*replicate.Resampled), nil
}

// resampleError places a resampling error at its key: a load that cannot
// be reached at replicate.load, the rest at trace.
func resampleError(err error) error {
	msg := err.Error()
	switch {
	case errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded):
		return err // interrupted: no key to blame
	case errors.As(err, new(*replicate.NoUsersError)):
		return model.Field("replicate.method", "%s", strings.TrimPrefix(msg, "replicate: "))
	case strings.Contains(msg, "load "):
		return model.Field("replicate.load", "%s", strings.TrimPrefix(msg, "replicate: "))
	}
	return model.Field("trace", "%s", msg)
}

// traceCache holds what replications of one trace share (its span, its
// resampling pool), built once per process: replications read it, never
// copy it, so memory does not grow with their number.
var traceCache Shared

// cached returns build's value for the file at path (as it is now: its
// size and modification time are part of the key) and what, building it
// once.
func cached(path, what string, build func() (any, error)) (any, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	return traceCache.Get(fmt.Sprintf("%s\x00%d\x00%d\x00%s", path, st.Size(), st.ModTime().UnixNano(), what), build)
}

// PopulationCI reports whether the replications replay bootstrap
// workloads, whose summaries get population intervals
// (results.Report.PopulationCI).
func (p *ClusterParams) PopulationCI() bool {
	return p.Replicate != nil && p.Replicate.Method == ReplicateBootstrap
}

// PopulationUsers returns the users of the bootstrap's smaller stratum
// (replicate.Pool.StratumUsers), the degrees of freedom of the
// population intervals (results.Summary.PopulationUsers). Only with
// PopulationCI.
func (p *ClusterParams) PopulationUsers() (int, error) {
	path, err := resolveTrace(p.Trace, p.baseDir)
	if err != nil {
		return 0, err
	}
	pl, err := p.pool(path)
	if err != nil {
		return 0, err
	}
	return pl.StratumUsers(), nil
}

// PopulationCI reports whether the grid's replications replay bootstrap
// workloads (as ClusterParams.PopulationCI).
func (p *MultiClusterParams) PopulationCI() bool {
	return p.Replicate != nil && p.Replicate.Method == ReplicateBootstrap
}

// PopulationUsers returns the grid's bootstrap stratum size (as
// ClusterParams.PopulationUsers).
func (p *MultiClusterParams) PopulationUsers() (int, error) {
	plat, err := p.platform()
	if err != nil {
		return 0, err
	}
	return p.asCluster(plat).PopulationUsers()
}

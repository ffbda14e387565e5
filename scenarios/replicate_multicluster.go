package scenarios

import (
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/multicluster"
	"github.com/schedsim/schedsim/workloads/swf"
)

// The multicluster kind's replicate: block works as the cluster kind's:
// replication r replays the grid's trace shaken, windowed or resampled
// from the stream "replicate" of (seed, r), so every point (every
// metascheduler policy) replays the same workload in replication r. A
// resampling's loads are relative to the grid's processors in all.
// User-based feedback is the cluster model's only.

// asCluster returns the cluster-kind view of the parameters that the
// replicate: block reads (trace, source, window, load, machine size).
func (p *MultiClusterParams) asCluster(plat multicluster.Platform) *ClusterParams {
	return &ClusterParams{
		Trace: p.Trace, Source: p.Source, Procs: gridProcs(plat),
		SkipDays: p.SkipDays, Days: p.Days, Load: p.Load,
		Replicate: p.Replicate, baseDir: p.baseDir,
	}
}

// validateReplicate checks the replicate: block against the grid.
func (p *MultiClusterParams) validateReplicate(plat multicluster.Platform) error {
	if p.Replicate == nil {
		return nil
	}
	if p.Replicate.Feedback {
		return model.Field("replicate.feedback", "user-based feedback is a key of the cluster kind: the multicluster model submits every job at its trace time")
	}
	return p.Replicate.validate(p.asCluster(plat))
}

// openJobs opens the grid's jobs: the trace or source as it is, or the
// replication's shaken, windowed or resampled trace.
func (p *MultiClusterParams) openJobs(rc RunContext, plat multicluster.Platform, f swf.JobFilter) (*JobInput, error) {
	return p.asCluster(plat).openJobs(rc, f)
}

// multiclusterFilter is the job filter of the kind's parameters.
func multiclusterFilter(p *MultiClusterParams) swf.JobFilter {
	return swf.JobFilter{Statuses: p.Statuses, SkipDays: p.SkipDays, Days: p.Days, MaxJobs: p.Jobs, MaxJobNumber: int64(p.MaxJobNumber), LoadFactor: p.Load, Estimate: swf.EstimateExact}
}

package multicluster

import (
	"io"
	"math"
	"strconv"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/records"
	"github.com/schedsim/schedsim/sim"
)

// The reasons a job is rejected.
const (
	// ReasonCluster: the job needs more processors than the largest
	// cluster and the policy does not co-allocate.
	ReasonCluster = "larger than the largest cluster (no co-allocation)"
	// ReasonGrid: the job needs more processors than the whole grid.
	ReasonGrid = "larger than the whole grid"
	// ReasonZeroLength: the job's run time is 0, so it has no length to
	// reserve.
	ReasonZeroLength = "zero run time"
)

// Rejected is a job the grid could not run, with the reason.
type Rejected struct {
	// ID is the job's identifier in its workload.
	ID int64
	// Size is the number of processors it asked for.
	Size int
	// Reason is one of the Reason constants.
	Reason string
}

// Result is what a run measured over its completed jobs.
type Result struct {
	// Reason is why the engine stopped (Drained when the whole workload
	// was replayed).
	Reason sim.StopReason
	// Queued and Running count the jobs left queued and placed when the
	// run stopped early.
	Queued, Running int
	// Rejected lists the rejected jobs in workload order.
	Rejected []Rejected
	// FirstSubmit is the submit time of the first accepted job and
	// LastEnd the end of the last completed job: the window over which
	// utilizations are measured.
	FirstSubmit, LastEnd float64
	// Summary holds the summary metrics.
	Summary Summary
}

// Summary is the fixed set of summary metrics of a run. A job's start E
// is the start of its first part, its end F the end of its last part.
type Summary struct {
	// Completed is the number of jobs that ended.
	Completed int
	// Rejected counts the rejected jobs; RejectedCluster, RejectedGrid
	// and RejectedZero split them by reason.
	Rejected, RejectedCluster, RejectedGrid, RejectedZero int
	// MeanWait is the mean of E − submit (global queue and local plan).
	MeanWait float64
	// MeanQueueWait is the mean time in the global queue: placement −
	// submit.
	MeanQueueWait float64
	// MaxWait is the largest E − submit.
	MaxWait float64
	// MeanResponse is the mean of F − submit.
	MeanResponse float64
	// MeanBSLD is the mean bounded slowdown max(1, (F − submit) /
	// max(F − E, tau)).
	MeanBSLD float64
	// MakespanSum is the paper's makespan Σ (F − E), in seconds.
	MakespanSum float64
	// MakespanSumFit is Σ (F − E) over the completed jobs no larger than
	// the largest cluster: the jobs every policy runs, co-allocating or
	// not, so that policies compare over the same jobs.
	MakespanSumFit float64
	// Makespan is last end − first submit.
	Makespan float64
	// Utilization is the busy processor-seconds of the whole grid over
	// (its processors × Makespan).
	Utilization float64
	// UtilizationMean is the paper's ω: the unweighted mean of the
	// clusters' utilizations.
	UtilizationMean float64
	// LoadBalance is the population standard deviation σ of the
	// clusters' utilizations.
	LoadBalance float64
	// CoAllocated is the number of completed jobs that ran on more than
	// one cluster; MeanClusters and MaxClusters describe over how many.
	CoAllocated int
	// MeanClusters is the mean number of clusters of the co-allocated
	// jobs (0 when there is none).
	MeanClusters float64
	// MaxClusters is the largest number of clusters of one job.
	MaxClusters int
	// MeanParts is the mean number of parts per completed job (several
	// parts of a job may share a cluster).
	MeanParts float64
	// ClusterUtilization is the utilization of each cluster, in platform
	// order: its busy processor-seconds over (its processors × Makespan).
	ClusterUtilization []float64
}

// MetricNames lists the summary metrics in their fixed order, as Values
// returns them (the per-cluster utilizations are not among them).
var MetricNames = []string{
	"jobs_completed", "jobs_rejected", "jobs_rejected_cluster", "jobs_rejected_grid", "jobs_rejected_zero",
	"mean_wait", "mean_queue_wait", "max_wait", "mean_response", "mean_bsld",
	"makespan_sum", "makespan_sum_fit", "makespan", "utilization", "utilization_mean", "load_balance",
	"coalloc_jobs", "coalloc_mean_clusters", "coalloc_max_clusters", "mean_parts",
}

// Values returns the summary metrics in the order of MetricNames.
func (s *Summary) Values() []float64 {
	return []float64{
		float64(s.Completed), float64(s.Rejected), float64(s.RejectedCluster), float64(s.RejectedGrid), float64(s.RejectedZero),
		s.MeanWait, s.MeanQueueWait, s.MaxWait, s.MeanResponse, s.MeanBSLD,
		s.MakespanSum, s.MakespanSumFit, s.Makespan, s.Utilization, s.UtilizationMean, s.LoadBalance,
		float64(s.CoAllocated), s.MeanClusters, float64(s.MaxClusters), s.MeanParts,
	}
}

type stats struct {
	tau                          float64
	largest                      int // processors of the largest cluster
	arrivals, completed          int
	rejected                     []Rejected
	first, lastEnd               float64
	hasFirst                     bool
	sumWait, sumQueue, maxWait   float64
	sumResponse, sumBSLD, sumRun float64
	sumRunFit                    float64 // sumRun over the jobs ≤ largest
	coalloc, coallocClusters     int
	maxClusters, parts           int
}

func (s *stats) reject(id int64, size int, reason string) {
	s.rejected = append(s.rejected, Rejected{ID: id, Size: size, Reason: reason})
}

func (s *stats) arrived(submit float64) {
	s.arrivals++
	if !s.hasFirst {
		s.first, s.hasFirst = submit, true
	}
}

func (s *stats) ended(r *Record) {
	j := &r.Job
	s.completed++
	s.lastEnd = max(s.lastEnd, j.End)
	w := j.Wait()
	s.sumWait += w
	s.maxWait = max(s.maxWait, w)
	s.sumQueue += r.Placed - j.Submit
	s.sumResponse += j.Response()
	run := j.End - j.Start
	s.sumRun += run
	if j.Size <= s.largest {
		s.sumRunFit += run
	}
	s.sumBSLD += max(1, j.Response()/max(run, s.tau))
	s.parts += len(r.Parts)
	if r.Clusters > 1 {
		s.coalloc++
		s.coallocClusters += r.Clusters
	}
	s.maxClusters = max(s.maxClusters, r.Clusters)
}

func (s *stats) result(clusters []clusterState) *Result {
	r := &Result{Rejected: s.rejected, FirstSubmit: s.first, LastEnd: s.lastEnd}
	sum := &r.Summary
	sum.Completed, sum.Rejected = s.completed, len(s.rejected)
	for _, x := range s.rejected {
		switch x.Reason {
		case ReasonCluster:
			sum.RejectedCluster++
		case ReasonGrid:
			sum.RejectedGrid++
		case ReasonZeroLength:
			sum.RejectedZero++
		}
	}
	sum.ClusterUtilization = make([]float64, len(clusters))
	nan := math.NaN()
	if s.completed == 0 {
		// means over no job are undefined, not 0
		sum.MeanWait, sum.MeanQueueWait, sum.MaxWait, sum.MeanResponse, sum.MeanBSLD = nan, nan, nan, nan, nan
		sum.Makespan, sum.MeanParts, sum.MeanClusters = nan, nan, nan
		sum.Utilization, sum.UtilizationMean, sum.LoadBalance = nan, nan, nan
		for k := range sum.ClusterUtilization {
			sum.ClusterUtilization[k] = nan
		}
		return r
	}
	n := float64(s.completed)
	sum.MeanWait, sum.MeanQueueWait, sum.MaxWait = s.sumWait/n, s.sumQueue/n, s.maxWait
	sum.MeanResponse, sum.MeanBSLD = s.sumResponse/n, s.sumBSLD/n
	sum.MakespanSum, sum.MakespanSumFit = s.sumRun, s.sumRunFit
	sum.Makespan = s.lastEnd - s.first
	sum.MaxClusters, sum.CoAllocated = s.maxClusters, s.coalloc
	sum.MeanParts = float64(s.parts) / n
	sum.MeanClusters = nan // a mean over no co-allocated job
	if s.coalloc > 0 {
		sum.MeanClusters = float64(s.coallocClusters) / float64(s.coalloc)
	}
	if sum.Makespan > 0 {
		var area float64
		procs := 0
		for k, c := range clusters {
			sum.ClusterUtilization[k] = c.area / (float64(c.spec.Procs) * sum.Makespan)
			area += c.area
			procs += c.spec.Procs
		}
		sum.Utilization = area / (float64(procs) * sum.Makespan)
		sum.UtilizationMean, sum.LoadBalance = model.LoadBalance(sum.ClusterUtilization)
	}
	return r
}

// CSVHeader is the header line of the per-job CSV records: queue_wait is
// the time in the global queue, clusters the distinct clusters the job
// ran on, placement its parts as cluster:start:processors separated by
// spaces.
const CSVHeader = "id,submit,start,end,processors,runtime,wait,queue_wait,bsld,parts,clusters,placement"

// csvWriter writes the per-job records.
type csvWriter struct {
	*records.Writer
	tau float64
}

func newCSVWriter(w io.Writer, tau float64) *csvWriter {
	return &csvWriter{Writer: records.New(w), tau: tau}
}

func (c *csvWriter) header() { c.Write(append(c.Line(), CSVHeader+"\n"...)) }

// write appends the record of a completed job.
func (c *csvWriter) write(r *Record) {
	if c.Failed() {
		return
	}
	j := &r.Job
	f := func(b []byte, v float64) []byte { return records.AppendFloat(append(b, ','), v) }
	b := strconv.AppendInt(c.Line(), j.ID, 10)
	b = f(b, j.Submit)
	b = f(b, j.Start)
	b = f(b, j.End)
	b = strconv.AppendInt(append(b, ','), int64(j.Size), 10)
	b = f(b, j.Runtime)
	b = f(b, j.Wait())
	b = f(b, r.Placed-j.Submit)
	b = f(b, max(1, j.Response()/max(j.End-j.Start, c.tau)))
	b = strconv.AppendInt(append(b, ','), int64(len(r.Parts)), 10)
	b = strconv.AppendInt(append(b, ','), int64(r.Clusters), 10)
	b = append(b, ',')
	for k, p := range r.Parts {
		if k > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(p.Cluster), 10)
		b = append(b, ':')
		b = records.AppendFloat(b, p.Start)
		b = append(b, ':')
		b = strconv.AppendInt(b, int64(p.Procs), 10)
	}
	b = append(b, '\n')
	c.Write(b)
}

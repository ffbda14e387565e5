package cluster

import (
	"io"
	"math"
	"strconv"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/records"
	"github.com/schedsim/schedsim/sim"
)

// Result is what a replay measured over its completed jobs.
type Result struct {
	// Reason is why the engine stopped (Drained when the whole workload
	// was replayed).
	Reason sim.StopReason
	// Queued and Running count the jobs left queued and running when the
	// run stopped early.
	Queued, Running int
	// Rejected lists the jobs that asked for more processors than the
	// cluster has, in workload order.
	Rejected []Rejected
	// Killed counts the jobs ended at their estimate (KillAtEstimate).
	Killed int
	// Overruns counts the jobs that ran past their requested time (their
	// estimated end was extended at least once beyond it); the corrections
	// of predictions below it are in Summary.Prediction.
	Overruns int
	// FirstSubmit is the submit time of the first accepted job.
	FirstSubmit float64
	// LastEnd is the end time of the last completed job.
	LastEnd float64
	// BusyArea is the integral of busy processors over time from
	// FirstSubmit to LastEnd, in processor-seconds.
	BusyArea float64
	// Summary holds the summary metrics.
	Summary Summary
}

// Summary is the fixed set of summary metrics of a replay. Slowdowns use
// each job's runtime as served (its estimate when it was killed).
type Summary struct {
	// Completed is the number of jobs that ended.
	Completed int
	// Rejected is the number of jobs too large for the cluster.
	Rejected int
	// MeanWait, P50Wait, P95Wait, P99Wait and MaxWait describe start −
	// submit, in seconds. Percentiles interpolate linearly between order
	// statistics (Hyndman–Fan type 7, the numpy default).
	MeanWait, P50Wait, P95Wait, P99Wait, MaxWait float64
	// MeanResponse is the mean of end − submit.
	MeanResponse float64
	// MeanSlowdown is the mean of response / runtime over the jobs with a
	// runtime > 0 (the slowdown of a zero-length job is undefined).
	MeanSlowdown float64
	// MeanBSLD, P50BSLD, P95BSLD and P99BSLD describe the bounded
	// slowdown max(1, response / max(runtime, tau)).
	MeanBSLD, P50BSLD, P95BSLD, P99BSLD float64
	// Utilization is busy processor-seconds / (P × Makespan).
	Utilization float64
	// Makespan is last end − first submit.
	Makespan float64
	// SumRuntime is Σ (end − start) over the completed jobs.
	SumRuntime float64
	// Killed is the number of jobs ended at their estimate.
	Killed int
	// Prediction is the accuracy of the predictions the scheduler planned
	// with.
	Prediction Prediction
	// BySize and ByAccuracy are the mean wait and bounded slowdown by
	// job size class (SizeSerial, …) and by estimate quality
	// (AccuracyLow, …).
	BySize, ByAccuracy ClassMeans
}

// MetricNames lists the summary metrics in their fixed order, as Values
// returns them.
var MetricNames = []string{
	"jobs_completed", "jobs_rejected",
	"mean_wait", "p50_wait", "p95_wait", "p99_wait", "max_wait",
	"mean_response", "mean_slowdown",
	"mean_bsld", "p50_bsld", "p95_bsld", "p99_bsld",
	"utilization", "makespan", "sum_runtime", "jobs_killed",
	"pred_mae", "pred_mre", "pred_under", "pred_corrections",
	"mean_wait_serial", "mean_wait_narrow", "mean_wait_wide",
	"mean_bsld_serial", "mean_bsld_narrow", "mean_bsld_wide",
	"mean_wait_acc_low", "mean_wait_acc_mid", "mean_wait_acc_high",
	"mean_bsld_acc_low", "mean_bsld_acc_mid", "mean_bsld_acc_high",
}

// Values returns the summary metrics in the order of MetricNames.
func (s *Summary) Values() []float64 {
	return append([]float64{
		float64(s.Completed), float64(s.Rejected),
		s.MeanWait, s.P50Wait, s.P95Wait, s.P99Wait, s.MaxWait,
		s.MeanResponse, s.MeanSlowdown,
		s.MeanBSLD, s.P50BSLD, s.P95BSLD, s.P99BSLD,
		s.Utilization, s.Makespan, s.SumRuntime, float64(s.Killed),
	}, s.classValues()...)
}

// stats accumulates the metrics of completed jobs.
type stats struct {
	tau         float64
	arrivals    int
	completed   int
	killed      int
	overruns    int
	rejected    []Rejected
	first       float64
	hasFirst    bool
	lastEnd     float64
	busyArea    float64
	sumResponse float64
	sumSlowdown float64
	nSlowdown   int
	sumRuntime  float64
	waits       sample
	bslds       sample
	corrections int
	classes     classStats
}

func (s *stats) init(tau float64) {
	s.tau = tau
	s.waits.limit, s.bslds.limit = ExactPercentileJobs, ExactPercentileJobs
}

func (s *stats) reject(id int64, size int) {
	s.rejected = append(s.rejected, Rejected{ID: id, Size: size})
}

func (s *stats) arrived(submit float64) {
	s.arrivals++
	if !s.hasFirst {
		s.first, s.hasFirst = submit, true
	}
}

// ended records a completed job; area is the busy area since the start of
// the run, up to now.
func (s *stats) ended(j *model.Job, area float64) {
	s.completed++
	s.lastEnd = j.End
	s.busyArea = area
	s.waits.add(j.Wait())
	s.bslds.add(j.BoundedSlowdown(s.tau))
	s.sumResponse += j.Response()
	if j.Runtime > 0 {
		s.sumSlowdown += j.Slowdown()
		s.nSlowdown++
	}
	s.sumRuntime += j.End - j.Start
}

func (s *stats) result(procs int) *Result {
	r := &Result{Rejected: s.rejected, Killed: s.killed, Overruns: s.overruns, FirstSubmit: s.first, LastEnd: s.lastEnd}
	sum := &r.Summary
	sum.Completed, sum.Rejected, sum.Killed = s.completed, len(s.rejected), s.killed
	sum.SumRuntime = s.sumRuntime
	s.classes.fill(sum, s.completed, s.corrections)
	if s.completed == 0 {
		// means over no job are undefined, not 0
		nan := math.NaN()
		sum.Makespan, sum.Utilization, sum.MeanWait, sum.MaxWait, sum.MeanResponse = nan, nan, nan, nan, nan
		sum.MeanSlowdown, sum.MeanBSLD = nan, nan
		sum.P50Wait, sum.P95Wait, sum.P99Wait, sum.P50BSLD, sum.P95BSLD, sum.P99BSLD = nan, nan, nan, nan, nan, nan
		return r
	}
	// The meter runs from time 0, when nothing is busy, so the area up to
	// the last end is the area from the first submit.
	r.BusyArea = s.busyArea
	sum.Makespan = s.lastEnd - s.first
	if sum.Makespan > 0 {
		sum.Utilization = s.busyArea / (float64(procs) * sum.Makespan)
	}
	sum.MeanWait, sum.MaxWait = s.waits.mean(), s.waits.max
	sum.MeanResponse = s.sumResponse / float64(s.completed)
	sum.MeanSlowdown = math.NaN()
	if s.nSlowdown > 0 {
		sum.MeanSlowdown = s.sumSlowdown / float64(s.nSlowdown)
	}
	sum.MeanBSLD = s.bslds.mean()
	w := s.waits.quantiles(0.5, 0.95, 0.99)
	sum.P50Wait, sum.P95Wait, sum.P99Wait = w[0], w[1], w[2]
	b := s.bslds.quantiles(0.5, 0.95, 0.99)
	sum.P50BSLD, sum.P95BSLD, sum.P99BSLD = b[0], b[1], b[2]
	return r
}

// Quantile returns the p-quantile of sorted (ascending) data, interpolating
// linearly between order statistics (Hyndman–Fan type 7): the value at
// position p·(n−1). It returns NaN for empty data.
func Quantile(sorted []float64, p float64) float64 {
	return quantile(len(sorted), p, func(i int) float64 { return sorted[i] })
}

// quantile is Quantile of n values of which at returns the one of rank
// i: those of ranks ⌊p(n−1)⌋ and the next are all it reads.
func quantile(n int, p float64, at func(i int) float64) float64 {
	if n == 0 {
		return math.NaN()
	}
	h := p * float64(n-1)
	lo := math.Floor(h)
	i := int(lo)
	if i >= n-1 {
		return at(n - 1)
	}
	if i < 0 {
		return at(0)
	}
	return at(i) + (h-lo)*(at(i+1)-at(i))
}

// CSVHeader is the header line of the per-job CSV records; user is the
// job's user number (SWF field 12), empty when the workload has none.
const CSVHeader = "id,submit,start,end,processors,runtime,estimate,wait,bsld,user"

// csvWriter writes per-job records without allocating per job.
type csvWriter struct {
	*records.Writer
	tau float64
}

func newCSVWriter(w io.Writer, tau float64) *csvWriter {
	return &csvWriter{Writer: records.New(w), tau: tau}
}

func (c *csvWriter) header() { c.Write(append(c.Line(), CSVHeader+"\n"...)) }

// write appends one record: the runtime is the one served (the estimate of
// a killed job), the estimate the workload's.
func (c *csvWriter) write(j *model.Job) {
	if c.Failed() {
		return
	}
	b := c.Line()
	b = strconv.AppendInt(b, j.ID, 10)
	for _, v := range [...]float64{j.Submit, j.Start, j.End} {
		b = append(b, ',')
		b = records.AppendFloat(b, v)
	}
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(j.Size), 10)
	for _, v := range [...]float64{j.Runtime, j.Estimate, j.Wait(), j.BoundedSlowdown(c.tau)} {
		b = append(b, ',')
		b = records.AppendFloat(b, v)
	}
	b = append(b, ',')
	if j.User >= 0 {
		b = strconv.AppendInt(b, int64(j.User), 10)
	}
	b = append(b, '\n')
	c.Write(b)
}

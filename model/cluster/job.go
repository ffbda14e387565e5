package cluster

import "github.com/schedsim/schedsim/model"

// State is where a job is in its life on the cluster.
type State uint8

// The states of a job.
const (
	// Queued: the job has arrived and waits to start.
	Queued State = iota + 1
	// Running: the job holds its processors.
	Running
	// Ended: the job has left the cluster.
	Ended
)

// String returns the state's name.
func (s State) String() string {
	switch s {
	case Queued:
		return "queued"
	case Running:
		return "running"
	case Ended:
		return "ended"
	}
	return "invalid"
}

// MinEstimate is the smallest estimate the cluster lets a scheduler see,
// in seconds: estimates below it (a zero requested time, or the exact
// estimate of a zero-length job) are raised to it, so that every running
// job and every reservation covers a non-empty interval of time.
const MinEstimate = 1.0

// Job is a job on the cluster as schedulers see it: everything about it
// except its actual runtime, through read-only accessors. A *Job is valid
// from its arrival (Tracker.Arrived) until its end (Tracker.Ended returns);
// the cluster then recycles the record, so schedulers must not keep
// pointers to ended jobs.
type Job struct {
	// The fields a scheduler's sweep over its queue reads (the estimate,
	// the reservation and, through job, the size) come first, in the
	// record's first 64 bytes, and the record is 128 bytes (a size class
	// of that alignment): a visit to a queued job touches one cache line.
	est float64 // the current prediction

	// Reservation is left to the scheduler: the cluster sets it to -1 when
	// the job arrives and never reads it. Reservation-based policies keep
	// the start time of the job's reservation here.
	Reservation float64

	job         model.Job
	seq         uint64
	req         float64 // the requested time (the workload's estimate)
	first       float64 // the prediction made at arrival
	estEnd      float64
	extensions  int32
	corrections int32
	state       State
	killed      bool
	follows     bool // submitted by user-based feedback (see feedback.go)
}

// ID returns the job's identifier in its workload.
func (j *Job) ID() int64 { return j.job.ID }

// Submit returns the job's arrival time.
func (j *Job) Submit() float64 { return j.job.Submit }

// Size returns the number of processors the job needs.
func (j *Job) Size() int { return j.job.Size }

// Estimate returns the runtime the scheduler may assume: the job's
// prediction (see Predictor) or, without a predictor, its requested time,
// raised to MinEstimate. It is fixed while the job is queued; while it
// runs, each correction (see Corrections) raises it.
func (j *Job) Estimate() float64 { return j.est }

// Requested returns the job's requested time (the workload's estimate),
// raised to MinEstimate. Jobs killed at their estimate are killed at it.
func (j *Job) Requested() float64 { return j.req }

// Corrections returns how many times the prediction of the running job
// was corrected because it reached it without ending, below its
// requested time.
func (j *Job) Corrections() int { return int(j.corrections) }

// Seq returns the job's arrival rank on the cluster (0 for the first
// accepted job): it orders jobs that arrived at the same time.
func (j *Job) Seq() uint64 { return j.seq }

// State returns the job's state.
func (j *Job) State() State { return j.state }

// Start returns the time the job started, or -1 while it is queued.
func (j *Job) Start() float64 { return j.job.Start }

// EstEnd returns, for a running job, the time the scheduler may assume it
// ends: Start + Estimate, moved later each time the job overruns it (a
// correction below the requested time, an extension beyond it; see
// Tracker.Extended). It is -1 for a queued job.
func (j *Job) EstEnd() float64 { return j.estEnd }

// Extensions returns how many times the job's estimated end was extended
// because it ran past it at or beyond its requested time (see
// Corrections for the overruns of a prediction below it).
func (j *Job) Extensions() int { return int(j.extensions) }

// BySubmit orders jobs by arrival: the first-come first-served order.
func BySubmit(a, b *Job) bool { return a.seq < b.seq }

// ByEstimate orders jobs by estimate, shortest first, then by arrival:
// the shortest-job-first order.
func ByEstimate(a, b *Job) bool {
	if a.est != b.est {
		return a.est < b.est
	}
	return a.seq < b.seq
}

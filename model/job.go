package model

import "io"

// Job is a unit of work: one task on one processor (Size 1) or a parallel
// job that needs Size processors at once. Times are in the model's unit
// (seconds for traces, mean service times for queueing models). Start and
// End are set by the system when the job starts and ends; they are
// negative while unknown.
type Job struct {
	// ID identifies the job within its workload.
	ID int64
	// Submit is the arrival (submission) time.
	Submit float64
	// Size is the number of processors the job needs simultaneously.
	Size int
	// Runtime is the actual service time.
	Runtime float64
	// Estimate is the runtime the scheduler believes (a user estimate or
	// a model of one); schedulers never read Runtime.
	Estimate float64
	// Start is the time the job started, or -1.
	Start float64
	// End is the time the job ended, or -1.
	End float64
	// User identifies the user who submitted the job within its workload
	// (SWF field 12), or is NoUser when the workload does not say.
	User int
}

// NoUser is the User of a job whose workload gives no user.
const NoUser = -1

// NewJob returns a job that has neither started nor ended, of no known
// user.
func NewJob(id int64, submit float64, size int, runtime, estimate float64) Job {
	return Job{ID: id, Submit: submit, Size: size, Runtime: runtime, Estimate: estimate, Start: -1, End: -1, User: NoUser}
}

// Wait returns the time the job waited before it started.
func (j *Job) Wait() float64 { return j.Start - j.Submit }

// Response returns the time from submission to the end.
func (j *Job) Response() float64 { return j.End - j.Submit }

// Slowdown returns response time over runtime.
func (j *Job) Slowdown() float64 { return j.Response() / j.Runtime }

// BoundedSlowdown returns max(1, response / max(runtime, tau)), the
// slowdown that does not let very short jobs dominate a mean.
func (j *Job) BoundedSlowdown(tau float64) float64 {
	r := j.Runtime
	if r < tau {
		r = tau
	}
	s := j.Response() / r
	if s < 1 {
		return 1
	}
	return s
}

// JobSource yields the jobs of a workload in submission order. Next
// returns io.EOF after the last job.
type JobSource interface {
	Next() (Job, error)
}

// JobFiller is implemented by job sources that can also write the next
// job into a Job of the caller's, as Next would return it (io.EOF after
// the last one; after an error the Job is unspecified). The cluster
// reads its jobs so, which saves copying each job out by value through
// the layers of a source.
type JobFiller interface {
	NextInto(j *Job) error
}

// SliceSource is a JobSource over jobs held in memory, for tests and small
// hand-built workloads.
type SliceSource struct {
	Jobs []Job
	next int
}

// Next returns the next job or io.EOF.
func (s *SliceSource) Next() (Job, error) {
	if s.next >= len(s.Jobs) {
		return Job{}, io.EOF
	}
	s.next++
	return s.Jobs[s.next-1], nil
}

package multicluster

import "github.com/schedsim/schedsim/model"

// Part is one piece of a job's placement: Procs processors of cluster
// Cluster (its index in the platform) from Start for the job's duration on
// that cluster. A job that is not co-allocated has one part.
type Part struct {
	// Cluster is the index of the cluster in the platform.
	Cluster int
	// Start is when the part starts (≥ the time it is placed).
	Start float64
	// Procs is the number of processors the part holds.
	Procs int
}

// part is a placed Part with what the grid needs to run it.
type part struct {
	Part
	end     float64
	job     *Job
	started bool
	ended   bool
	slot    int // index in the cluster's list of placed parts
}

// Job is a job of the grid as metaschedulers see it, through read-only
// accessors. A *Job is valid while it is in the global queue; the grid
// recycles the record after the job ends.
type Job struct {
	job      model.Job
	seq      uint64
	length   float64
	placedAt float64
	parts    []part
	left     int
}

// ID returns the job's identifier in its workload.
func (j *Job) ID() int64 { return j.job.ID }

// Submit returns the job's arrival time at the metascheduler.
func (j *Job) Submit() float64 { return j.job.Submit }

// Size returns the number of processors P the job needs.
func (j *Job) Size() int { return j.job.Size }

// Length returns the job's length L in millions of instructions: its run
// time in the workload × the reference speed.
func (j *Job) Length() float64 { return j.length }

// Seq returns the job's arrival rank (0 for the first accepted job).
func (j *Job) Seq() uint64 { return j.seq }

// Record is what the grid reports about a completed job.
type Record struct {
	// Job holds the workload's fields; Start is the start of the job's
	// first part and End the end of its last part.
	Job model.Job
	// Placed is when the metascheduler placed the job (it left the global
	// queue then).
	Placed float64
	// Parts are the job's parts in the order they were placed, with their
	// ends.
	Parts []PlacedPart
	// Clusters is the number of distinct clusters the job ran on.
	Clusters int
}

// PlacedPart is a part with its end.
type PlacedPart struct {
	Part
	// End is Start + the job's duration on the part's cluster.
	End float64
}

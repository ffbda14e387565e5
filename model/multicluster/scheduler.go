package multicluster

import "github.com/schedsim/schedsim/model/cluster"

// Metascheduler decides where and when the jobs of the global queue run.
// The grid calls Schedule once per instant at which anything changed,
// after every part end and arrival of that instant.
type Metascheduler interface {
	// CoAllocates reports whether the policy may split a job over several
	// clusters. Jobs larger than the largest cluster are rejected under a
	// policy that does not.
	CoAllocates() bool
	// Schedule places queued jobs through p. It may place none. An error
	// stops the run and is returned by Grid.Run.
	Schedule(v *View, p Planner) error
}

// Planner places jobs during a scheduling pass.
type Planner interface {
	// Place places the i-th job of the global queue (0 is the head) as
	// the given parts, and the job leaves the queue (the jobs after it
	// move up by one). Every part must start now or later, on an existing
	// cluster, with ≥ 1 processor, and fit in that cluster's plan for the
	// job's duration there without touching any accepted reservation; the
	// parts must hold at least the job's size in all. parts is copied.
	Place(i int, parts []Part) error
}

// View is a read-only view of the grid for metaschedulers.
type View struct {
	g *Grid
}

// Now returns the current simulated time.
func (v *View) Now() float64 { return v.g.eng.Now() }

// Clusters returns the number of clusters.
func (v *View) Clusters() int { return len(v.g.clusters) }

// Procs returns the number of processors of cluster c.
func (v *View) Procs(c int) int { return v.g.clusters[c].spec.Procs }

// Speed returns the speed of cluster c, in MIPS.
func (v *View) Speed(c int) float64 { return v.g.clusters[c].spec.Speed }

// Name returns the name of cluster c.
func (v *View) Name(c int) string { return v.g.clusters[c].spec.Name }

// Plan returns the advance-reservation plan of cluster c: its free
// processors as a step function of time from now on, after every part
// placed so far (running or reserved). Schedulers must not modify it;
// copy it (cluster.Profile.CopyFrom) to try placements.
func (v *View) Plan(c int) *cluster.Profile { return v.g.clusters[c].plan }

// Duration returns the duration of job j on cluster c: L / speed(c).
func (v *View) Duration(j *Job, c int) float64 { return j.length / v.g.clusters[c].spec.Speed }

// QueueLen returns the number of jobs in the global queue.
func (v *View) QueueLen() int { return len(v.g.queue) }

// Queued returns the i-th job of the global queue, in arrival order.
func (v *View) Queued(i int) *Job { return v.g.queue[i] }

// Checking reports whether the debug invariant checker is on.
func (v *View) Checking() bool { return v.g.cfg.Check }

package cluster

// Scheduler decides which queued jobs start. The cluster keeps its queue
// sorted by Less (ties broken by arrival) and calls Schedule once per
// instant at which anything changed, after every job end, overrun and
// arrival of that instant, so the pass sees the whole instant.
type Scheduler interface {
	// Less orders the queue: the job for which Less is true goes first.
	// It must be a strict weak order that does not change while the jobs
	// are queued (BySubmit, ByEstimate). An order that changes with time
	// is a priority (see Prioritized); Less then breaks its ties.
	Less(a, b *Job) bool
	// Schedule starts queued jobs through s. It may start none. An error
	// stops the replay and is returned by Cluster.Run.
	Schedule(v *View, s Starter) error
}

// Tracker is implemented by schedulers that keep state across passes (an
// availability profile, reservations). The cluster calls its methods as
// the state changes, before the pass of that instant.
type Tracker interface {
	// Arrived is called when j has joined the queue.
	Arrived(v *View, j *Job)
	// Ended is called when running job j has left; its processors are
	// already free. j.EstEnd() still holds the end the scheduler assumed,
	// which is later than v.Now() when the job ended early.
	Ended(v *View, j *Job)
	// Extended is called when running job j reached its estimated end
	// without ending: its estimated end moved from old to j.EstEnd().
	Extended(v *View, j *Job, old float64)
}

// Starter starts queued jobs during a scheduling pass.
type Starter interface {
	// Start starts the i-th job of the queue (0 is the head) now. The
	// job leaves the queue, so the jobs after it move up by one. It fails
	// when i is out of range, the job does not fit in the free
	// processors, or no pass is in progress.
	Start(i int) error
}

// View is a read-only view of the cluster for schedulers.
type View struct {
	c *Cluster
}

// Now returns the current simulated time.
func (v *View) Now() float64 { return v.c.eng.Now() }

// Procs returns the number of processors of the cluster.
func (v *View) Procs() int { return v.c.procs }

// Free returns the number of idle processors.
func (v *View) Free() int { return v.c.free }

// QueueLen returns the number of queued jobs.
func (v *View) QueueLen() int { return len(v.c.queue) }

// Queued returns the i-th queued job in the scheduler's order (0 is the
// head).
func (v *View) Queued(i int) *Job { return v.c.queue[i] }

// NextFitting returns the index of the first queued job at or after i
// that needs at most free processors, or QueueLen() when there is none:
// a scan for jobs that may start skips the wider ones at the cost of a
// comparison each.
func (v *View) NextFitting(i, free int) int {
	q := v.c.queue
	for ; i < len(q); i++ {
		if q[i].job.Size <= free {
			return i
		}
	}
	return len(q)
}

// RunningLen returns the number of running jobs.
func (v *View) RunningLen() int { return len(v.c.running) }

// Running returns the i-th running job by estimated end, earliest first
// (ties by arrival).
func (v *View) Running(i int) *Job { return v.c.running[i] }

// Changes returns the number of changes so far of the running jobs (a
// start, an end, a moved estimated end) and of the queue other than a
// job joining its end (a start, an insertion before the end, a new
// order). A scheduler that sees the count it saw at the end of its last
// pass knows that since then only jobs joined the queue, after the ones
// it saw, and that the free processors are the same.
func (v *View) Changes() uint64 { return v.c.changes }

// Checking reports whether the debug invariant checker is on, so that
// schedulers can check their own invariants too.
func (v *View) Checking() bool { return v.c.cfg.Check }

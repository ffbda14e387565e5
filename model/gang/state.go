package gang

import (
	"io"

	"github.com/schedsim/schedsim/model"
)

// GS is the Site of an Arrival that is a gang: gangs arrive at the grid
// scheduler, not at a site.
const GS = -1

// Arrival is one job entering the system.
type Arrival struct {
	// Time is the arrival time.
	Time float64
	// Site is the site (0-based) a local job arrives at, or GS for a gang.
	Site int
	// Size is the number of tasks: 1 for a local job, k ≥ 1 for a gang.
	Size int
	// Runtime is the actual service time (shared by all tasks of a gang).
	Runtime float64
	// Estimate is the runtime the schedulers believe.
	Estimate float64
}

// Source yields the arrivals of a workload in time order. Next returns
// io.EOF after the last one.
type Source interface {
	Next() (Arrival, error)
}

// SliceSource is a Source over arrivals held in memory, in time order:
// hand-built situations for tests and small examples.
type SliceSource struct {
	Arrivals []Arrival
	next     int
}

// Next returns the next arrival, or io.EOF after the last.
func (s *SliceSource) Next() (Arrival, error) {
	if s.next >= len(s.Arrivals) {
		return Arrival{}, io.EOF
	}
	s.next++
	return s.Arrivals[s.next-1], nil
}

// gangState is where a gang is in its life.
type gangState uint8

const (
	gangNew     gangState = iota
	gangQueued            // in the GS queue
	gangWaiting           // its tasks head their queues; not all processors idle
	gangRunning           // running on all its processors
	gangDone              // ended (the value is back on the free list)
)

// gangJob is a gang (a grid job): Size tasks that run simultaneously on
// Size distinct processors for one shared service time. Policies see gangs
// only through the GSQueue accessors.
type gangJob struct {
	job   model.Job
	state gangState
	// procs are the processors the gang waits at or runs on.
	procs []*proc
	// ahead counts the processors of procs that run another job.
	ahead int
	// site is the site of a one-site gang, -1 for a split one.
	site  int
	split bool
	// base is the service time before any split overhead.
	base float64
	// ended guards against a second end (checker).
	ended bool
	// asked is the View.StartNow call that last asked whether a local may
	// backfill ahead of the gang, and mayBackfill its answer: the gang's
	// idle processors share it.
	asked       uint64
	mayBackfill bool
}

// local is a local job: one task at one processor of its site.
type local struct {
	job        model.Job
	site       int
	proc       *proc
	backfilled bool
	ended      bool
}

// proc is a processor and its FIFO queue. At most one gang task waits in
// the queue, always at its head (gang), followed by locals (queue).
type proc struct {
	site, idx int
	// running job: a local or a gang (at most one of the two).
	local *local
	run   *gangJob
	// estEnd is start + estimate of the running job.
	estEnd float64
	// gang is the gang task waiting at the head of the queue, or nil.
	gang *gangJob
	// queue holds the waiting locals (behind gang, if any).
	queue model.Queue[*local]
	// waitWork is the sum of the estimates of the waiting locals.
	waitWork float64
	// cached state for the site counters and sets: queue empty, free,
	// idle behind a waiting gang, and the number of jobs waiting.
	empty, free, gangIdle bool
	qlen                  int
}

func (p *proc) idle() bool       { return p.local == nil && p.run == nil }
func (p *proc) queueEmpty() bool { return p.gang == nil && p.queue.Len() == 0 }

// site is one site: its processors and counters.
type site struct {
	procs []proc
	// empty counts processors whose queue is empty, free those that are
	// also idle.
	empty, free int
	busy        model.BusyMeter
	siteSets
}

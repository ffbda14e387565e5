package gang

import (
	"errors"
	"fmt"
)

// Limits of Config.
const (
	// MaxSites is the largest number of sites.
	MaxSites = 1024
	// MaxProcessors is the largest number of processors per site.
	MaxProcessors = 1 << 16
)

// Config is the platform and the measurement of a System.
type Config struct {
	// Sites is the number of sites (the paper: 2).
	Sites int
	// Processors is the number of processors of every site (the paper:
	// 16).
	Processors int
	// CompletedJobs stops the run once this many jobs (locals and gangs
	// together) have completed after the warm-up; 0 sets no such limit.
	CompletedJobs int
	// WarmupJobs completions are not measured; the measurement window
	// opens at the last of them (the paper: none).
	WarmupJobs int
	// Check switches on the invariant checker: the run fails with an error
	// at the first event that breaks an invariant.
	Check bool
}

// Validate reports the first value outside its range.
func (c Config) Validate() error {
	switch {
	case c.Sites < 1 || c.Sites > MaxSites:
		return fmt.Errorf("gang: sites must be in [1, %d] (got %d)", MaxSites, c.Sites)
	case c.Processors < 1 || c.Processors > MaxProcessors:
		return fmt.Errorf("gang: processors per site must be in [1, %d] (got %d)", MaxProcessors, c.Processors)
	case c.CompletedJobs < 0:
		return fmt.Errorf("gang: completed jobs must be ≥ 0 (got %d)", c.CompletedJobs)
	case c.WarmupJobs < 0:
		return fmt.Errorf("gang: warm-up jobs must be ≥ 0 (got %d)", c.WarmupJobs)
	}
	return nil
}

// ErrInvariant is wrapped by the errors of the invariant checker and of
// the end-of-run checks.
var ErrInvariant = errors.New("gang: invariant violated")

// ErrPolicy is wrapped by the errors raised when a policy returns a
// decision the state does not allow (a processor index out of range, a
// placement without enough queues).
var ErrPolicy = errors.New("gang: invalid policy decision")

// Result is what one run measured, over the jobs completed in the
// measurement window (from the end of the warm-up to the end of the run).
type Result struct {
	// LocalRT is the mean response time of the local jobs (RT).
	LocalRT float64
	// LocalSLD is their mean slowdown, response / service time (SLD).
	LocalSLD float64
	// GangWRT is the mean response time of the gangs weighted by their
	// size (WRT).
	GangWRT float64
	// GangWSLD is their mean slowdown weighted by size (WSLD); a split
	// gang's service time includes its overhead.
	GangWSLD float64
	// Utilization is the time-average fraction of busy processors.
	Utilization float64
	// SiteUtilization is the same per site.
	SiteUtilization []float64
	// LocalsArrived and LocalsFinished count local jobs arriving and
	// completing in the window.
	LocalsArrived, LocalsFinished int
	// GangsArrived and GangsFinished count gangs arriving and completing in
	// the window; GangsSplit counts the finished ones that ran over
	// several sites.
	GangsArrived, GangsFinished, GangsSplit int
	// Backfilled counts finished locals that started ahead of a waiting
	// gang.
	Backfilled int
	// OfferedLoad is the work that arrived in the window (size × service
	// time, without overheads) over the processor time of the window.
	OfferedLoad float64
	// OverheadLoad is the work added by split overheads over the processor
	// time of the window.
	OverheadLoad float64
	// GSQueueMean is the time-average number of gangs in the GS queue.
	GSQueueMean float64
	// Window is the length of the measurement window.
	Window float64
	// Events is the number of events the engine processed.
	Events uint64
}

// Completed returns the number of jobs completed in the window.
func (r Result) Completed() int { return r.LocalsFinished + r.GangsFinished }

// counters are the sums of the measurement window.
type counters struct {
	locals, gangs               int
	localsArrived, gangsArrived int
	split, backfilled           int
	sumRT, sumSLD               float64
	sumWRT, sumWSLD, sumSize    float64
	offered, overhead           float64
}

package slotexp

import (
	"context"

	"github.com/schedsim/schedsim/sim"
)

// RunCycles is the loop of every cycle-based experiment of the package
// (RunExperiment, RunCSS2014, RunANT): it calls step for cycles 0, 1, …
// until n cycles have run, or, when maxJobs > 0, after the cycle in which
// the jobs the steps report reach maxJobs. ctx is checked before every
// cycle: once it is cancelled RunCycles returns sim.ErrInterrupted, which
// the scenario runner (and sim.Replicate) count as a replication that did
// not finish. The first error of a step ends the loop and is returned as
// it is.
func RunCycles(ctx context.Context, n, maxJobs int, step func(cycle int) (jobs int, err error)) error {
	seen := 0
	for c := 0; c < n && (maxJobs <= 0 || seen < maxJobs); c++ {
		if ctx.Err() != nil {
			return sim.ErrInterrupted
		}
		jobs, err := step(c)
		if err != nil {
			return err
		}
		seen += jobs
	}
	return nil
}

package scenarios

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

// Options change how a scenario runs without changing the scenario file.
// Zero values keep the scenario's own settings.
type Options struct {
	// Engine overrides the scenario's engine.
	Engine sim.Kind
	// Replications overrides the number of replications.
	Replications int
	// Seed, when not nil, overrides the seed.
	Seed *uint64
	// Workers bounds the goroutines (GOMAXPROCS when ≤ 0).
	Workers int
	// OutDir, when not empty, receives the per-job CSV (if JobsCSV) and
	// the kinds' extra files of replication 0 of each point.
	OutDir string
	// JobsCSV asks for per-job records (needs OutDir) of replication 0 of
	// each point: Run writes them all to jobs.csv in long format (see
	// CombineJobs).
	JobsCSV bool
	// JobsAll extends JobsCSV to every replication.
	JobsAll bool
	// WindowsCSV asks the slot kinds for per-window records (needs
	// OutDir) of replication 0 of each point: Run writes them all to
	// windows.csv in long format (see CombineWindows).
	WindowsCSV bool
	// Check switches on the models' invariant checkers.
	Check bool
	// Log is the structured logger.
	Log zerolog.Logger
	// Progress, when not nil, is called after every finished replication
	// with the replications finished, their total and the events processed
	// so far.
	Progress func(done, total int, events uint64)
}

// Apply writes the overrides of opts into the scenario, so that its
// Resolved form describes the run exactly.
func (sc *Scenario) Apply(opts Options) error {
	if opts.Engine != "" {
		if _, err := sim.New(opts.Engine); err != nil {
			return err
		}
		sc.Engine = string(opts.Engine)
	}
	if opts.Replications != 0 {
		if opts.Replications < 1 || opts.Replications > MaxReplications {
			return fmt.Errorf("scenarios: replications must be in [1, %d] (got %d)", MaxReplications, opts.Replications)
		}
		sc.Replications = opts.Replications
	}
	if opts.Seed != nil {
		sc.Seed = *opts.Seed
	}
	return nil
}

// Run executes every (point, replication) pair of the scenario in
// parallel. Replication r of every point uses the streams of (seed, r):
// points are compared on common random numbers. Results are identical for
// any number of workers.
//
// Replications run round by round: replication 0 of every point, then
// replication 1, and so on. When ctx is cancelled, the report keeps the
// rounds that finished completely, so that it is exactly the outcome of the
// same scenario with fewer replications (Report.Replications of
// Report.Requested; sc.Replications is set to the kept number, so that
// sc.Resolved re-runs what was kept). If not even round 0 finished, Run
// returns an error wrapping sim.ErrInterrupted: nothing is kept.
func Run(ctx context.Context, sc *Scenario, opts Options) (*results.Report, error) {
	if err := sc.Apply(opts); err != nil {
		return nil, err
	}
	start := time.Now()
	all := make([]int, sc.Tasks())
	for t := range all {
		all[t] = t
	}
	done, err := RunTasks(ctx, sc, opts, all, nil)
	if err != nil {
		return nil, err
	}
	// Keep the rounds that finished completely.
	reps, npoints := sc.Replications, len(sc.Points)
	finished := make([]bool, len(all))
	for _, d := range done {
		finished[d.Task] = true
	}
	kept := reps
	for t, ok := range finished {
		if !ok {
			kept = t / npoints
			break
		}
	}
	if kept == 0 {
		return nil, sim.NewInterrupted("scenarios: interrupted: before every point had finished one replication; nothing kept")
	}
	sc.Replications = kept
	res, err := Aggregate(sc, done)
	if err != nil {
		return nil, err
	}
	if kept < reps {
		res.Interrupted = true
		res.Requested = reps
	}
	if opts.OutDir != "" && opts.JobsCSV {
		err := CombineJobs(sc, res, opts.OutDir, opts.OutDir)
		if rmErr := os.RemoveAll(filepath.Join(opts.OutDir, jobsDir)); err == nil {
			err = rmErr
		}
		if err != nil {
			return nil, err
		}
	}
	if opts.OutDir != "" && opts.WindowsCSV {
		err := CombineWindows(sc, res, opts.OutDir, opts.OutDir)
		if rmErr := os.RemoveAll(filepath.Join(opts.OutDir, windowsDir)); err == nil {
			err = rmErr
		}
		if err != nil {
			return nil, err
		}
	}
	res.Wall = time.Since(start).Seconds()
	return res, nil
}

// replicationLog is the run's logger with the point (in a sweep) and the
// replication (when there are several).
func replicationLog(log zerolog.Logger, sc *Scenario, p Point, rep int) zerolog.Logger {
	ctx := log.With()
	if len(sc.Points) > 1 {
		ctx = ctx.Str("point", p.Name())
	}
	if sc.Replications > 1 {
		ctx = ctx.Int("replication", rep)
	}
	return ctx.Logger()
}

// pointRunError names the point and the replication of a failed
// replication, leaving out what the scenario does not have (a point name
// without a sweep, the replication with only one).
func pointRunError(sc *Scenario, p Point, rep int, err error) error {
	prefix := pointPrefix(sc, p, rep)
	if prefix == "" {
		return err
	}
	return fmt.Errorf("%s%w", prefix, err)
}

// pointPrefix returns "point NAME, replication R: " with the parts that
// say something (rep < 0: no replication).
func pointPrefix(sc *Scenario, p Point, rep int) string {
	var parts []string
	if len(sc.Points) > 1 {
		parts = append(parts, "point "+p.Name())
	}
	if rep >= 0 && sc.Replications > 1 {
		parts = append(parts, fmt.Sprintf("replication %d", rep))
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, ", ") + ": "
}

// slug turns a point name into a directory name.
func slug(name string) string {
	if name == "" {
		return "point"
	}
	return results.FileName(name)
}

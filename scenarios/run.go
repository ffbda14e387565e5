package scenarios

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
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
	// OutDir, when not empty, receives the per-job CSV of replication 0 of
	// each point (if JobsCSV) and the kinds' extra files.
	OutDir string
	// JobsCSV asks for per-job records (needs OutDir).
	JobsCSV bool
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
			return fmt.Errorf("replications must be in [1, %d] (got %d)", MaxReplications, opts.Replications)
		}
		sc.Replications = opts.Replications
	}
	if opts.Seed != nil {
		sc.Seed = *opts.Seed
	}
	return nil
}

// ErrInterrupted is returned by Run when the context was cancelled before
// every point had finished at least one replication: nothing is kept.
var ErrInterrupted = errors.New("interrupted")

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
// returns an error wrapping ErrInterrupted.
func Run(ctx context.Context, sc *Scenario, opts Options) (*results.Report, error) {
	if err := sc.Apply(opts); err != nil {
		return nil, err
	}
	start := time.Now()
	reps := sc.Replications
	npoints := len(sc.Points)
	total := npoints * reps
	var events atomic.Uint64
	pointDirs := make([]string, npoints)
	if opts.OutDir != "" {
		for i, p := range sc.Points {
			pointDirs[i] = opts.OutDir
			if npoints > 1 {
				pointDirs[i] = filepath.Join(opts.OutDir, "points", slug(p.Name()))
			}
		}
	}
	var progress func(int)
	if opts.Progress != nil {
		progress = func(done int) { opts.Progress(done, total, events.Load()) }
	}
	outcomes := sim.Replicate(ctx, total, opts.Workers, func(task int) (results.Metrics, error) {
		rep, pi := task/npoints, task%npoints
		point := sc.Points[pi]
		eng, _ := sim.New(sim.Kind(sc.Engine))
		rc := RunContext{
			Context: ctx,
			Engine:  eng,
			Streams: sim.NewStreams(sc.Seed, rep),
			Stop:    sc.Stop,
			Log:     replicationLog(opts.Log, sc, point, rep),
			Check:   opts.Check,
		}
		var jobs bytes.Buffer
		if rep == 0 && opts.OutDir != "" {
			rc.OutDir = pointDirs[pi]
			if opts.JobsCSV {
				rc.Jobs = &jobs
			}
		}
		// Ctrl-C interrupts the engine inside a long replication; what
		// such a replication returns is incomplete and is discarded.
		watch := context.AfterFunc(ctx, func() { sim.Interrupt(eng) })
		m, err := point.Params.Run(rc)
		events.Add(eng.Processed())
		if !watch() || rc.Cancelled() {
			return nil, sim.ErrInterrupted
		}
		if err != nil {
			return nil, pointRunError(sc, point, rep, err)
		}
		if rc.Jobs != nil {
			if err := results.WriteFileAtomic(filepath.Join(rc.OutDir, "jobs.csv"), jobs.Bytes()); err != nil {
				return nil, fmt.Errorf("scenarios: %w", err)
			}
		}
		return m, nil
	}, progress)

	// The first failure in task order is the error, whether or not the run
	// was interrupted; otherwise keep the rounds that finished completely.
	kept := reps
	for task, o := range outcomes {
		if o.Done && o.Err != nil {
			return nil, o.Err
		}
		if !o.Done && task/npoints < kept {
			kept = task / npoints
		}
	}
	res := &results.Report{Scenario: sc.Name, Model: sc.Model, Seed: sc.Seed, Engine: sc.Engine, Replications: kept, Events: events.Load()}
	for _, ax := range sc.Sweep {
		if ax.Label != "" {
			if res.AxisLabels == nil {
				res.AxisLabels = map[string]string{}
			}
			res.AxisLabels[ax.Key] = ax.Label
		}
	}
	if kept < reps {
		if kept == 0 {
			return nil, fmt.Errorf("scenarios: %w: before every point had finished one replication; nothing kept", ErrInterrupted)
		}
		res.Interrupted = true
		res.Requested = reps
		sc.Replications = kept
	}
	for pi, p := range sc.Points {
		ms := make([]results.Metrics, kept)
		for rep := range kept {
			ms[rep] = outcomes[rep*npoints+pi].Value
		}
		pr := results.Point{Labels: p.Labels, Replications: kept}
		var refs map[string]float64
		if r, ok := p.Params.(Referencer); ok {
			refs = r.References()
		}
		s, err := results.Summarize(ms, refs)
		if err != nil {
			return nil, fmt.Errorf("scenarios: %s%w", pointPrefix(sc, p, -1), err)
		}
		pr.Summaries = s
		res.Points = append(res.Points, pr)
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

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._=-]+`)

// slug turns a point name into a directory name.
func slug(name string) string {
	if name == "" {
		return "point"
	}
	return unsafeChars.ReplaceAllString(name, "_")
}

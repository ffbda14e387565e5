package scenarios

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
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

// Run executes every (point, replication) pair of the scenario in
// parallel. Replication r of every point uses the streams of (seed, r):
// points are compared on common random numbers. Results are identical for
// any number of workers.
func Run(ctx context.Context, sc *Scenario, opts Options) (*results.Report, error) {
	if err := sc.Apply(opts); err != nil {
		return nil, err
	}
	start := time.Now()
	reps := sc.Replications
	total := len(sc.Points) * reps
	var events atomic.Uint64
	pointDirs := make([]string, len(sc.Points))
	if opts.OutDir != "" {
		for i, p := range sc.Points {
			pointDirs[i] = opts.OutDir
			if len(sc.Points) > 1 {
				pointDirs[i] = filepath.Join(opts.OutDir, "points", slug(p.Name()))
			}
			if err := os.MkdirAll(pointDirs[i], 0o755); err != nil {
				return nil, err
			}
		}
	}
	var progress func(int)
	if opts.Progress != nil {
		progress = func(done int) { opts.Progress(done, total, events.Load()) }
	}
	outcomes := sim.Replicate(ctx, total, opts.Workers, func(task int) (results.Metrics, error) {
		pi, rep := task/reps, task%reps
		point := sc.Points[pi]
		eng, _ := sim.New(sim.Kind(sc.Engine))
		rc := RunContext{
			Engine:  eng,
			Streams: sim.NewStreams(sc.Seed, rep),
			Stop:    sc.Stop,
			Log:     opts.Log.With().Str("point", point.Name()).Int("replication", rep).Logger(),
			Check:   opts.Check,
			Ctx:     ctx,
		}
		var jobs bytes.Buffer
		if rep == 0 && opts.OutDir != "" {
			rc.OutDir = pointDirs[pi]
			if opts.JobsCSV {
				rc.Jobs = &jobs
			}
		}
		m, err := point.Params.Run(rc)
		events.Add(eng.Processed())
		if err != nil {
			return nil, fmt.Errorf("point %q replication %d: %w", point.Name(), rep, err)
		}
		if rc.Jobs != nil {
			if err := results.WriteFileAtomic(filepath.Join(rc.OutDir, "jobs.csv"), jobs.Bytes()); err != nil {
				return nil, err
			}
		}
		return m, nil
	}, progress)

	res := &results.Report{Scenario: sc.Name, Model: sc.Model, Seed: sc.Seed, Engine: sc.Engine, Replications: reps, Events: events.Load()}
	for pi, p := range sc.Points {
		var ms []results.Metrics
		for rep := 0; rep < reps; rep++ {
			o := outcomes[pi*reps+rep]
			if !o.Done || o.Err != nil && ctx.Err() != nil && errors.Is(o.Err, ctx.Err()) {
				// never started, or abandoned on the interrupt
				res.Interrupted = true
				continue
			}
			if o.Err != nil {
				return nil, o.Err
			}
			ms = append(ms, o.Value)
		}
		pr := results.Point{Labels: p.Labels, Replications: len(ms)}
		if len(ms) > 0 {
			var refs map[string]float64
			if r, ok := p.Params.(Referencer); ok {
				refs = r.References()
			}
			s, err := results.Summarize(ms, refs)
			if err != nil {
				return nil, fmt.Errorf("point %q: %w", p.Name(), err)
			}
			pr.Summaries = s
		}
		res.Points = append(res.Points, pr)
	}
	res.Wall = time.Since(start).Seconds()
	return res, nil
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._=-]+`)

// slug turns a point name into a directory name.
func slug(name string) string {
	if name == "" {
		return "point"
	}
	return unsafeChars.ReplaceAllString(name, "_")
}

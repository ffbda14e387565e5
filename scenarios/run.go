package scenarios

import (
	"context"
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
	// JobsCSV asks for per-job records (needs OutDir), streamed to
	// jobs.csv of replication 0 of each point.
	JobsCSV bool
	// JobsAll extends JobsCSV to every replication (jobs-repR.csv).
	JobsAll bool
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
	all := make([]int, sc.Tasks())
	for t := range all {
		all[t] = t
	}
	done, err := RunTasks(ctx, sc, opts, all)
	if err != nil {
		return nil, err
	}
	res, err := Aggregate(sc, done, len(done) < len(all))
	if err != nil {
		return nil, err
	}
	res.Wall = time.Since(start).Seconds()
	return res, nil
}

// Tasks returns the number of tasks of the scenario: one per (point,
// replication). Task t is replication t mod replications of point
// t div replications.
func (sc *Scenario) Tasks() int { return len(sc.Points) * sc.Replications }

// RunTasks runs the listed tasks of a scenario whose options are already
// applied, in parallel, and returns the results of those that finished, in
// the order of tasks. Fewer results than tasks means the context was
// cancelled. The per-job CSV files (opts.JobsCSV) are streamed to disk as
// the replications run and renamed into place when they end.
func RunTasks(ctx context.Context, sc *Scenario, opts Options, tasks []int) ([]results.TaskResult, error) {
	reps := sc.Replications
	var events atomic.Uint64
	pointDirs := make([]string, len(sc.Points))
	if opts.OutDir != "" {
		for _, t := range tasks {
			pi := t / reps
			if pointDirs[pi] != "" || !opts.writesFiles(t%reps) {
				continue
			}
			pointDirs[pi] = opts.OutDir
			if len(sc.Points) > 1 {
				pointDirs[pi] = filepath.Join(opts.OutDir, "points", slug(sc.Points[pi].Name()))
			}
			if err := os.MkdirAll(pointDirs[pi], 0o755); err != nil {
				return nil, err
			}
		}
	}
	var progress func(int)
	if opts.Progress != nil {
		progress = func(done int) { opts.Progress(done, len(tasks), events.Load()) }
	}
	outcomes := sim.Replicate(ctx, len(tasks), opts.Workers, func(i int) (results.TaskResult, error) {
		task := tasks[i]
		pi, rep := task/reps, task%reps
		point := sc.Points[pi]
		eng, _ := sim.New(sim.Kind(sc.Engine))
		rc := RunContext{
			Engine:  eng,
			Streams: sim.NewStreams(sc.Seed, rep),
			Stop:    sc.Stop,
			Log:     opts.Log.With().Str("point", point.Name()).Int("replication", rep).Logger(),
			Check:   opts.Check,
		}
		if rep == 0 {
			rc.OutDir = pointDirs[pi]
		}
		jobs, err := opts.createJobsCSV(pointDirs[pi], rep)
		if err != nil {
			return results.TaskResult{}, err
		}
		if jobs != nil {
			rc.Jobs = jobs
		}
		m, err := point.Params.Run(rc)
		events.Add(eng.Processed())
		if err == nil && jobs != nil {
			err = jobs.Commit()
		} else if jobs != nil {
			jobs.Abort()
		}
		if err != nil {
			return results.TaskResult{}, fmt.Errorf("point %q replication %d: %w", point.Name(), rep, err)
		}
		return results.TaskResult{Task: task, Point: pi, Replication: rep, PointName: point.Name(), Events: eng.Processed(), Metrics: m}, nil
	}, progress)
	done := make([]results.TaskResult, 0, len(tasks))
	for _, o := range outcomes {
		if !o.Done {
			continue
		}
		if o.Err != nil {
			return nil, o.Err
		}
		done = append(done, o.Value)
	}
	return done, nil
}

// writesFiles reports whether replication rep writes files into the
// output directory: replication 0 always (the kinds' extra files), the
// others only with the per-job CSV of every replication.
func (o Options) writesFiles(rep int) bool {
	return rep == 0 || (o.JobsCSV && o.JobsAll)
}

// createJobsCSV starts the per-job CSV of replication rep in dir when the
// options ask for it: jobs.csv for replication 0, jobs-repR.csv for the
// others (with JobsAll). It returns nil when none is asked for.
func (o Options) createJobsCSV(dir string, rep int) (*results.AtomicFile, error) {
	if dir == "" || !o.JobsCSV || (rep > 0 && !o.JobsAll) {
		return nil, nil
	}
	name := "jobs.csv"
	if rep > 0 {
		name = fmt.Sprintf("jobs-rep%d.csv", rep)
	}
	return results.CreateAtomic(filepath.Join(dir, name))
}

// Aggregate summarises task results into a report: for each point, the
// statistics of its replications in replication order. interrupted marks
// a report of a run that did not finish every task.
func Aggregate(sc *Scenario, done []results.TaskResult, interrupted bool) (*results.Report, error) {
	reps := sc.Replications
	byTask := make([]*results.TaskResult, sc.Tasks())
	res := &results.Report{Scenario: sc.Name, Model: sc.Model, Seed: sc.Seed, Engine: sc.Engine, Replications: reps, Interrupted: interrupted}
	for i := range done {
		byTask[done[i].Task] = &done[i]
		res.Events += done[i].Events
	}
	for pi, p := range sc.Points {
		var ms []results.Metrics
		for rep := 0; rep < reps; rep++ {
			if t := byTask[pi*reps+rep]; t != nil {
				ms = append(ms, t.Metrics)
			}
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

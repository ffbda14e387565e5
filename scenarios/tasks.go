package scenarios

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

// Tasks returns the number of tasks of the scenario: one per (point,
// replication), numbered round by round: task t is replication
// t div points of point t mod points.
func (sc *Scenario) Tasks() int { return len(sc.Points) * sc.Replications }

// taskOf returns the point and the replication of task t.
func (sc *Scenario) taskOf(t int) (point, rep int) {
	return t % len(sc.Points), t / len(sc.Points)
}

// RunTasks runs the listed tasks of a scenario whose options are already
// applied, in parallel, and returns the results of those that finished, in
// the order of tasks. Fewer results than tasks means the context was
// cancelled; the first failure in task order is the error. The per-job
// CSV files (opts.JobsCSV) are streamed to disk as the replications run
// and renamed into place when they end. finished, when not nil, is called
// (concurrently) with each task that finished.
func RunTasks(ctx context.Context, sc *Scenario, opts Options, tasks []int, finished func(results.TaskResult)) ([]results.TaskResult, error) {
	var events atomic.Uint64
	var progress func(int)
	if opts.Progress != nil {
		progress = func(done int) { opts.Progress(done, len(tasks), events.Load()) }
	}
	shares := newReplicationShares(sc, tasks)
	var warned sync.Map // the run's warnings (RunContext.WarnOnce)
	outcomes := sim.Replicate(ctx, len(tasks), opts.Workers, func(i int) (results.TaskResult, error) {
		task := tasks[i]
		pi, rep := sc.taskOf(task)
		defer shares.release(rep)
		point := sc.Points[pi]
		eng, _ := sim.New(sim.Kind(sc.Engine))
		rc := RunContext{
			Context: ctx,
			Engine:  eng,
			Streams: sim.NewStreams(sc.Seed, rep),
			Stop:    sc.Stop,
			Log:     replicationLog(opts.Log, sc, point, rep),
			Check:   opts.Check,
			Shared:  shares.acquire(rep),
			warned:  &warned,
		}
		// The directory is created by the first file written into it, so
		// that points without files leave no empty directory.
		var notes []results.Note
		if rep == 0 {
			rc.OutDir = opts.pointDir(sc, pi)
			rc.Notes = &notes
		}
		jobs, err := opts.createJobsCSV(task, rep)
		if err != nil {
			return results.TaskResult{}, fmt.Errorf("scenarios: %w", err)
		}
		if jobs != nil {
			rc.Jobs = jobs
		}
		win, err := opts.createWindowsCSV(task, rep)
		if err != nil {
			if jobs != nil {
				jobs.Abort()
			}
			return results.TaskResult{}, fmt.Errorf("scenarios: %w", err)
		}
		if win != nil {
			rc.Windows = win
		}
		// Ctrl-C interrupts the engine inside a long replication; what
		// such a replication returns is incomplete and is discarded.
		watch := context.AfterFunc(ctx, func() { sim.Interrupt(eng) })
		m, err := point.Params.Run(rc)
		events.Add(eng.Processed())
		if !watch() || ctx.Err() != nil {
			for _, f := range []*results.AtomicFile{jobs, win} {
				if f != nil {
					f.Abort()
				}
			}
			return results.TaskResult{}, sim.ErrInterrupted
		}
		for _, f := range []*results.AtomicFile{jobs, win} {
			if f == nil {
				continue
			}
			if err == nil {
				err = f.Commit()
			} else {
				f.Abort()
			}
		}
		if err != nil {
			return results.TaskResult{}, pointRunError(sc, point, rep, err)
		}
		res := results.TaskResult{Task: task, Point: pi, Replication: rep, PointName: point.Name(), Events: eng.Processed(), Metrics: m, Notes: notes}
		if finished != nil {
			finished(res)
		}
		return res, nil
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

// pointDir returns the directory replication 0 of point pi writes the
// kind's extra files into: the output directory (points/NAME in it for a
// sweep); "" without one.
func (o Options) pointDir(sc *Scenario, pi int) string {
	if o.OutDir == "" {
		return ""
	}
	if len(sc.Points) == 1 {
		return o.OutDir
	}
	return filepath.Join(o.OutDir, "points", slug(sc.Points[pi].Name()))
}

// jobsDir is the directory, below an output directory, of the per-job
// records of each task, which CombineJobs joins into jobs.csv.
const jobsDir = ".jobs"

// taskJobsFile is the per-job file of task t below dir.
func taskJobsFile(dir string, t int) string {
	return filepath.Join(dir, jobsDir, fmt.Sprintf("task-%d.csv", t))
}

// createJobsCSV starts the per-job CSV of a task when the options ask for
// it (replication 0 with JobsCSV, every replication with JobsAll too). It
// returns nil when none is asked for.
func (o Options) createJobsCSV(task, rep int) (*results.AtomicFile, error) {
	if o.OutDir == "" || !o.JobsCSV || (rep > 0 && !o.JobsAll) {
		return nil, nil
	}
	return results.CreateAtomic(taskJobsFile(o.OutDir, task))
}

// CombineJobs writes out/jobs.csv (and parts.csv, see
// results.CombineJobs) from the per-job files of the tasks of rep, found
// in dirs (the output directory of a run, or the shard directories of a
// merge), point by point, replication by replication.
func CombineJobs(sc *Scenario, rep *results.Report, out string, dirs ...string) error {
	var files []results.JobFile
	for pi := range sc.Points {
		for r := 0; r < sc.Replications; r++ {
			t := r*len(sc.Points) + pi
			for _, d := range dirs {
				if path := taskJobsFile(d, t); fileExists(path) {
					files = append(files, results.JobFile{Point: pi, Replication: r, Path: path})
					break
				}
			}
		}
	}
	return results.CombineJobs(out, rep, files)
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// populationParams are the parameters of a kind whose replications may
// replay user bootstraps of a trace (the cluster and multicluster kinds):
// their summaries then get population intervals.
type populationParams interface {
	PopulationCI() bool
	PopulationUsers() (int, error)
}

// Aggregate summarises the results of every task of the scenario (those
// of replications beyond sc.Replications are ignored) into a report: for
// each point, the statistics of its replications in replication order.
func Aggregate(sc *Scenario, done []results.TaskResult) (*results.Report, error) {
	byTask := make([]*results.TaskResult, sc.Tasks())
	res := &results.Report{Scenario: sc.Name, Model: sc.Model, Seed: sc.Seed, Engine: sc.Engine, Replications: sc.Replications}
	if k, ok := LookupKind(sc.Model); ok {
		res.Headline = k.Headline
	}
	for _, ax := range sc.Sweep {
		if ax.Label != "" {
			if res.AxisLabels == nil {
				res.AxisLabels = map[string]string{}
			}
			res.AxisLabels[ax.Key] = ax.Label
		}
	}
	for i := range done {
		if t := done[i].Task; t < len(byTask) {
			byTask[t] = &done[i]
			res.Events += done[i].Events
		}
	}
	for pi, p := range sc.Points {
		ms := make([]results.Metrics, sc.Replications)
		for rep := range ms {
			t := byTask[rep*len(sc.Points)+pi]
			if t == nil {
				return nil, fmt.Errorf("scenarios: %s: no result", sc.taskName(rep*len(sc.Points)+pi))
			}
			ms[rep] = t.Metrics
		}
		var refs map[string]float64
		if r, ok := p.Params.(Referencer); ok {
			refs = r.References()
		}
		s, err := results.Summarize(ms, refs)
		if err != nil {
			return nil, fmt.Errorf("scenarios: %s%w", pointPrefix(sc, p, -1), err)
		}
		if pc, ok := p.Params.(populationParams); ok && pc.PopulationCI() {
			users, err := pc.PopulationUsers()
			if err != nil {
				return nil, fmt.Errorf("scenarios: %s%w", pointPrefix(sc, p, -1), err)
			}
			res.PopulationCI = true
			for i := range s {
				s[i].PopulationUsers = users
			}
		}
		res.Points = append(res.Points, results.Point{Labels: p.Labels, Replications: sc.Replications, Summaries: s, Notes: byTask[pi].Notes})
		for _, m := range p.Params.Metrics() {
			if !slices.ContainsFunc(res.Metrics, func(x results.MetricInfo) bool { return x.Name == m.Name }) {
				res.Metrics = append(res.Metrics, m)
			}
		}
	}
	return res, nil
}

// taskName names task t: "task 5 (point "a=1 b=2", replication 2)".
func (sc *Scenario) taskName(t int) string {
	pi, rep := sc.taskOf(t)
	if len(sc.Points) == 1 {
		return fmt.Sprintf("task %d (replication %d)", t, rep)
	}
	return fmt.Sprintf("task %d (point %q, replication %d)", t, sc.Points[pi].Name(), rep)
}

package clustertest

import (
	"sort"
	"testing"

	"github.com/schedsim/schedsim/internal/goldentest"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/sim"
)

// Job is a job of a golden case.
type Job struct {
	// ID identifies the job; starts are compared in ID order.
	ID int64
	// Submit is the arrival time.
	Submit float64
	// Size is the number of processors.
	Size int
	// Runtime is the actual run time; Estimate what the scheduler sees.
	Runtime, Estimate float64
	// User is the job's user (0 unless given; model.NoUser for none).
	User int
}

// Case is a small schedule worked out by hand.
type Case struct {
	// Name names the subtests.
	Name string
	// Procs is the cluster's size.
	Procs int
	// Kill ends jobs at their estimate instead of letting them overrun.
	Kill bool
	// Jobs are replayed in this order.
	Jobs []Job
	// Want gives, per policy name, the start time of every job in ID
	// order.
	Want map[string][]float64
}

// NewFunc returns a fresh scheduler for a policy name of a case.
type NewFunc func(name string) (cluster.Scheduler, error)

// Run replays c for every policy of c.Want (in name order) on every
// engine, each on a fresh scheduler from newSched, with the cluster's
// invariant checker on, and reports every start that differs from the
// expectation as a subtest "case/policy/engine" failure.
func Run(t *testing.T, c Case, newSched NewFunc) {
	t.Helper()
	goldentest.OnEveryEngine(t, c.Name, c.Want, func(t *testing.T, name string, e sim.Engine, want []float64) {
		s, err := newSched(name)
		if err != nil {
			t.Fatal(err)
		}
		recs, _ := Replay(t, e, cluster.Config{Procs: c.Procs, KillAtEstimate: c.Kill}, s, c.ModelJobs())
		if len(recs) != len(want) {
			t.Fatalf("%d jobs completed, want %d", len(recs), len(want))
		}
		for i, r := range recs {
			if r.Start != want[i] {
				t.Errorf("job %d starts at %v, want %v", r.ID, r.Start, want[i])
			}
		}
	})
}

// ModelJobs returns the case's jobs as model jobs, in order.
func (c Case) ModelJobs() []model.Job {
	jobs := make([]model.Job, len(c.Jobs))
	for i, x := range c.Jobs {
		jobs[i] = model.NewJob(x.ID, x.Submit, x.Size, x.Runtime, x.Estimate)
		jobs[i].User = x.User
	}
	return jobs
}

// Covered fails t for every name of names that no case of cases has an
// expectation for, and for every expectation that names no policy of
// names: every registered policy has golden cases, and no case expects a
// policy that does not exist.
func Covered(t *testing.T, cases []Case, names []string) {
	t.Helper()
	var expects []goldentest.Expectation
	for _, c := range cases {
		for n := range c.Want {
			expects = append(expects, goldentest.Expectation{Case: c.Name, Policy: n})
		}
	}
	goldentest.Covered(t, "policy", names, expects)
}

// Replay runs jobs on a fresh cluster of engine eng under sched, with
// cfg (its Check forced on and OnEnd taken), to the end of the jobs, and
// returns the completed records sorted by ID and the result.
func Replay(t testing.TB, eng sim.Engine, cfg cluster.Config, sched cluster.Scheduler, jobs []model.Job) ([]model.Job, *cluster.Result) {
	t.Helper()
	var recs []model.Job
	cfg.Check = true
	cfg.OnEnd = func(j model.Job) { recs = append(recs, j) }
	c, err := cluster.New(eng, &model.SliceSource{Jobs: jobs}, sched, cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run(sim.Limit{})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(recs, func(a, b int) bool { return recs[a].ID < recs[b].ID })
	return recs, res
}

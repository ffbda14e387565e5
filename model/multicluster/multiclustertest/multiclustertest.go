package multiclustertest

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/internal/goldentest"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/multicluster"
	"github.com/schedsim/schedsim/sim"
)

// Job is a job of a golden case; its run time is at the reference speed
// (1000 MIPS) and is also its estimate.
type Job struct {
	ID      int64
	Submit  float64
	Size    int
	Runtime float64
}

// Outcome is a job's hand-computed fate: its placement as
// "cluster:start:processors" parts (as in the per-job CSV) and its end, or
// the reason it was rejected.
type Outcome struct {
	Parts  string
	End    float64
	Reject string
}

// Case is a small schedule worked out by hand.
type Case struct {
	// Name names the subtests.
	Name string
	// Platform gives the clusters as (processors, speed) pairs, named
	// A, B, … in order.
	Platform [][2]float64
	// Jobs are replayed in this order.
	Jobs []Job
	// Want gives, per policy name, the outcome of every job in job order.
	Want map[string][]Outcome
}

// NewFunc returns a fresh metascheduler for a policy name of a case.
type NewFunc func(name string) (multicluster.Metascheduler, error)

// Run replays c for every policy of c.Want (in name order) on every
// engine, each on a fresh metascheduler from newSched, with the grid's
// invariant checker on, and reports every outcome that differs as a
// subtest "case/policy/engine" failure.
func Run(t *testing.T, c Case, newSched NewFunc) {
	t.Helper()
	goldentest.OnEveryEngine(t, c.Name, c.Want, func(t *testing.T, name string, e sim.Engine, want []Outcome) {
		s, err := newSched(name)
		if err != nil {
			t.Fatal(err)
		}
		recs, res := Replay(t, e, multicluster.Config{Platform: Platform(c.Platform)}, s, c.ModelJobs())
		c.compare(t, want, recs, res)
	})
}

func (c Case) compare(t *testing.T, want []Outcome, recs map[int64]multicluster.Record, res *multicluster.Result) {
	t.Helper()
	rejected := map[int64]string{}
	for _, r := range res.Rejected {
		rejected[r.ID] = r.Reason
	}
	for i, x := range c.Jobs {
		w := want[i]
		r, ok := recs[x.ID]
		switch {
		case w.Reject != "":
			if rejected[x.ID] != w.Reject || ok {
				t.Errorf("job %d: rejected %q (completed %v), want rejected %q", x.ID, rejected[x.ID], ok, w.Reject)
			}
		case !ok:
			t.Errorf("job %d did not complete (rejected %q)", x.ID, rejected[x.ID])
		case Placement(r) != w.Parts || r.Job.End != w.End:
			t.Errorf("job %d placed %q ends %v, want %q ends %v", x.ID, Placement(r), r.Job.End, w.Parts, w.End)
		}
	}
	if n := res.Summary.Completed + res.Summary.Rejected; n != len(c.Jobs) {
		t.Errorf("%d completed + %d rejected of %d jobs", res.Summary.Completed, res.Summary.Rejected, len(c.Jobs))
	}
}

// ModelJobs returns the case's jobs as model jobs (estimate = run time).
func (c Case) ModelJobs() []model.Job {
	jobs := make([]model.Job, len(c.Jobs))
	for i, x := range c.Jobs {
		jobs[i] = model.NewJob(x.ID, x.Submit, x.Size, x.Runtime, x.Runtime)
	}
	return jobs
}

// Covered fails t for every name of names that no case of cases has an
// expectation for, and for every expectation that names no policy of
// names.
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

// Platform builds a platform from (processors, speed) pairs, the
// clusters named A, B, ….
func Platform(spec [][2]float64) multicluster.Platform {
	var p multicluster.Platform
	for i, c := range spec {
		p.Clusters = append(p.Clusters, multicluster.ClusterSpec{Name: string(rune('A' + i)), Procs: int(c[0]), Speed: c[1]})
	}
	return p
}

// Replay runs jobs on a fresh grid of engine eng under sched, with cfg
// (its Check forced on and OnEnd taken), to the end of the jobs, and
// returns the completed records by job ID and the result.
func Replay(t testing.TB, eng sim.Engine, cfg multicluster.Config, sched multicluster.Metascheduler, jobs []model.Job) (map[int64]multicluster.Record, *multicluster.Result) {
	t.Helper()
	recs := map[int64]multicluster.Record{}
	cfg.Check = true
	cfg.OnEnd = func(r multicluster.Record) {
		r.Parts = append([]multicluster.PlacedPart(nil), r.Parts...)
		recs[r.Job.ID] = r
	}
	g, err := multicluster.New(eng, &model.SliceSource{Jobs: jobs}, sched, cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := g.Run(sim.Limit{})
	if err != nil {
		t.Fatal(err)
	}
	return recs, res
}

// Placement writes a record's parts as "cluster:start:processors", space
// separated, in the order of the record.
func Placement(r multicluster.Record) string {
	var b []string
	for _, p := range r.Parts {
		b = append(b, fmt.Sprintf("%d:%s:%d", p.Cluster, strconv.FormatFloat(p.Start, 'f', -1, 64), p.Procs))
	}
	return strings.Join(b, " ")
}

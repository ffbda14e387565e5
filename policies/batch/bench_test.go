package batch

import (
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/sim"
)

// benchReplay replays jobs (already in memory: the benchmark measures the
// simulation, not the SWF parsing) under the named policy, b.N times.
func benchReplay(b *testing.B, name string, jobs []model.Job, procs int) {
	benchReplayOpts(b, name, Options{}, jobs, procs)
}

// benchReplayOpts is benchReplay with options.
func benchReplayOpts(b *testing.B, name string, o Options, jobs []model.Job, procs int) {
	b.ReportAllocs()
	var res *cluster.Result
	for b.Loop() {
		p, err := Policies.New(name, o)
		if err != nil {
			b.Fatal(err)
		}
		res = replayOnce(b, p, jobs, procs)
	}
	b.ReportMetric(float64(res.Summary.Completed), "jobs")
	b.ReportMetric(res.Summary.MeanWait, "mean_wait_s")
}

// replayOnce replays jobs (in memory) under s on procs processors,
// without the cluster's invariant checks.
func replayOnce(tb testing.TB, s cluster.Scheduler, jobs []model.Job, procs int) *cluster.Result {
	tb.Helper()
	c, err := cluster.New(sim.NewFast(), &model.SliceSource{Jobs: jobs}, s, cluster.Config{Procs: procs})
	if err != nil {
		tb.Fatal(err)
	}
	res, err := c.Run(sim.Limit{})
	if err != nil {
		tb.Fatal(err)
	}
	return res
}

func BenchmarkBlueEASY(b *testing.B) {
	jobs, procs := loadTrace(b, blue, false)
	benchReplay(b, "easy", jobs, procs)
}

func BenchmarkBlueConservative(b *testing.B) {
	jobs, procs := loadTrace(b, blue, false)
	benchReplay(b, "conservative", jobs, procs)
}

func BenchmarkExcerpt(b *testing.B) {
	jobs, procs := loadTrace(b, excerpt, false)
	for _, name := range Policies.Names() {
		b.Run(name, func(b *testing.B) { benchReplay(b, name, jobs, procs) })
	}
}

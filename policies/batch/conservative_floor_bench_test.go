package batch

import (
	"fmt"
	"io"
	"testing"

	"github.com/schedsim/schedsim/internal/testtrace"
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/lublin"
	"github.com/schedsim/schedsim/workloads/replicate"
	"github.com/schedsim/schedsim/workloads/swf"
)

// The floor's benchmarks: conservative backfilling and its floor (see
// floorReplay) on the same workloads.

// lublinJobs returns the jobs of a Lublin–Feitelson workload as
// lublin-loads draws them: 20 000 jobs on 256 processors at the given
// offered load, requested times twice the run times.
func lublinJobs(tb testing.TB, load float64, seed uint64) []model.Job {
	tb.Helper()
	p := lublin.Defaults(256)
	p.Jobs, p.Load, p.Seed = 20000, load, seed
	p.Requested, p.RequestedFactor = lublin.RequestedFactor, 2
	g, err := lublin.New(p)
	if err != nil {
		tb.Fatal(err)
	}
	return drain(tb, g)
}

// BenchmarkLublinConservative and BenchmarkLublinConservativeFloor time
// conservative backfilling and its floor on lublin-loads' three loads
// (one replication's workload each), per job.
func BenchmarkLublinConservative(b *testing.B) {
	for _, load := range lublinLoads {
		b.Run(fmt.Sprint("load=", load), func(b *testing.B) {
			jobs := lublinJobs(b, load, 1)
			benchReplay(b, "conservative", jobs, 256)
			reportPerJob(b, len(jobs))
		})
	}
}

func BenchmarkLublinConservativeFloor(b *testing.B) {
	for _, load := range lublinLoads {
		b.Run(fmt.Sprint("load=", load), func(b *testing.B) {
			jobs := lublinJobs(b, load, 1)
			benchFloor(b, jobs, 256)
			reportPerJob(b, len(jobs))
		})
	}
}

// lublinLoads are lublin-loads' offered loads.
var lublinLoads = []float64{0.5, 0.7, 0.9}

// benchFloor records conservative's replay of jobs once, outside the
// timing, and times the floor's replay of it, b.N times.
func benchFloor(b *testing.B, jobs []model.Job, procs int) {
	log, _ := record(b, Options{}, jobs, procs, false)
	b.ReportAllocs()
	var res *cluster.Result
	for b.Loop() {
		res = replayOnce(b, newFloorReplay(b, Options{}, log), jobs, procs)
	}
	b.ReportMetric(float64(res.Summary.Completed), "jobs")
	b.ReportMetric(res.Summary.MeanWait, "mean_wait_s")
}

// reportPerJob reports the time per job of a benchmark that replayed n
// jobs per iteration.
func reportPerJob(b *testing.B, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/float64(b.N*n), "µs/job")
}

// BenchmarkBootstrapBlueConservative and its Floor time conservative
// backfilling and its floor on replications of replay-ci-blue: the user
// bootstrap of SDSC-BLUE drawn as the built-in draws it (seed 1, the
// replication's stream "replicate"), replayed with requested times.
// Replication 3 is a moderately congested draw, 13 the heaviest.
func BenchmarkBootstrapBlueConservative(b *testing.B) {
	for _, rep := range bootstrapReps {
		b.Run(fmt.Sprint("rep=", rep), func(b *testing.B) {
			jobs, procs := bootstrapBlue(b, rep)
			benchReplay(b, "conservative", jobs, procs)
		})
	}
}

func BenchmarkBootstrapBlueConservativeFloor(b *testing.B) {
	for _, rep := range bootstrapReps {
		b.Run(fmt.Sprint("rep=", rep), func(b *testing.B) {
			jobs, procs := bootstrapBlue(b, rep)
			benchFloor(b, jobs, procs)
		})
	}
}

var bootstrapReps = []int{3, 13}

// bootstrapBlue returns replay-ci-blue's bootstrap workload of
// replication rep, as jobs, and the trace's processors.
func bootstrapBlue(tb testing.TB, rep int) ([]model.Job, int) {
	tb.Helper()
	rd, err := swf.Open(testtrace.Path(tb, blue), swf.ReadOptions{})
	if err != nil {
		tb.Fatal(err)
	}
	defer rd.Close()
	pool, err := replicate.NewPool(rd, 0, 0)
	if err != nil {
		tb.Fatal(err)
	}
	w, err := pool.Bootstrap(sim.NewStreams(1, rep).Rand("replicate"))
	if err != nil {
		tb.Fatal(err)
	}
	return drain(tb, w), pool.Procs()
}

// drain returns the jobs of a record source.
func drain(tb testing.TB, rs swf.RecordSource) []model.Job {
	tb.Helper()
	src, err := swf.NewJobSourceFrom(rs, swf.JobFilter{})
	if err != nil {
		tb.Fatal(err)
	}
	var jobs []model.Job
	for {
		j, err := src.Next()
		if err == io.EOF {
			return jobs
		}
		if err != nil {
			tb.Fatal(err)
		}
		jobs = append(jobs, j)
	}
}

// BenchmarkBlueConservativeFloor times the floor's replay of SDSC-BLUE
// (the recording is made once, outside the timing).
func BenchmarkBlueConservativeFloor(b *testing.B) {
	jobs, procs := loadTrace(b, blue, false)
	benchFloor(b, jobs, procs)
}

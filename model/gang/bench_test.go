package gang_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/policies/grid"
	"github.com/schedsim/schedsim/policies/local"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/karatza"
)

// paperSystem returns the paper's system (2 × 16 processors, approach
// 2, LGF, backfilling, U{2..13}, λ3 = 0.5) at λ with estimate error e,
// stopping after jobs completions.
func paperSystem(tb testing.TB, eng sim.Engine, lambda, e float64, jobs, rep int) *gang.System {
	tb.Helper()
	streams := sim.NewStreams(1, rep)
	gen, err := karatza.New(karatza.Config{Sites: 2, LocalRate: lambda, GangRate: 0.5, Sizes: karatza.UniformSizes(), ServiceMean: 1, EstimateError: e}, streams)
	if err != nil {
		tb.Fatal(err)
	}
	alloc, _ := grid.Allocators.New(grid.Approach2, grid.DefaultOptions())
	queue, _ := grid.Queues.New(grid.LGF, struct{}{})
	disc, _ := local.Disciplines.New(local.BackfillName, local.Options{})
	router, _ := local.Routers.New(local.ShortestName, local.Options{})
	sys, err := gang.New(eng, gang.Config{Sites: 2, Processors: 16, CompletedJobs: jobs},
		gang.Policies{Allocator: alloc, Queue: queue, Local: disc, Router: router}, gen, streams.Rand("ties"), nil)
	if err != nil {
		tb.Fatal(err)
	}
	return sys
}

// BenchmarkReplication runs one 120 000-job replication of the paper's
// system per iteration and reports the time and allocations per event.
//
//	go test -run '^$' -bench Replication -benchmem ./model/gang/
func BenchmarkReplication(b *testing.B) {
	for _, lambda := range []float64{12.5, 10, 1 / 0.12} {
		b.Run(fmt.Sprintf("lambda=%.4g", lambda), func(b *testing.B) {
			var events uint64
			var ms0, ms1 runtime.MemStats
			runtime.ReadMemStats(&ms0)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				eng := sim.NewFast()
				if _, err := paperSystem(b, eng, lambda, 0.1, 120000, i).Run(sim.Limit{}); err != nil {
					b.Fatal(err)
				}
				events += eng.Processed()
			}
			b.StopTimer()
			runtime.ReadMemStats(&ms1)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(events), "ns/event")
			b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(events), "allocs/event")
			b.ReportMetric(float64(events)/float64(b.N), "events/op")
		})
	}
}

// Once the queues, free lists and the event heap have grown, a
// replication allocates nothing per event.
func TestSteadyStateAllocations(t *testing.T) {
	eng := sim.NewFast()
	sys := paperSystem(t, eng, 12.5, 0.3, 0, 0)
	if _, err := sys.Run(sim.Limit{Events: 100000}); err != nil {
		t.Fatal(err)
	}
	const more = 200000
	allocs := testing.AllocsPerRun(1, func() {
		if _, err := sys.Run(sim.Limit{Events: eng.Processed() + more}); err != nil {
			t.Fatal(err)
		}
	})
	// Run returns a Result with one small slice (the site utilizations).
	t.Logf("%v allocations in %d steady-state events", allocs, more)
	if allocs > 5 {
		t.Errorf("%v allocations in %d steady-state events", allocs, more)
	}
}

package slurmsim

import (
	"fmt"
	"testing"

	"github.com/schedsim/schedsim/sim"
)

// benchReplay replays n jobs of benchSite per iteration and reports jobs/s.
func benchReplay(b *testing.B, n int) {
	b.ReportAllocs()
	var st Stats
	for b.Loop() {
		b.StopTimer()
		cfg, next := benchSite.source(b, 42, n)
		b.StartTimer()
		var err error
		st, err = Run(b.Context(), sim.NewFast(), cfg, next, func(Record) {})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
	b.ReportMetric(float64(st.BackfillPasses), "bf-passes")
}

// BenchmarkReplay100k replays a synthetic 100 000-job history: 500 users
// in 50 accounts, two partitions of 64 nodes × 32 CPUs in all, Fair Tree
// and backfill, load 0.9 (benchSite).
func BenchmarkReplay100k(b *testing.B) { benchReplay(b, 100_000) }

// BenchmarkReplayLength replays 25k, 50k and 100k jobs of the same site:
// B/op and allocs/op grow with the jobs (one record each), the memory held
// does not (the source is streamed and records are not kept).
func BenchmarkReplayLength(b *testing.B) {
	for _, n := range []int{25_000, 50_000, 100_000} {
		b.Run(fmt.Sprintf("jobs=%d", n), func(b *testing.B) { benchReplay(b, n) })
	}
}

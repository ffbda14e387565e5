package lublin

import (
	"io"
	"math"
	"runtime"
	"testing"

	"github.com/schedsim/schedsim/workloads/swf"
)

// BenchmarkGenerate10M streams 10 million jobs of the default model on
// 1024 processors through the SWF writer into io.Discard, and reports
// jobs/s and the largest live heap seen (sampled every million jobs):
// memory does not grow with the number of jobs.
func BenchmarkGenerate10M(b *testing.B) {
	const jobs = 10_000_000
	for b.Loop() {
		p := Defaults(1024)
		p.Jobs = jobs
		g, err := New(p)
		if err != nil {
			b.Fatal(err)
		}
		w := swf.NewWriter(io.Discard, g.Header())
		var ms runtime.MemStats
		peak := uint64(0)
		for i := 1; ; i++ {
			r, err := g.Next()
			if err == io.EOF {
				break
			}
			if err := w.Write(r); err != nil {
				b.Fatal(err)
			}
			if i%1_000_000 == 0 {
				runtime.ReadMemStats(&ms)
				peak = max(peak, ms.HeapAlloc)
			}
		}
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	}
	b.ReportMetric(float64(jobs)*float64(b.N)/b.Elapsed().Seconds(), "jobs/s")
}

// BenchmarkNext is the cost of one job, without output.
func BenchmarkNext(b *testing.B) {
	p := Defaults(256)
	p.Jobs = math.MaxInt32
	g, err := New(p)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.Next(); err != nil {
			b.Fatal(err)
		}
	}
}

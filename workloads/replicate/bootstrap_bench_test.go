package replicate

import (
	"testing"

	"github.com/schedsim/schedsim/workloads/swf"
)

// BenchmarkBootstrapBlue makes user-bootstrap workloads of SDSC-BLUE
// (243 000 jobs) from one pool: the resampler's own cost per replication
// of replay-ci-blue.
func BenchmarkBootstrapBlue(b *testing.B) {
	p := bluePool(b)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := p.Bootstrap(rng(seed)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkResampleBlue makes resampled workloads of SDSC-BLUE at the
// trace's load from one pool: the resampler's own cost per replication
// of replay-ci-blue-resample.
func BenchmarkResampleBlue(b *testing.B) {
	p := bluePool(b)
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := p.Resample(Resample{}, rng(seed)); err != nil {
			b.Fatal(err)
		}
	}
}

// bluePool returns the pool of SDSC-BLUE, or skips without the trace.
func bluePool(b *testing.B) *Pool {
	b.Helper()
	rd, err := swf.Open(tracePath(b, "SDSC-BLUE-2000-4.2-cln.swf.gz"), swf.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer rd.Close()
	p, err := NewPool(rd, 0, 0)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

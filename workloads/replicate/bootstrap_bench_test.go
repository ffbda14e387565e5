package replicate

import (
	"testing"

	"github.com/schedsim/schedsim/workloads/swf"
)

// BenchmarkBootstrapBlue makes user-bootstrap workloads of SDSC-BLUE
// (243 000 jobs) from one pool: the resampler's own cost per replication
// and point of replay-ci-blue.
func BenchmarkBootstrapBlue(b *testing.B) {
	rd, err := swf.Open(tracePath(b, "SDSC-BLUE-2000-4.2-cln.swf.gz"), swf.ReadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	defer rd.Close()
	p, err := NewPool(rd, 0, 0)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		if _, err := p.Bootstrap(rng(seed)); err != nil {
			b.Fatal(err)
		}
	}
}

package scenarios

import (
	"context"
	"fmt"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/internal/testtrace"
)

// BenchmarkReplayCIBlue runs the built-in replay-ci-blue (4 policies of
// SDSC-BLUE, user-bootstrap replications, 2 workers) at 5, 15 and 30
// replications: its cost grows with the replications, its memory does not
// (the pool is built once and shared; each replication's workload is
// drawn once, shared by its four points and dropped after the last), so
// B/run stays flat. make bench-replay-ci runs it at 30.
func BenchmarkReplayCIBlue(b *testing.B) {
	for _, n := range []int{5, 15, 30} {
		b.Run(fmt.Sprintf("replications=%d", n), func(b *testing.B) {
			sc, err := Load("replay-ci-blue")
			if err != nil {
				testtrace.SkipFor(b, err)
			}
			sc.Replications = n
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Run(context.Background(), sc, Options{Workers: 2, Log: zerolog.Nop()}); err != nil {
					b.Fatal(err)
				}
			}
			runs := float64(n * len(sc.Points))
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/op")
			b.ReportMetric(runs, "runs")
		})
	}
}

package scenarios

import (
	"context"
	"fmt"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/internal/testtrace"
)

// BenchmarkReplayCIBlue runs 4 policies of SDSC-BLUE on 2 workers at 5,
// 15 and 30 replications, under the two ways of drawing a replication's
// workload: resample is the built-in replay-ci-blue-resample (issue 24's
// benchmark: Zakay & Feitelson's recombination at the trace's load, as
// replay-ci draws), bootstrap the built-in replay-ci-blue (users drawn
// with replacement, load free, so that some draws are congested). The cost
// grows with the replications, the memory held does not (the pool is built
// once and shared; each replication's workload is drawn once, shared by
// its four points and dropped after the last). make bench-replay-ci runs
// both at 30.
func BenchmarkReplayCIBlue(b *testing.B) {
	for _, c := range []struct{ method, builtin string }{
		{"resample", "replay-ci-blue-resample"},
		{"bootstrap", "replay-ci-blue"},
	} {
		for _, n := range []int{5, 15, 30} {
			b.Run(fmt.Sprintf("%s/replications=%d", c.method, n), func(b *testing.B) {
				sc, err := Load(c.builtin)
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
}

package lublin

import (
	"errors"
	"io"
	"math"
	"testing"
)

// TestMeanRunTime checks the analytic mean run time against the mean of a
// generated trace, within 4 standard errors, at the model's own load and
// at a tenth of it (a lower load stretches the gaps, not the run times).
func TestMeanRunTime(t *testing.T) {
	n := 400_000
	if testing.Short() {
		n = 100_000
	}
	for _, load := range []float64{0, 0.06} {
		p := Defaults(128)
		p.Jobs, p.Load, p.Seed = n, load, 3
		want := p.MeanRunTime()
		g, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		sum, sum2, k := 0.0, 0.0, 0
		for {
			r, err := g.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			sum += r.RunTime
			sum2 += r.RunTime * r.RunTime
			k++
		}
		mean := sum / float64(k)
		se := math.Sqrt((sum2/float64(k) - mean*mean) / float64(k))
		t.Logf("load %v: analytic %.2f s, %d jobs %.2f ± se %.2f", load, want, k, mean, se)
		if math.Abs(mean-want) > 4*se {
			t.Errorf("load %v: mean run time %.2f of %d jobs, analytic %.2f (se %.2f)", load, mean, k, want, se)
		}
	}
}

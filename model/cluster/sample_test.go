package cluster

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSamplePercentilesBeyondTheExactLimit: past its limit a sample keeps
// a histogram whose percentiles are within PercentileError of the exact
// ones (zeros included), with the exact mean and maximum.
func TestSamplePercentilesBeyondTheExactLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	exact := sample{limit: 1 << 30}
	small := sample{limit: 1000}
	var xs []float64
	for range 200000 {
		x := 0.0
		if rng.Float64() < 0.3 { // a third of the jobs do not wait
			x = rng.ExpFloat64() * math.Exp(6*rng.Float64())
		}
		xs = append(xs, x)
		exact.add(x)
		small.add(x)
	}
	if small.hist == nil || small.exact.n != 0 {
		t.Fatal("the sample kept every value past its limit")
	}
	if small.mean() != exact.mean() || small.max != exact.max {
		t.Fatalf("mean/max %v %v, want %v %v", small.mean(), small.max, exact.mean(), exact.max)
	}
	slices.Sort(xs)
	ps := []float64{0, 0.1, 0.5, 0.69, 0.7, 0.71, 0.95, 0.99, 0.999, 1}
	want := exact.quantiles(ps...)
	got := small.quantiles(ps...)
	for i, p := range ps {
		if want[i] != Quantile(xs, p) {
			t.Fatalf("exact sample p%v = %v, Quantile gives %v", p, want[i], Quantile(xs, p))
		}
		if math.Abs(got[i]-want[i]) > PercentileError*want[i] {
			t.Errorf("p%v: histogram %v, exact %v (relative error %.2g > %g)", p, got[i], want[i], math.Abs(got[i]-want[i])/want[i], PercentileError)
		}
	}
}

package replicate

import (
	"math"
	"testing"
)

// TestHurstIID: independent values have H ≈ 0.5.
func TestHurstIID(t *testing.T) {
	r := rng(3)
	xs := make([]float64, 1<<14)
	for i := range xs {
		xs[i] = r.ExpFloat64()
	}
	h, err := Hurst(xs)
	if err != nil || math.Abs(h-0.5) > 0.05 {
		t.Errorf("i.i.d.: H = %.3f (%v), want 0.5 ± 0.05", h, err)
	}
}

// TestHurstOnOff: the sum of 50 on/off sources whose on and off periods
// are Pareto with α = 1.4 is long-range dependent with H = (3 − α)/2 =
// 0.8 (Taqqu, Willinger & Sherman 1997), the model of fractional noise in
// traffic; the estimate must be near it and well above 0.5.
func TestHurstOnOff(t *testing.T) {
	r := rng(5)
	const n, sources, alpha = 1 << 15, 50, 1.4
	xs := make([]float64, n)
	for range sources {
		on := r.IntN(2) == 0
		for t := 0; t < n; {
			l := int(math.Ceil(math.Pow(1-r.Float64(), -1/alpha)))
			for k := t; k < min(t+l, n); k++ {
				if on {
					xs[k]++
				}
			}
			t += l
			on = !on
		}
	}
	h, err := Hurst(xs)
	if err != nil || h < 0.7 || h > 0.9 {
		t.Errorf("on/off Pareto(1.4): H = %.3f (%v), want 0.8 ± 0.1", h, err)
	}
	t.Logf("on/off Pareto(1.4): H = %.3f (theory 0.8)", h)
}

func TestHurstShort(t *testing.T) {
	if _, err := Hurst(make([]float64, 10)); err == nil {
		t.Error("10 values: no error")
	}
	if _, err := Hurst(make([]float64, 100)); err == nil {
		t.Error("a constant series: no error")
	}
}

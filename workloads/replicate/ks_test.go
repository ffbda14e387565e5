package replicate

import (
	"math"
	"testing"
)

// TestKS2Known checks D against values worked by hand.
func TestKS2Known(t *testing.T) {
	for _, c := range []struct {
		a, b []float64
		d    float64
	}{
		{[]float64{1, 2, 3}, []float64{1, 2, 3}, 0},
		{[]float64{1, 2, 3}, []float64{4, 5, 6}, 1},
		{[]float64{1, 2, 3, 4}, []float64{3, 4, 5, 6}, 0.5},
		// ties across samples: at 2, F_a = 1 and F_b = 1/4
		{[]float64{1, 2, 2}, []float64{2, 3, 4, 5}, 0.75},
		// interleaved: the largest gap is at 0.1, F_a = 1/3, F_b = 0
		{[]float64{0.1, 0.4, 0.7}, []float64{0.2, 0.3, 0.5, 0.6, 0.8}, 1.0 / 3},
	} {
		d, _ := KS2(append([]float64{}, c.a...), append([]float64{}, c.b...), 0.01)
		if math.Abs(d-c.d) > 1e-12 {
			t.Errorf("KS2(%v, %v) = %v, want %v", c.a, c.b, d, c.d)
		}
	}
}

// TestKS2Rejects checks the decision: two samples of one distribution
// are not rejected, a shifted one is.
func TestKS2Rejects(t *testing.T) {
	a, b, c := make([]float64, 2000), make([]float64, 2000), make([]float64, 2000)
	for i := range a {
		a[i] = float64(i) / 2000
		b[i] = (float64(i) + 0.5) / 2000
		c[i] = float64(i)/2000 + 0.2
	}
	if d, rej := KS2(a, b, 0.01); rej {
		t.Errorf("same distribution rejected (D = %v)", d)
	}
	if d, rej := KS2(a, c, 0.01); !rej {
		t.Errorf("shifted distribution not rejected (D = %v)", d)
	}
}

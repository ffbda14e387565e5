package replicate

import (
	"math"
	"slices"
)

// KS2 returns the two-sample Kolmogorov–Smirnov statistic D = sup |F_a −
// F_b| of the empirical distributions of a and b (which it sorts in
// place), and whether D exceeds the asymptotic critical value at level
// alpha, c(α)·sqrt((n+m)/(n·m)) with c(α) = sqrt(−ln(α/2)/2): reject
// means the samples differ significantly.
func KS2(a, b []float64, alpha float64) (d float64, reject bool) {
	if len(a) == 0 || len(b) == 0 {
		return math.NaN(), false
	}
	slices.Sort(a)
	slices.Sort(b)
	n, m := float64(len(a)), float64(len(b))
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		x := min(a[i], b[j])
		for i < len(a) && a[i] == x {
			i++
		}
		for j < len(b) && b[j] == x {
			j++
		}
		d = max(d, math.Abs(float64(i)/n-float64(j)/m))
	}
	crit := math.Sqrt(-math.Log(alpha/2)/2) * math.Sqrt((n+m)/(n*m))
	return d, d > crit
}

package replicate

import (
	"errors"
	"math"

	"gonum.org/v1/gonum/stat"
)

// Hurst estimates the Hurst parameter H of a series (arrivals per hour,
// say) by the aggregated-variance method: the series is averaged over
// blocks of m = 1, 2, 4, … values (while at least 8 blocks remain), and
// the slope β of log Var(block means) against log m gives H = 1 + β/2.
// Independent values give H ≈ 0.5; long-range dependence (bursts at every
// time scale, as in parallel workloads) gives H in (0.5, 1). It needs at
// least 64 values.
func Hurst(xs []float64) (float64, error) {
	if len(xs) < 64 {
		return 0, errors.New("replicate: Hurst needs at least 64 values")
	}
	var lm, lv []float64
	means := make([]float64, 0, len(xs))
	for m := 1; len(xs)/m >= 8; m *= 2 {
		means = means[:0]
		for i := 0; i+m <= len(xs); i += m {
			means = append(means, stat.Mean(xs[i:i+m], nil))
		}
		v := stat.Variance(means, nil)
		if !(v > 0) {
			continue
		}
		lm = append(lm, math.Log(float64(m)))
		lv = append(lv, math.Log(v))
	}
	if len(lm) < 3 {
		return 0, errors.New("replicate: Hurst: the series is constant at too many scales")
	}
	_, beta := stat.LinearRegression(lm, lv, nil, false)
	return 1 + beta/2, nil
}

// ArrivalsPerHour counts the submit times (seconds, sorted or not) in
// each hour from the first to the last.
func ArrivalsPerHour(submits []float64) []float64 {
	if len(submits) == 0 {
		return nil
	}
	lo, hi := submits[0], submits[0]
	for _, s := range submits {
		lo, hi = min(lo, s), max(hi, s)
	}
	out := make([]float64, int((hi-lo)/3600)+1)
	for _, s := range submits {
		out[int((s-lo)/3600)]++
	}
	return out
}

package model

import "math"

// LoadBalance returns the mean of the utilizations of a system's sites
// (clusters) and their population standard deviation
// σ = sqrt(Σ (u_i − mean)² / N), the load-balance metric of multi-site
// models (Makhlouf & Yagoubi): 0 when every site is equally busy. Both are
// NaN (undefined: a mean over nothing) for no site.
func LoadBalance(utils []float64) (mean, sigma float64) {
	if len(utils) == 0 {
		return math.NaN(), math.NaN()
	}
	for _, u := range utils {
		mean += u
	}
	mean /= float64(len(utils))
	var ss float64
	for _, u := range utils {
		ss += (u - mean) * (u - mean)
	}
	return mean, math.Sqrt(ss / float64(len(utils)))
}

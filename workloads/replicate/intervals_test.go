package replicate

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/schedsim/schedsim/results"
)

// intervals are the 95% intervals for the population's value that
// TestBootstrapCoverage tallies side by side, each from the n values xs
// of a metric over bootstrap workloads of the pool p. The first is the
// one the program prints (results.PopulationHalfWidth); the others are
// the alternatives it was chosen against (docs/explanation/
// trace-replications.md cites them).
var intervals = []struct {
	name string
	f    func(xs []float64, p *Pool) (lo, hi float64)
}{
	{"population interval (t, ν = users − 1)", func(xs []float64, p *Pool) (float64, float64) {
		m, sd := meanSD(xs)
		h := results.PopulationHalfWidth(sd, len(xs), p.StratumUsers())
		return m - h, m + h
	}},
	{"t, ν = n − 1", func(xs []float64, _ *Pool) (float64, float64) {
		m, sd := meanSD(xs)
		h := results.PopulationHalfWidth(sd, len(xs), 0)
		return m - h, m + h
	}},
	{"replication CI", func(xs []float64, _ *Pool) (float64, float64) {
		m, sd := meanSD(xs)
		h := tq(len(xs)) * sd / math.Sqrt(float64(len(xs)))
		return m - h, m + h
	}},
	{"spread × √(users/(users − 1))", func(xs []float64, p *Pool) (float64, float64) {
		m, sd := meanSD(xs)
		h := results.PopulationHalfWidth(sd, len(xs), 0)
		if u := float64(p.StratumUsers()); u >= 2 {
			h *= math.Sqrt(u / (u - 1))
		}
		return m - h, m + h
	}},
	{"Hall skewness-corrected t", func(xs []float64, _ *Pool) (float64, float64) { return hallInterval(xs) }},
	{"Johnson skewness-corrected t", func(xs []float64, _ *Pool) (float64, float64) { return johnsonInterval(xs) }},
	{"t on the log scale", func(xs []float64, _ *Pool) (float64, float64) { return logInterval(xs) }},
	{"percentile", func(xs []float64, _ *Pool) (float64, float64) { return quantiles(xs) }},
	{"basic (reflected percentile)", func(xs []float64, _ *Pool) (float64, float64) {
		m, _ := meanSD(xs)
		ql, qh := quantiles(xs)
		return 2*m - qh, 2*m - ql
	}},
	{"BCa, a = skewness/6", func(xs []float64, _ *Pool) (float64, float64) { return bcaInterval(xs) }},
}

// tq is the 0.975 quantile of Student's t with n − 1 degrees of freedom.
func tq(n int) float64 { return results.TQuantile(results.Confidence, n-1) }

// popSD is the spread of the mean's error: sd·√(1 + 1/n).
func popSD(xs []float64) (mean, s float64) {
	m, sd := meanSD(xs)
	return m, sd * math.Sqrt(1+1/float64(len(xs)))
}

// hallInterval is Hall's (1992) skewness-corrected t: the pivot T is
// transformed by the increasing g(T) = T + κ/6 + κT²/3 + κ²T³/27, κ the
// skewness of the values (that of the statistic), and g(T) = ±t inverted
// in closed form.
func hallInterval(xs []float64) (lo, hi float64) {
	m, s := popSD(xs)
	k := stat.Skew(xs, nil)
	a := k / 3
	inv := func(y float64) float64 {
		if a == 0 {
			return y
		}
		return (math.Cbrt(1+3*a*(y-k/6)) - 1) / a
	}
	t := tq(len(xs))
	return m - s*inv(t), m - s*inv(-t)
}

// johnsonInterval is Johnson's (1978) modified t: T + κ/6 + κT²/3 = ±t
// solved as a quadratic; where it has no root, that end is infinite.
func johnsonInterval(xs []float64) (lo, hi float64) {
	m, s := popSD(xs)
	k := stat.Skew(xs, nil)
	inv := func(y, inf float64) float64 {
		if k == 0 {
			return y
		}
		d := 1 - 4*(k/3)*(k/6-y)
		if d < 0 {
			return inf
		}
		return (-1 + math.Sqrt(d)) / (2 * k / 3)
	}
	t := tq(len(xs))
	return m - s*inv(t, math.Inf(1)), m - s*inv(-t, math.Inf(-1))
}

// logInterval is the population interval of the logarithms, taken back:
// positive metrics only.
func logInterval(xs []float64) (lo, hi float64) {
	ls := make([]float64, len(xs))
	for i, x := range xs {
		ls[i] = math.Log(x)
	}
	m, s := popSD(ls)
	h := tq(len(xs)) * s
	return math.Exp(m - h), math.Exp(m + h)
}

// quantiles are the 2.5% and 97.5% quantiles of the values (linear
// interpolation): the percentile interval.
func quantiles(xs []float64) (lo, hi float64) {
	s := slices.Clone(xs)
	slices.Sort(s)
	return stat.Quantile(0.025, stat.LinInterp, s, nil), stat.Quantile(0.975, stat.LinInterp, s, nil)
}

// bcaInterval is Efron's BCa with the acceleration a = κ/6 (κ the
// values' skewness: a jackknife over users would cost a simulation per
// user) and the bias correction z₀ from the share of values below their
// mean.
func bcaInterval(xs []float64) (lo, hi float64) {
	m, _ := meanSD(xs)
	a := stat.Skew(xs, nil) / 6
	below := 0
	for _, x := range xs {
		if x < m {
			below++
		}
	}
	nd := distuv.UnitNormal
	z0 := nd.Quantile((float64(below) + 0.5) / float64(len(xs)+1))
	adj := func(z float64) float64 { return nd.CDF(z0 + (z0+z)/(1-a*(z0+z))) }
	s := slices.Clone(xs)
	slices.Sort(s)
	return stat.Quantile(adj(-1.96), stat.LinInterp, s, nil), stat.Quantile(adj(1.96), stat.LinInterp, s, nil)
}

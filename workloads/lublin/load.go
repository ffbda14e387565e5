package lublin

import (
	"math"

	"gonum.org/v1/gonum/mathext"
)

// gammaDist is a Gamma distribution (shape, scale) for its CDF and
// density; it draws nothing (the generator draws with distuv.Gamma from
// its own streams).
type gammaDist struct{ shape, scale float64 }

// CDF returns P(X ≤ x).
func (g gammaDist) CDF(x float64) float64 {
	if x <= 0 {
		return 0
	}
	return mathext.GammaIncReg(g.shape, x/g.scale)
}

// Prob returns the density at x.
func (g gammaDist) Prob(x float64) float64 {
	if x <= 0 {
		return 0
	}
	lg, _ := math.Lgamma(g.shape)
	return math.Exp((g.shape-1)*math.Log(x) - x/g.scale - lg - g.shape*math.Log(g.scale))
}

// ModelLoad returns the offered load of the model's own arrival process on
// Procs processors, Σ over classes of (arrival rate × mean size·runtime) /
// Procs, computed from the parameters (no sampling): the size
// distribution exactly, the truncated hyper-Gamma means by quadrature,
// run times truncated to whole seconds as generated. The daily cycle does
// not change the mean rate (its weights average 1), so the rate of a
// class is 1 / E[exp(G) | G ≤ MaxLogInterarrival].
func (p *Params) ModelLoad() float64 {
	load := 0.0
	for _, c := range p.classes() {
		arr := gammaDist{c.AArr * c.ARAR, c.BArr}
		gap := expMean(arr, p.MaxLogInterarrival, false)
		load += meanRun(c.Class, p.MaxLogRuntime, true) / gap
	}
	return load / float64(p.Procs)
}

// MeanRunTime returns the expected run time of a job of the model, in
// seconds, computed from the parameters as ModelLoad is: the mean of each
// class weighted by its share of the jobs (its arrival rate). It is the
// limit of the mean run time of a long generated trace, whatever Load.
func (p *Params) MeanRunTime() float64 {
	sum, rate := 0.0, 0.0
	for _, c := range p.classes() {
		r := 1 / expMean(gammaDist{c.AArr * c.ARAR, c.BArr}, p.MaxLogInterarrival, false)
		sum += r * meanRun(c.Class, p.MaxLogRuntime, false)
		rate += r
	}
	return sum / rate
}

// meanRun returns E[size × runtime] of a class (work), or E[runtime].
func meanRun(c Class, maxLog float64, work bool) float64 {
	g1 := gammaDist{c.A1, c.B1}
	g2 := gammaDist{c.A2, c.B2}
	i1, i2 := expMean(g1, maxLog, true)*g1.CDF(maxLog), expMean(g2, maxLog, true)*g2.CDF(maxLog)
	f1, f2 := g1.CDF(maxLog), g2.CDF(maxLog)
	mean := 0.0
	sizeProbs(c, func(n int, prob float64) {
		p := mixProb(c, n)
		if work {
			prob *= float64(n)
		}
		mean += prob * (p*i1 + (1-p)*i2) / (p*f1 + (1-p)*f2)
	})
	return mean
}

// expMean returns E[exp(X) | X ≤ maxLog] for X of distribution d, or
// E[floor(exp(X)) | X ≤ maxLog] when floor is set: exactly below
// exp(X) = floorExact, by Simpson's rule above it (where flooring lowers
// the mean by 1/2).
func expMean(d gammaDist, maxLog float64, floor bool) float64 {
	const floorExact = 1000
	lo, sum := 0.0, 0.0
	if floor {
		lo = math.Min(math.Log(floorExact), maxLog)
		for k := 1; k < floorExact && math.Log(float64(k)) < maxLog; k++ {
			a, b := math.Log(float64(k)), math.Min(math.Log(float64(k+1)), maxLog)
			sum += float64(k) * (d.CDF(b) - d.CDF(a))
		}
	}
	const n = 4000 // even
	h := (maxLog - lo) / n
	f := func(x float64) float64 {
		v := math.Exp(x)
		if floor {
			v -= 0.5
		}
		return v * d.Prob(x)
	}
	s := f(lo) + f(maxLog)
	for i := 1; i < n; i++ {
		w := 2.0
		if i%2 == 1 {
			w = 4
		}
		s += w * f(lo+float64(i)*h)
	}
	sum += s * h / 3
	return sum / d.CDF(maxLog)
}

// sizeProbs calls f with every possible size and its probability.
func sizeProbs(c Class, f func(n int, prob float64)) {
	tsu := func(x float64) float64 { // CDF of the two-stage uniform
		stage := func(lo, hi float64) float64 {
			switch {
			case x <= lo:
				return 0
			case x >= hi || hi == lo:
				return 1
			}
			return (x - lo) / (hi - lo)
		}
		return c.UProb*stage(c.ULow, c.UMed) + (1-c.UProb)*stage(c.UMed, c.UHi)
	}
	par := 1 - c.SerialProb - c.Pow2Prob
	f(1, c.SerialProb)
	for k := math.Floor(c.ULow + 0.5); k <= math.Floor(c.UHi+0.5); k++ {
		if p := c.Pow2Prob * (tsu(k+0.5) - tsu(k-0.5)); p > 0 {
			f(int(math.Exp2(k)+0.5), p)
		}
	}
	for n := int(math.Floor(math.Exp2(c.ULow) + 0.5)); n <= int(math.Floor(math.Exp2(c.UHi)+0.5)); n++ {
		lo, hi := math.Log2(float64(n)-0.5), math.Log2(float64(n)+0.5)
		if p := par * (tsu(hi) - tsu(lo)); p > 0 {
			f(n, p)
		}
	}
}

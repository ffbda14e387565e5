package reference

import "math"

// The predictors of the EASY family (docs/explanation/predictions.md,
// Predictors): made once at arrival, capped by the requested time but for
// the doubled one; simulate raises them to minEstimate.

// doubled is twice the requested time (double-easy).
func doubled(s *state, r *rjob) float64 {
	if s.cfg.alt.predictFromGiven {
		return 2 * r.estimate
	}
	return 2 * r.req
}

// halved is half the requested time, at least 1 s (shrinking-easy).
func halved(_ *state, r *rjob) float64 { return r.req / 2 }

// userLast2 is EASY++'s: the mean of the runtimes as served of the user's
// last 2 jobs that ended before the arrival or at its instant, capped by
// the requested time; the requested time while the user has fewer.
func userLast2(s *state, r *rjob) float64 {
	h := s.served[r.user]
	if len(h) < 2 {
		return r.req
	}
	return s.capped(r, (h[len(h)-1]+h[len(h)-2])/2)
}

// byName is the predictor of a predictor name (predictions.md,
// Predictors), for the policies that read the option.
func byName(name string) predictor {
	switch name {
	case "doubled":
		return doubled
	case "halved":
		return halved
	case "actual":
		return func(s *state, r *rjob) float64 { return s.capped(r, r.runtime) }
	case "user-average":
		return func(s *state, r *rjob) float64 {
			h := s.served[r.user]
			if len(h) == 0 {
				return r.req
			}
			sum := 0.0
			for _, x := range h {
				sum += x
			}
			return s.capped(r, sum/float64(len(h)))
		}
	case "user-last-k":
		return func(s *state, r *rjob) float64 {
			h := s.served[r.user]
			k := s.cfg.k
			if len(h) < k {
				return r.req
			}
			sum := 0.0
			for _, x := range h[len(h)-k:] {
				sum += x
			}
			return s.capped(r, sum/float64(k))
		}
	}
	return nil // requested
}

// capped caps a prediction by the requested time (by the given estimate,
// when it is above 0, under the code's reading predictFromGiven).
func (s *state) capped(r *rjob, p float64) float64 {
	if s.cfg.alt.predictFromGiven {
		if r.estimate > 0 && p > r.estimate {
			return r.estimate
		}
		return p
	}
	return math.Min(p, r.req)
}

// correct is the new prediction of a running job that reached its
// prediction below its requested time after running ran seconds
// (predictions.md, Correction strategies): none — ran + overrun_step ×
// 2^c, c its corrections so far; requested — R; increment — ran + the
// increment; list — the first value of the list above ran, R after the
// last. A value not above ran becomes R; any value is capped at R.
func (s *state) correct(r *rjob, ran float64) float64 {
	p := r.req
	switch s.cfg.correction {
	case "none":
		p = ran + s.cfg.step*math.Pow(2, float64(r.corrections))
	case "increment":
		p = ran + s.cfg.increment
	case "list":
		for _, v := range s.cfg.list {
			if v > ran {
				p = v
				break
			}
		}
	}
	r.corrections++
	if p <= ran {
		p = r.req
	}
	return math.Min(p, r.req)
}

// predictorPolicies are the policies cross-checked with random
// predictors and corrections too, on predictorWorkloads workloads each
// (fewer than workloads, to keep the package's tests within 10 s on one
// core).
var predictorPolicies = []string{"easy", "easy-sjbf", "lookahead", "greedy-easy", "conservative"}

const predictorWorkloads = 150

// predictorOptions draws a predictor (requested, actual, user-average,
// user-last-k with k 1 to 3, doubled or halved) and a correction (none,
// requested, increment of 0.5, 5 or 30 s, or list [2 5 20] or [1.5 10]).
func predictorOptions(r interface{ IntN(int) int }, cfg *config) {
	cfg.predictor = []string{"requested", "actual", "user-average", "user-last-k", "doubled", "halved"}[r.IntN(6)]
	cfg.k = 1 + r.IntN(3)
	cfg.correction = []string{"none", "requested", "increment", "list"}[r.IntN(4)]
	cfg.increment = []float64{0.5, 5, 30}[r.IntN(3)]
	cfg.list = [][]float64{{2, 5, 20}, {1.5, 10}}[r.IntN(2)]
}

package reference

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
	m := (h[len(h)-1] + h[len(h)-2]) / 2
	if s.cfg.alt.predictFromGiven {
		if r.estimate > 0 && m > r.estimate {
			return r.estimate
		}
		return m
	}
	return min(m, r.req)
}

package predict

import (
	"fmt"

	"github.com/schedsim/schedsim/model"
)

func init() {
	Predictors.Register("user-last-k", "EASY++'s: the mean runtime of the user's last k finished jobs (k = predictor_k, 2); the requested time until the user has k",
		func(o Options) (Predictor, error) { return newUserPredictor("user-last-k", o, o.K), nil },
		"predictor_k", "predictor_fallback")
	Predictors.Register("user-average", "the mean runtime of all the user's finished jobs; the requested time before the first",
		func(o Options) (Predictor, error) { return newUserPredictor("user-average", o, 0), nil },
		"predictor_fallback")
}

// UserPredictor predicts a job's runtime from the runtimes of its user's
// jobs that ended before it arrived (their runtimes as served, so a job
// killed at its requested time counts with it): the mean of the last K
// (user-last-k, Tsafrir, Etsion & Feitelson's EASY++ with K = 2), or of
// all of them (user-average, K = 0). A user with fewer than K finished
// jobs (none, for user-average) gets the requested time. The mean is
// capped by the job's requested time and not rounded.
//
// A job without a user id (model.NoUser) is an error naming the job,
// unless Fallback is FallbackRequested: then it gets its requested time,
// and its end is not observed.
type UserPredictor struct {
	name     string
	k        int
	fallback bool
	users    map[int]*history
}

// history is what a UserPredictor knows of one user: the last k runtimes
// in a ring (user-last-k) or the sum and count of all (user-average).
type history struct {
	ring []float64
	next int
	sum  float64
	n    int
}

func newUserPredictor(name string, o Options, k int) *UserPredictor {
	return &UserPredictor{name: name, k: k, fallback: o.Fallback == FallbackRequested, users: map[int]*history{}}
}

// Predict returns the mean of the user's last K runtimes, or the
// requested time.
func (p *UserPredictor) Predict(j *model.Job) (float64, error) {
	if j.User < 0 {
		if p.fallback {
			return j.Estimate, nil
		}
		return 0, fmt.Errorf("predict: %s needs user ids (SWF field 12) and job %d has none (set predictor_fallback: requested to predict its requested time)", p.name, j.ID)
	}
	h := p.users[j.User]
	switch {
	case h == nil || h.n == 0 || h.n < p.k:
		return j.Estimate, nil
	case p.k == 0:
		return capped(j, h.sum/float64(h.n)), nil
	}
	s := 0.0
	for _, r := range h.ring {
		s += r
	}
	return capped(j, s/float64(p.k)), nil
}

// Observe adds a finished job's runtime to its user's history.
func (p *UserPredictor) Observe(j *model.Job) {
	if j.User < 0 {
		return
	}
	h := p.users[j.User]
	if h == nil {
		h = &history{}
		if p.k > 0 {
			h.ring = make([]float64, 0, p.k)
		}
		p.users[j.User] = h
	}
	h.n++
	if p.k == 0 {
		h.sum += j.Runtime
		return
	}
	if len(h.ring) < p.k {
		h.ring = append(h.ring, j.Runtime)
		return
	}
	h.ring[h.next] = j.Runtime
	h.next = (h.next + 1) % p.k
}

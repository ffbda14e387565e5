package reference

import (
	"math"
	"sort"
)

// coarpOptions are the COARP options replayed (the defaults: zero
// value).
type coarpOptions struct {
	// finish is parts_start together-finish (else together).
	finish bool
	// keep is surplus keep (else trim).
	keep bool
	// horizon is how far ahead slots may start (0: unbounded).
	horizon float64
}

// coarp is COARP (doc comment of coalloc.COARP, its options' and
// coarp.md), every job of the global queue in arrival order: cluster c
// offers, for a start t, the processors free over all of [t, t + D_c) in
// its plan; with together, T is the earliest t, now or later, at which
// the offers together hold the job; with together-finish, the t at
// which the job finishes first (choice: the earliest t among equal
// finishes); the candidate starts are now and the ends of the parts
// placed, and, with a horizon, only those ≤ now + horizon (choice: the
// bound included). At T the offers are taken by increasing finish
// T + D_c (choice: ties in platform order) until they hold the job, the
// last giving only what is still needed (trim) or all it offers (keep).
// A job no offer holds stays queued, and later jobs are still offered.
func coarp(s *state) {
	for _, j := range append([]*rjob(nil), s.queue...) {
		offer := func(c int, t float64) int {
			most := 0
			for _, m := range s.moments(c, t, t+s.dur(j, c)) {
				most = max(most, s.used(c, m))
			}
			return s.cfg.clusters[c].procs - most
		}
		// take returns the parts at t and the job's finish, or ok false.
		take := func(t float64) (cs, ps []int, fin float64, ok bool) {
			order := make([]int, len(s.cfg.clusters))
			sum := 0
			for c := range order {
				order[c] = c
				sum += offer(c, t)
			}
			if sum < j.size {
				return nil, nil, 0, false
			}
			sort.SliceStable(order, func(a, b int) bool {
				fa, fb := t+s.dur(j, order[a]), t+s.dur(j, order[b])
				if fa != fb || !s.cfg.alt.coarpTiesByProcs {
					return fa < fb
				}
				return offer(order[a], t) > offer(order[b], t)
			})
			need := j.size
			for _, c := range order {
				n := min(need, offer(c, t))
				if s.cfg.coarp.keep {
					n = offer(c, t)
				}
				if need > 0 && n > 0 {
					cs, ps = append(cs, c), append(ps, n)
					need -= min(need, n)
					fin = math.Max(fin, t+s.dur(j, c))
				}
			}
			return cs, ps, fin, true
		}
		cands := []float64{s.now}
		for _, r := range s.running {
			for _, p := range r.parts {
				if p.end > s.now {
					cands = append(cands, p.end)
				}
			}
		}
		sort.Float64s(cands)
		best, bestFin := math.Inf(1), math.Inf(1)
		var bcs, bps []int
		for _, t := range cands {
			if h := s.cfg.coarp.horizon; h > 0 && (t > s.now+h || (s.cfg.alt.horizonExcluded && t == s.now+h)) {
				break
			}
			cs, ps, fin, ok := take(t)
			if !ok || fin > bestFin || (fin == bestFin && !s.cfg.alt.finishLatestTie) {
				continue
			}
			best, bestFin, bcs, bps = t, fin, cs, ps
			if !s.cfg.coarp.finish {
				break
			}
		}
		if math.IsInf(best, 1) {
			if s.cfg.alt.coarpBlocks {
				return
			}
			continue
		}
		s.placeAt(j, best, bcs, bps)
	}
}

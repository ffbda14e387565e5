package reference

import "sort"

// coarp is COARP with its default options (doc comment of coalloc.COARP
// and coarp.md: parts_start together, surplus trim, horizon 0, so every
// job is placed in the pass of its arrival, in queue order): cluster c
// offers, for a start t, the processors free over all of [t, t + D_c)
// in its plan; T is the earliest t, now or later, at which the offers
// together hold the job (now or the end of a placed part); at T the
// offers are taken by increasing finish T + D_c (choice: ties in
// platform order) until they hold the job, the last giving only what is
// still needed.
func coarp(s *state) {
	for len(s.queue) > 0 {
		j := s.queue[0]
		offer := func(c int, t float64) int {
			d := s.dur(j, c)
			most := 0
			for _, m := range s.moments(c, t, t+d) {
				most = max(most, s.used(c, m))
			}
			return s.cfg.clusters[c].procs - most
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
		for _, t := range cands {
			sum := 0
			for c := range s.cfg.clusters {
				sum += offer(c, t)
			}
			if sum < j.size {
				continue
			}
			order := make([]int, len(s.cfg.clusters))
			for c := range order {
				order[c] = c
			}
			sort.SliceStable(order, func(a, b int) bool {
				fa, fb := t+s.dur(j, order[a]), t+s.dur(j, order[b])
				if fa != fb || !s.cfg.alt.coarpTiesByProcs {
					return fa < fb
				}
				return offer(order[a], t) > offer(order[b], t)
			})
			var cs, ps []int
			need := j.size
			for _, c := range order {
				if n := min(need, offer(c, t)); n > 0 {
					cs, ps = append(cs, c), append(ps, n)
					need -= n
				}
			}
			s.placeAt(j, t, cs, ps)
			break
		}
	}
}

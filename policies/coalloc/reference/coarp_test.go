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
	// independent is parts_start independent, with offers per-cluster
	// when perCluster (else all).
	independent, perCluster bool
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
		if s.cfg.coarp.independent {
			if cs, ps, ts := s.slots(j); cs != nil {
				s.placeParts(j, cs, ps, ts)
			} else if s.cfg.alt.coarpBlocks {
				return
			}
			continue
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

// slots is COARP with independent starts (doc comments of coalloc.COARP,
// OffersAll and OffersPerCluster; coarp.md): each cluster offers its
// earliest free slot for the job — the earliest start s, now or the end
// of a part on it, at which at least one processor (per-cluster: min(P,
// its processors)) is free over [s, s + D_c), within the horizon — with
// all the processors free over that window. The offers are taken by
// increasing finish s + D_c, ties by more processors, then platform
// order, each giving what the job still needs (trim) or all it offers
// (keep), until they hold the job. With offers all, a cluster whose slot
// was taken offers its next slot, computed with the slots the job took
// on it reserved; per-cluster, it offers no more. It returns the parts,
// or nil when the offers cannot hold the job.
func (s *state) slots(j *rjob) (cs, ps []int, ts []float64) {
	type slot struct {
		ok    bool
		start float64
		n     int
	}
	// next is cluster c's slot given the job's parts so far.
	next := func(c int) slot {
		d := s.dur(j, c)
		mine := func(t float64) int {
			n := 0
			for i := range cs {
				if cs[i] == c && ts[i] <= t && t < ts[i]+d {
					n += ps[i]
				}
			}
			return n
		}
		free := func(t float64) int {
			most := 0
			for _, m := range s.moments(c, t, t+d, ts...) {
				most = max(most, s.used(c, m)+mine(m))
			}
			return s.cfg.clusters[c].procs - most
		}
		starts := []float64{s.now}
		for _, r := range s.running {
			for _, p := range r.parts {
				if p.cluster == c && p.end > s.now {
					starts = append(starts, p.end)
				}
			}
		}
		for i := range cs {
			if cs[i] == c {
				starts = append(starts, ts[i]+d)
			}
		}
		sort.Float64s(starts)
		want := 1
		if s.cfg.coarp.perCluster {
			want = min(j.size, s.cfg.clusters[c].procs)
		}
		for _, t := range starts {
			if h := s.cfg.coarp.horizon; h > 0 && t > s.now+h {
				break
			}
			if n := free(t); n >= want {
				if s.cfg.alt.perClusterExact {
					n = want
				}
				return slot{true, t, n}
			}
		}
		return slot{}
	}
	offers := make([]slot, len(s.cfg.clusters))
	for c := range offers {
		offers[c] = next(c)
	}
	for need := j.size; need > 0; {
		k := -1
		for c, o := range offers {
			if !o.ok {
				continue
			}
			if k < 0 {
				k = c
				continue
			}
			f, bf := o.start+s.dur(j, c), offers[k].start+s.dur(j, k)
			if f < bf || (f == bf && o.n > offers[k].n) {
				k = c
			}
		}
		if k < 0 {
			return nil, nil, nil
		}
		give := offers[k].n
		if !s.cfg.coarp.keep {
			give = min(give, need)
		}
		cs, ps, ts = append(cs, k), append(ps, give), append(ts, offers[k].start)
		need = max(0, need-give)
		offers[k] = slot{}
		if !s.cfg.coarp.perCluster && !s.cfg.alt.slotsOnce {
			offers[k] = next(k)
		}
	}
	return cs, ps, ts
}

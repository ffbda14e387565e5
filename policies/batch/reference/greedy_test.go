package reference

import (
	"math"
	"sort"
)

// greedyEASY is pyss's greedy-EASY (doc comment of batch.GreedyEASY and
// predictions.md, Greedy-EASY): heads start while they fit; the head is
// reserved, in the profile of the running jobs by their estimated ends,
// at the earliest time no earlier than now + delay_factor × its requested
// time where it fits for its estimate; then five orders of the jobs after
// the head (reverse arrival, arrival, size, requested time, size ×
// requested time; ascending, ties in queue order) each take, on a copy of
// that profile, every job that fits now for its estimate; the order that
// takes the most wins, the first of the five among equals.
func greedyEASY(s *state) {
	fcfs(s)
	if len(s.queue) < 2 {
		return
	}
	head := s.queue[0]
	var p []interval
	for _, r := range s.running {
		p = append(p, interval{s.now, r.estEnd, r.size})
	}
	from := s.now + s.cfg.delay*head.req
	at := math.Inf(1)
	for _, c := range append([]float64{from}, ends(p, from)...) {
		if fits(p, s.cfg.procs, c, head.est, head.size) {
			at = c
			break
		}
	}
	p = append(p, interval{at, at + head.est, head.size})
	keys := []func(r *rjob) float64{
		func(r *rjob) float64 { return -r.submit },
		func(r *rjob) float64 { return r.submit },
		func(r *rjob) float64 { return float64(r.size) },
		func(r *rjob) float64 { return r.req },
		func(r *rjob) float64 { return float64(r.size) * r.req },
	}
	var best []*rjob
	for k, key := range keys {
		order := append([]*rjob(nil), s.queue[1:]...)
		sort.SliceStable(order, func(a, b int) bool { return key(order[a]) < key(order[b]) })
		q := append([]interval(nil), p...)
		var took []*rjob
		for _, r := range order {
			if fits(q, s.cfg.procs, s.now, r.est, r.size) {
				q = append(q, interval{s.now, s.now + r.est, r.size})
				took = append(took, r)
			}
		}
		if k == 0 || len(took) > len(best) || (s.cfg.alt.greedyLastAmongEquals && len(took) == len(best)) {
			best = took
		}
	}
	for _, r := range best {
		s.start(r)
	}
}

// ends are the ends of the intervals of p after t, in increasing order.
func ends(p []interval, t float64) []float64 {
	var e []float64
	for _, b := range p {
		if b.to > t {
			e = append(e, b.to)
		}
	}
	sort.Float64s(e)
	return e
}

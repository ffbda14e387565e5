package reference

import "sort"

// fcfs (doc comment of coalloc.FCFS): the queue head goes whole to a
// cluster where it can start now, by the cluster choice, while there is
// one; a head that fits nowhere now blocks the queue.
func fcfs(s *state) {
	for len(s.queue) > 0 {
		h := s.queue[0]
		cs := s.roomNow(h)
		if len(cs) == 0 {
			return
		}
		s.whole(h, s.choose(h, cs))
	}
}

// fpfs (doc comment of coalloc.FPFS): every queued job, in order, that
// can start now goes whole to a cluster, by the cluster choice.
func fpfs(s *state) {
	for _, j := range append([]*rjob(nil), s.queue...) {
		if cs := s.roomNow(j); len(cs) > 0 {
			s.whole(j, s.choose(j, cs))
		}
	}
}

// ebf (doc comment of coalloc.EBF): heads start while they fit now; a
// blocked head is reserved, from the running parts' exact ends, on the
// cluster where it finishes first (choice: ties to the first cluster of
// the platform); every later job, in queue order, starts now on a
// cluster where it fits, by the cluster choice among the clusters where
// it may (choice: on the head's cluster only if the processors the head
// holds over its reservation stay free).
func ebf(s *state) {
	fcfs(s)
	if len(s.queue) == 0 {
		return
	}
	h := s.queue[0]
	hc, from, to := -1, 0.0, 0.0
	for c, cl := range s.cfg.clusters {
		if cl.procs < h.size {
			continue
		}
		at := s.earliest(c, h.size, s.dur(h, c))
		if fin := at + s.dur(h, c); hc < 0 || fin < to || (s.cfg.alt.lastAmongEqual && fin == to) {
			hc, from, to = c, at, fin
		}
	}
	keeps := func(j *rjob) bool {
		end := s.now + s.dur(j, hc)
		for _, t := range s.moments(hc, s.now, end, from) {
			if t >= from && t < to && s.used(hc, t)+h.size+j.size > s.cfg.clusters[hc].procs {
				return false
			}
		}
		return true
	}
	for _, j := range append([]*rjob(nil), s.queue[1:]...) {
		var cs []int
		for _, c := range s.roomNow(j) {
			if c != hc || s.cfg.alt.ebfChooseThenCheck || keeps(j) {
				cs = append(cs, c)
			}
		}
		if len(cs) == 0 {
			continue
		}
		c := s.choose(j, cs)
		if c == hc && !keeps(j) {
			continue // only under ebfChooseThenCheck
		}
		s.whole(j, c)
	}
}

// earliest is the earliest time, now or later, at which size processors
// of cluster c are free over [t, t+d), given the parts placed: now or
// the end of a part on c.
func (s *state) earliest(c, size int, d float64) float64 {
	cands := []float64{s.now}
	for _, r := range s.running {
		for _, p := range r.parts {
			if p.cluster == c && p.end > s.now {
				cands = append(cands, p.end)
			}
		}
	}
	sort.Float64s(cands)
	for _, t := range cands {
		ok := true
		for _, m := range s.moments(c, t, t+d) {
			if s.used(c, m)+size > s.cfg.clusters[c].procs {
				ok = false
			}
		}
		if ok {
			return t
		}
	}
	panic("reference: a job no larger than its cluster never fits")
}

// moments are the times in [from, to) at which the use of cluster c can
// change: from, the starts and ends of its parts inside, and extra.
func (s *state) moments(c int, from, to float64, extra ...float64) []float64 {
	ts := []float64{from}
	add := func(t float64) {
		if t > from && t < to {
			ts = append(ts, t)
		}
	}
	for _, r := range s.running {
		for _, p := range r.parts {
			if p.cluster == c {
				add(p.start)
				add(p.end)
			}
		}
	}
	for _, t := range extra {
		add(t)
	}
	return ts
}

// scoal (doc comment of coalloc.SCOAL): the queue head goes whole where
// it can start now, by the cluster choice; else, when the processors
// free now on all clusters together hold it, it is split over them,
// fastest cluster first (choice: ties to the first of the platform),
// each giving as many free processors as the job still needs; all parts
// start now; else the head blocks the queue.
func scoal(s *state) {
	for len(s.queue) > 0 {
		h := s.queue[0]
		if cs := s.roomNow(h); len(cs) > 0 {
			s.whole(h, s.choose(h, cs))
			continue
		}
		order := make([]int, len(s.cfg.clusters))
		sum := 0
		for c := range order {
			order[c] = c
			sum += s.free(c)
		}
		if sum < h.size {
			return
		}
		sort.SliceStable(order, func(a, b int) bool {
			if s.cfg.alt.scoalBySize {
				return s.free(order[a]) > s.free(order[b])
			}
			return s.cfg.clusters[order[a]].speed > s.cfg.clusters[order[b]].speed
		})
		var cs, ps []int
		need := h.size
		for _, c := range order {
			if n := min(need, s.free(c)); n > 0 {
				cs, ps = append(cs, c), append(ps, n)
				need -= n
			}
		}
		s.place(h, cs, ps)
	}
}

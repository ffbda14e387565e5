package reference

import "slices"

// lookahead is lookahead EASY (doc comment of batch.Lookahead and
// predictions-pwa.md, Lookahead backfilling): heads start while they
// fit; when the head waits, with EASY's shadow time and extra
// processors, the waiting jobs after it that fit in the free processors
// now are candidates, long when they would end after the shadow time;
// the set that starts maximises the processors it uses, within the free
// processors, its long jobs within the extra ones; among such sets the
// first in queue order (the earliest queue position on which two differ
// is in the chosen one).
func lookahead(s *state) {
	fcfs(s)
	if len(s.queue) == 0 {
		return
	}
	sh, extra := shadow(s, s.queue[0].size)
	free := s.free()
	var cands []*rjob
	for _, c := range s.queue[1:] {
		if c.size <= free {
			cands = append(cands, c)
		}
	}
	if s.cfg.alt.lookaheadLastTies {
		slices.Reverse(cands)
	}
	long := func(c *rjob) bool { return s.now+c.est > sh }
	// best(i, f, x) is the most processors the candidates i.. can use
	// within f free and x extra processors, by plain recursion memoised
	// on its arguments.
	memo := map[[3]int]int{}
	var best func(i, f, x int) int
	best = func(i, f, x int) int {
		if i == len(cands) {
			return 0
		}
		k := [3]int{i, f, x}
		if v, ok := memo[k]; ok {
			return v
		}
		v := best(i+1, f, x)
		c := cands[i]
		if c.size <= f && (!long(c) || c.size <= x) {
			nx := x
			if long(c) {
				nx -= c.size
			}
			v = max(v, c.size+best(i+1, f-c.size, nx))
		}
		memo[k] = v
		return v
	}
	x := extra
	var take []*rjob
	for i, c := range cands {
		if c.size > free || (long(c) && c.size > x) {
			continue
		}
		nx := x
		if long(c) {
			nx -= c.size
		}
		if c.size+best(i+1, free-c.size, nx) == best(i, free, x) {
			take = append(take, c)
			free, x = free-c.size, nx
		}
	}
	for _, c := range take {
		s.start(c)
	}
}

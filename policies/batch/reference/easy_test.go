package reference

import (
	"math"
	"sort"
)

// shadow is the head's shadow time, "the earliest time at which, by the
// running jobs' estimated ends, enough processors are free for it", and
// its extra processors, "those free at the shadow time beyond what the
// head needs (every job ending exactly at the shadow time counts)".
func shadow(s *state, need int) (float64, int) {
	avail := s.free()
	if need <= avail {
		return s.now, avail - need
	}
	run := append([]*rjob(nil), s.running...)
	sort.Slice(run, func(a, b int) bool { return run[a].estEnd < run[b].estEnd })
	for i := 0; i < len(run); {
		t := run[i].estEnd
		for ; i < len(run) && run[i].estEnd == t; i++ {
			avail += run[i].size
		}
		if avail >= need {
			return t, avail - need
		}
	}
	return math.Inf(1), 0
}

// easy is EASY (doc comment of batch.EASY); with sjbf the backfill
// candidates are examined by estimate, shortest first, ties in queue
// order (doc comment of batch.EASYSJBF).
func easy(sjbf bool) policy { return easyAs(easyRules{sjbf: sjbf}) }

// easyRules are the variants of EASY's pass (predictions.md, Policies).
type easyRules struct {
	// sjbf examines the backfill candidates by estimate, shortest first,
	// ties in queue order.
	sjbf bool
	// headTwice runs the jobs started from the queue head with twice
	// their requested time (head-double-easy).
	headTwice bool
	// tailTwice tests the backfill candidates with twice their requested
	// time and runs them with it (tail-double-easy).
	tailTwice bool
}

// easyAs is one EASY pass under rules e.
func easyAs(e easyRules) policy {
	return func(s *state) {
		for len(s.queue) > 0 && s.queue[0].size <= s.free() {
			h := s.queue[0]
			if e.headTwice {
				s.startAs(h, 2*h.req)
			} else {
				s.start(h)
			}
		}
		if len(s.queue) == 0 {
			return
		}
		sh, extra := shadow(s, s.queue[0].size)
		cands := append([]*rjob(nil), s.queue[1:]...)
		est := func(c *rjob) float64 {
			if e.tailTwice {
				return 2 * c.req
			}
			return c.est
		}
		if e.sjbf || (e.tailTwice && s.cfg.alt.tailByEstimate) {
			sort.SliceStable(cands, func(a, b int) bool { return est(cands[a]) < est(cands[b]) })
		}
		for _, c := range cands {
			if c.size > s.free() {
				continue
			}
			// Choice: a job that ends by the shadow time does not consume
			// extra processors even when it would fit in them ("uses no
			// more than the extra processors (which it then consumes)"
			// reads as the second alternative only).
			if s.now+est(c) <= sh && !(s.cfg.alt.extraAlwaysConsumed && c.size <= extra) {
				s.startAs(c, est(c))
			} else if c.size <= extra {
				extra -= c.size
				s.startAs(c, est(c))
			}
		}
	}
}

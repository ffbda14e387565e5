package gang

import "fmt"

// verify checks the invariants of the whole state (the debug checker, run
// after every event when Config.Check is on):
//   - a processor runs at most one job, and the job it runs points back
//     at it; a running gang runs on all its processors;
//   - at most one gang task waits at a processor, and its gang is waiting
//     and lists the processor; a waiting gang's count of busy processors
//     is right and not zero (else it would have started);
//   - an idle processor whose queue has no gang has no waiting local
//     (FCFS never leaves a processor idle with work in front of it);
//   - the site counters and the busy meters match the processors;
//   - the GS queue holds queued gangs, oldest first, and its size counts
//     match.
func (s *System) verify() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w at t=%v: %s", ErrInvariant, s.eng.Now(), fmt.Sprintf(format, args...))
	}
	for si := range s.sites {
		st := &s.sites[si]
		empty, free, busy := 0, 0, 0
		for i := range st.procs {
			p := &st.procs[i]
			if p.local != nil && p.run != nil {
				return bad("processor %d/%d runs a local and a gang", si, i)
			}
			if p.local != nil && (p.local.proc != p || p.local.job.Start < 0 || p.local.ended) {
				return bad("processor %d/%d runs local %d which is not started on it", si, i, p.local.job.ID)
			}
			if g := p.run; g != nil {
				if g.state != gangRunning || !g.has(p) {
					return bad("processor %d/%d runs gang %d which is not running on it", si, i, g.job.ID)
				}
			}
			if g := p.gang; g != nil {
				if g.state != gangWaiting || !g.has(p) {
					return bad("gang %d waits at processor %d/%d but is not waiting there", g.job.ID, si, i)
				}
			} else if p.idle() && p.queue.Len() > 0 {
				return bad("processor %d/%d is idle with %d locals waiting and no gang", si, i, p.queue.Len())
			}
			for j := 0; j < p.queue.Len(); j++ {
				if l := p.queue.At(j); l.proc != p || l.job.Start >= 0 {
					return bad("local %d queued at processor %d/%d is started or elsewhere", l.job.ID, si, i)
				}
			}
			if p.queueEmpty() != p.empty || (p.queueEmpty() && p.idle()) != p.free {
				return bad("processor %d/%d has stale flags", si, i)
			}
			if p.empty {
				empty++
			}
			if p.free {
				free++
			}
			if !p.idle() {
				busy++
			}
		}
		if empty != st.empty || free != st.free {
			return bad("site %d counts %d empty / %d free queues, the processors say %d / %d", si, st.empty, st.free, empty, free)
		}
		if float64(busy) != st.busy.Level() {
			return bad("site %d busy meter at %v, %d processors busy", si, st.busy.Level(), busy)
		}
	}
	// Waiting gangs: every one is reachable from the head of its queues.
	for si := range s.sites {
		for i := range s.sites[si].procs {
			g := s.sites[si].procs[i].gang
			if g == nil || g.procs[0] != &s.sites[si].procs[i] {
				continue
			}
			ahead := 0
			for _, p := range g.procs {
				if p.gang != g {
					return bad("gang %d is not at the head of processor %d/%d", g.job.ID, p.site, p.idx)
				}
				if !p.idle() {
					ahead++
				}
			}
			if ahead != g.ahead {
				return bad("gang %d counts %d busy processors, there are %d", g.job.ID, g.ahead, ahead)
			}
			if ahead == 0 {
				return bad("gang %d waits although all its processors are idle", g.job.ID)
			}
		}
	}
	n := 0
	for i, g := range s.gsq.gangs {
		if g.state != gangQueued {
			return bad("GS queue entry %d (gang %d) is not queued", i, g.job.ID)
		}
		if i > 0 && g.job.Submit < s.gsq.gangs[i-1].job.Submit {
			return bad("GS queue is out of arrival order at %d", i)
		}
	}
	for _, c := range s.gsq.count {
		n += c
	}
	if n != s.gsq.Len() {
		return bad("GS queue size counts sum to %d for %d gangs", n, s.gsq.Len())
	}
	return nil
}

func (g *gangJob) has(p *proc) bool {
	for _, q := range g.procs {
		if q == p {
			return true
		}
	}
	return false
}

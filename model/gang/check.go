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
	for si := range s.sites {
		if err := s.verifySite(si); err != nil {
			return err
		}
	}
	if err := s.verifyWaitingGangs(); err != nil {
		return err
	}
	return s.verifyGSQueue()
}

// broken is the error of a broken invariant at the current time.
func (s *System) broken(format string, args ...any) error {
	return fmt.Errorf("%w at t=%v: %s", ErrInvariant, s.eng.Now(), fmt.Sprintf(format, args...))
}

// verifySite checks every processor of site si, then the site's counters
// and busy meter against them.
func (s *System) verifySite(si int) error {
	st := &s.sites[si]
	empty, free, busy := 0, 0, 0
	for i := range st.procs {
		p := &st.procs[i]
		if err := s.verifyProc(si, i, p); err != nil {
			return err
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
		return s.broken("site %d counts %d empty / %d free queues, the processors say %d / %d", si, st.empty, st.free, empty, free)
	}
	if float64(busy) != st.busy.Level() {
		return s.broken("site %d busy meter at %v, %d processors busy", si, st.busy.Level(), busy)
	}
	return s.verifySets(si)
}

// verifySets checks the routing indexes of site si (siteSets) against
// its processors.
func (s *System) verifySets(si int) error {
	st := &s.sites[si]
	gangIdle, lenN, least := 0, make([]int, len(st.lenN)), -1
	for i := range st.procs {
		p := &st.procs[i]
		gi := p.gang != nil && p.idle()
		q := (&View{s}).QueueLen(si, i)
		if gi != p.gangIdle || q != p.qlen {
			return s.broken("processor %d/%d has stale routing flags", si, i)
		}
		if st.freeSet.has(i) != p.free || st.gangIdle.has(i) != gi || q >= len(lenN) || !st.byLen[q].has(i) {
			return s.broken("processor %d/%d is missing from the routing sets of site %d", si, i, si)
		}
		if gi {
			gangIdle++
		}
		lenN[q]++
		if least < 0 || q < least {
			least = q
		}
	}
	if gangIdle != st.gangIdleN || least != st.minLen {
		return s.broken("site %d counts %d idle processors behind gangs and %d fewest waiting, the processors say %d and %d", si, st.gangIdleN, st.minLen, gangIdle, least)
	}
	for q, n := range lenN {
		if n != st.lenN[q] || n != (ProcSet{words: st.byLen[q], n: n}).count() {
			return s.broken("site %d counts %d processors with %d waiting, the processors say %d", si, st.lenN[q], q, n)
		}
	}
	return nil
}

// verifyProc checks processor i of site si: what it runs, the gang task
// waiting at it, its queue of locals and its flags.
func (s *System) verifyProc(si, i int, p *proc) error {
	if p.local != nil && p.run != nil {
		return s.broken("processor %d/%d runs a local and a gang", si, i)
	}
	if p.local != nil && (p.local.proc != p || p.local.job.Start < 0 || p.local.ended) {
		return s.broken("processor %d/%d runs local %d which is not started on it", si, i, p.local.job.ID)
	}
	if g := p.run; g != nil {
		if g.state != gangRunning || !g.has(p) {
			return s.broken("processor %d/%d runs gang %d which is not running on it", si, i, g.job.ID)
		}
	}
	if g := p.gang; g != nil {
		if g.state != gangWaiting || !g.has(p) {
			return s.broken("gang %d waits at processor %d/%d but is not waiting there", g.job.ID, si, i)
		}
	} else if p.idle() && p.queue.Len() > 0 {
		return s.broken("processor %d/%d is idle with %d locals waiting and no gang", si, i, p.queue.Len())
	}
	for j := 0; j < p.queue.Len(); j++ {
		if l := p.queue.At(j); l.proc != p || l.job.Start >= 0 {
			return s.broken("local %d queued at processor %d/%d is started or elsewhere", l.job.ID, si, i)
		}
	}
	if p.queueEmpty() != p.empty || (p.queueEmpty() && p.idle()) != p.free {
		return s.broken("processor %d/%d has stale flags", si, i)
	}
	return nil
}

// verifyWaitingGangs checks that every waiting gang is at the head of all
// its queues and counts its busy processors right (never zero: it would
// have started).
func (s *System) verifyWaitingGangs() error {
	for si := range s.sites {
		for i := range s.sites[si].procs {
			g := s.sites[si].procs[i].gang
			if g == nil || g.procs[0] != &s.sites[si].procs[i] {
				continue
			}
			ahead := 0
			for _, p := range g.procs {
				if p.gang != g {
					return s.broken("gang %d is not at the head of processor %d/%d", g.job.ID, p.site, p.idx)
				}
				if !p.idle() {
					ahead++
				}
			}
			if ahead != g.ahead {
				return s.broken("gang %d counts %d busy processors, there are %d", g.job.ID, g.ahead, ahead)
			}
			if ahead == 0 {
				return s.broken("gang %d waits although all its processors are idle", g.job.ID)
			}
		}
	}
	return nil
}

// verifyGSQueue checks that the GS queue holds queued gangs, oldest
// first, and that its size counts match.
func (s *System) verifyGSQueue() error {
	for i, g := range s.gsq.gangs {
		if g.state != gangQueued {
			return s.broken("GS queue entry %d (gang %d) is not queued", i, g.job.ID)
		}
		if i > 0 && g.job.Submit < s.gsq.gangs[i-1].job.Submit {
			return s.broken("GS queue is out of arrival order at %d", i)
		}
	}
	n := 0
	for _, c := range s.gsq.count {
		n += c
	}
	if n != s.gsq.Len() {
		return s.broken("GS queue size counts sum to %d for %d gangs", n, s.gsq.Len())
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

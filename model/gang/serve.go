package gang

import (
	"fmt"

	"github.com/schedsim/schedsim/sim"
)

func (s *System) startLocal(p *proc, l *local, backfilled bool) {
	now := s.eng.Now()
	if s.cfg.Check {
		if !p.idle() {
			s.fail(fmt.Errorf("%w: local %d starts on processor %d/%d which runs another job", ErrInvariant, l.job.ID, p.site, p.idx))
			return
		}
		if now < l.job.Submit || l.job.Start >= 0 {
			s.fail(fmt.Errorf("%w: local %d starts at %v (arrived %v, started before at %v)", ErrInvariant, l.job.ID, now, l.job.Submit, l.job.Start))
			return
		}
	}
	l.job.Start = now
	l.proc = p
	l.backfilled = backfilled
	p.local = l
	p.estEnd = now + l.job.Estimate
	s.sites[p.site].busy.Add(now, 1)
	if p.gang != nil {
		p.gang.ahead++
	}
	s.eng.After(l.job.Runtime, sim.PriorityDeparture, s.onLocalEnd, l)
	s.refresh(p)
}

func (s *System) startGang(g *gangJob) {
	now := s.eng.Now()
	for _, p := range g.procs {
		if s.cfg.Check && (!p.idle() || p.gang != g) {
			s.fail(fmt.Errorf("%w: gang %d starts while processor %d/%d is busy or headed by another job", ErrInvariant, g.job.ID, p.site, p.idx))
			return
		}
		p.gang = nil
		p.run = g
		p.estEnd = now + g.job.Estimate
		s.sites[p.site].busy.Add(now, 1)
		s.refresh(p)
	}
	if s.cfg.Check && (now < g.job.Submit || g.job.Start >= 0) {
		s.fail(fmt.Errorf("%w: gang %d starts at %v (arrived %v, started before at %v)", ErrInvariant, g.job.ID, now, g.job.Submit, g.job.Start))
		return
	}
	g.state = gangRunning
	g.job.Start = now
	s.eng.After(g.job.Runtime, sim.PriorityDeparture, s.onGangEnd, g)
}

// serve gives an idle processor its next job: the gang at its head if all
// the gang's processors are idle, else the first local the discipline lets
// backfill, or the head local of a queue without a gang.
func (s *System) serve(p *proc) {
	if !p.idle() {
		return
	}
	if g := p.gang; g != nil {
		if g.ahead == 0 {
			s.startGang(g)
			return
		}
		if p.queue.Len() > 0 {
			until := s.untilGang(g)
			for i := 0; i < p.queue.Len(); i++ {
				l := p.queue.At(i)
				if s.pol.Local.MayBackfill(l.job.Estimate, until) {
					p.queue.RemoveAt(i)
					s.unqueued(p, l)
					s.startLocal(p, l, true)
					return
				}
			}
		}
		s.refresh(p)
		return
	}
	if p.queue.Len() > 0 {
		l := p.queue.Pop()
		s.unqueued(p, l)
		s.startLocal(p, l, false)
		return
	}
	s.refresh(p)
}

func (s *System) unqueued(p *proc, l *local) {
	p.waitWork -= l.job.Estimate
	if p.queue.Len() == 0 {
		p.waitWork = 0
	}
}

// refresh updates the site counters after a change at p.
func (s *System) refresh(p *proc) {
	st := &s.sites[p.site]
	e := p.queueEmpty()
	f := e && p.idle()
	if e != p.empty {
		if e {
			st.empty++
		} else {
			st.empty--
		}
		p.empty = e
	}
	if f != p.free {
		if f {
			st.free++
			st.freeSet.set(p.idx)
		} else {
			st.free--
			st.freeSet.clear(p.idx)
		}
		p.free = f
	}
	if gi := p.gang != nil && p.idle(); gi != p.gangIdle {
		if gi {
			st.gangIdleN++
			st.gangIdle.set(p.idx)
		} else {
			st.gangIdleN--
			st.gangIdle.clear(p.idx)
		}
		p.gangIdle = gi
	}
	q := p.queue.Len()
	if p.gang != nil {
		q++
	}
	if q != p.qlen {
		st.moveLen(p.idx, p.qlen, q)
		p.qlen = q
	}
}

// remaining returns the estimated remaining time of p's running job, 0
// when it is idle or has overrun its estimate.
func (s *System) remaining(p *proc) float64 {
	if p.idle() {
		return 0
	}
	if r := p.estEnd - s.eng.Now(); r > 0 {
		return r
	}
	return 0
}

// untilGang returns the estimated time until all processors of a waiting
// gang are idle.
func (s *System) untilGang(g *gangJob) float64 {
	// remaining, with the clock read once: routing calls this for every
	// processor a gang waits at.
	now := s.eng.Now()
	u := 0.0
	for _, p := range g.procs {
		if p.idle() {
			continue
		}
		if r := p.estEnd - now; r > u {
			u = r
		}
	}
	return u
}

package gang

import (
	"fmt"
)

func (s *System) localEnd(arg any) {
	l := arg.(*local)
	p := l.proc
	now := s.eng.Now()
	if s.cfg.Check && (l.ended || p.local != l) {
		s.fail(fmt.Errorf("%w: local %d ends twice or not on its processor", ErrInvariant, l.job.ID))
		return
	}
	l.ended = true
	l.job.End = now
	p.local = nil
	s.sites[p.site].busy.Add(now, -1)
	if p.gang != nil {
		p.gang.ahead--
	}
	s.serve(p)
	s.completeLocal(l)
	if p.empty && s.gsq.Len() > 0 {
		s.gsPass()
	}
	s.checkStop()
	s.afterEvent()
}

func (s *System) gangEnd(arg any) {
	g := arg.(*gangJob)
	now := s.eng.Now()
	if s.cfg.Check {
		if g.ended || g.state != gangRunning {
			s.fail(fmt.Errorf("%w: gang %d ends twice or without running", ErrInvariant, g.job.ID))
			return
		}
		for _, p := range g.procs {
			if p.run != g {
				s.fail(fmt.Errorf("%w: gang %d ends but processor %d/%d does not run it", ErrInvariant, g.job.ID, p.site, p.idx))
				return
			}
		}
	}
	g.ended = true
	g.state = gangDone
	g.job.End = now
	for _, p := range g.procs {
		p.run = nil
		s.sites[p.site].busy.Add(now, -1)
		if p.gang != nil {
			p.gang.ahead--
		}
	}
	emptied := false
	for _, p := range g.procs {
		s.serve(p)
	}
	for _, p := range g.procs {
		emptied = emptied || p.empty
	}
	s.completeGang(g)
	if emptied && s.gsq.Len() > 0 {
		s.gsPass()
	}
	s.checkStop()
	s.afterEvent()
}

func (s *System) completeLocal(l *local) {
	s.completedAll++
	if s.measuring {
		m := &s.m
		m.locals++
		r := l.job.Response()
		m.sumRT += r
		m.sumSLD += r / l.job.Runtime
		if l.backfilled {
			m.backfilled++
		}
		if s.jobsCSV != nil {
			bf := 0.0
			if l.backfilled {
				bf = 1
			}
			j := &l.job
			s.jobsCSV.Row(float64(j.ID), 0, 1, float64(l.site+1), 0, j.Submit, j.Start, j.End,
				j.Runtime, j.Estimate, j.Wait(), r, r/j.Runtime, bf)
		}
	} else if s.completedAll == s.cfg.WarmupJobs {
		s.openWindow()
	}
	s.freeLocals = append(s.freeLocals, l)
}

func (s *System) completeGang(g *gangJob) {
	s.completedAll++
	if s.measuring {
		m := &s.m
		m.gangs++
		w := float64(g.job.Size)
		r := g.job.Response()
		m.sumSize += w
		m.sumWRT += w * r
		m.sumWSLD += w * r / g.job.Runtime
		split := 0.0
		if g.split {
			m.split++
			split = 1
		}
		if s.jobsCSV != nil {
			j := &g.job
			s.jobsCSV.Row(float64(j.ID), 1, w, float64(g.site+1), split, j.Submit, j.Start, j.End,
				j.Runtime, j.Estimate, j.Wait(), r, r/j.Runtime, 0)
		}
	} else if s.completedAll == s.cfg.WarmupJobs {
		s.openWindow()
	}
	s.freeGangs = append(s.freeGangs, g)
}

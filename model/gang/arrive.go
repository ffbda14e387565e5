package gang

import (
	"fmt"
	"io"
	"math"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// pull reads the next arrival from the source and schedules it.
func (s *System) pull() {
	a, err := s.src.Next()
	if err == io.EOF {
		return
	}
	if err != nil {
		s.fail(fmt.Errorf("gang: workload: %w", err))
		return
	}
	now := s.eng.Now()
	switch {
	case math.IsNaN(a.Time) || a.Time < now || math.IsInf(a.Time, 0):
		err = fmt.Errorf("arrival time %v is not ≥ the current time %v", a.Time, now)
	case a.Site < GS || a.Site >= len(s.sites):
		err = fmt.Errorf("site %d out of range [0, %d) (or GS = -1 for a gang)", a.Site, len(s.sites))
	case a.Site != GS && a.Size != 1:
		err = fmt.Errorf("a local job has size 1 (got %d)", a.Size)
	case a.Size < 1 || a.Size > s.total:
		err = fmt.Errorf("gang size %d outside [1, %d processors]", a.Size, s.total)
	case !(a.Runtime > 0) || math.IsInf(a.Runtime, 0):
		err = fmt.Errorf("runtime must be finite and > 0 (got %v)", a.Runtime)
	case !(a.Estimate > 0) || math.IsInf(a.Estimate, 0):
		err = fmt.Errorf("estimate must be finite and > 0 (got %v)", a.Estimate)
	}
	if err != nil {
		s.fail(fmt.Errorf("gang: workload job %d: %w", s.nextID+1, err))
		return
	}
	s.next = a
	s.eng.Schedule(a.Time, sim.PriorityDefault, s.onArrive, nil)
}

// arrive handles the arrival of s.next.
func (s *System) arrive(any) {
	a := s.next
	s.pull()
	s.nextID++
	if s.measuring {
		s.m.offered += float64(a.Size) * a.Runtime
	}
	now := s.eng.Now()
	if a.Site == GS {
		if s.measuring {
			s.m.gangsArrived++
		}
		g := s.newGang()
		g.job = model.NewJob(s.nextID, now, a.Size, a.Runtime, a.Estimate)
		g.base = a.Runtime
		s.placeNew(g)
	} else {
		if s.measuring {
			s.m.localsArrived++
		}
		l := s.newLocal()
		l.job = model.NewJob(s.nextID, now, 1, a.Runtime, a.Estimate)
		l.site = a.Site
		s.routeLocal(l)
	}
	s.afterEvent()
}

// slab is how many jobs are allocated at once when a free list is empty.
const slab = 256

func (s *System) newGang() *gangJob {
	if len(s.freeGangs) == 0 {
		gs := make([]gangJob, slab/4)
		ps := make([]*proc, len(gs)*s.total)
		for i := range gs {
			gs[i].procs = ps[i*s.total : i*s.total : (i+1)*s.total]
			s.freeGangs = append(s.freeGangs, &gs[i])
		}
	}
	n := len(s.freeGangs)
	g := s.freeGangs[n-1]
	s.freeGangs = s.freeGangs[:n-1]
	*g = gangJob{procs: g.procs[:0]}
	return g
}

func (s *System) newLocal() *local {
	if len(s.freeLocals) == 0 {
		ls := make([]local, slab)
		for i := range ls {
			s.freeLocals = append(s.freeLocals, &ls[i])
		}
	}
	n := len(s.freeLocals)
	l := s.freeLocals[n-1]
	s.freeLocals = s.freeLocals[:n-1]
	*l = local{}
	return l
}

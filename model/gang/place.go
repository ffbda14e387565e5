package gang

import (
	"fmt"
	"math"
)

// placeNew applies the allocation steps to an arriving gang.
func (s *System) placeNew(g *gangJob) {
	a := s.pol.Allocator
	for step := 0; step < a.Steps(); step++ {
		pl := a.Place(&s.view, g.job.Size, step)
		if pl.Kind == Wait {
			continue
		}
		if err := s.feasible(g.job.Size, pl); err != nil {
			s.fail(err)
			return
		}
		s.dispatch(g, pl)
		return
	}
	g.state = gangQueued
	s.gsq.push(g)
	s.gsqLen.Set(s.eng.Now(), float64(s.gsq.Len()))
}

// gsPass dispatches queued gangs as the GS queue discipline chooses them
// until it chooses none.
func (s *System) gsPass() {
	for s.gsq.Len() > 0 && s.err == nil {
		i, pl, ok := s.pol.Queue.Next(&s.view, &s.gsq, s.pol.Allocator)
		if !ok {
			return
		}
		if i < 0 || i >= s.gsq.Len() {
			s.fail(fmt.Errorf("%w: GS queue index %d outside [0, %d)", ErrPolicy, i, s.gsq.Len()))
			return
		}
		if err := s.feasible(s.gsq.Size(i), pl); err != nil {
			s.fail(err)
			return
		}
		g := s.gsq.remove(i)
		s.gsqLen.Set(s.eng.Now(), float64(s.gsq.Len()))
		s.dispatch(g, pl)
	}
}

// feasible checks a placement against the state.
func (s *System) feasible(size int, pl Placement) error {
	if pl.Site < 0 || pl.Site >= len(s.sites) {
		return fmt.Errorf("%w: %v placement at site %d outside [0, %d)", ErrPolicy, pl.Kind, pl.Site, len(s.sites))
	}
	switch pl.Kind {
	case OneSite:
		if pl.Pick < PickEarliest || pl.Pick > PickRandom {
			return fmt.Errorf("%w: queue pick %v", ErrPolicy, pl.Pick)
		}
		st := &s.sites[pl.Site]
		var n int
		switch pl.Queues {
		case AnyEmpty:
			n = st.empty
		case FreeOnly:
			n = st.free
		case BusyOnly:
			n = st.empty - st.free
		default:
			return fmt.Errorf("%w: queue set %v", ErrPolicy, pl.Queues)
		}
		if n < size {
			return fmt.Errorf("%w: gang of %d placed at site %d with %d %v queues", ErrPolicy, size, pl.Site, n, pl.Queues)
		}
	case Split:
		if f := s.view.TotalFree(); f < size {
			return fmt.Errorf("%w: gang of %d split over %d free processors", ErrPolicy, size, f)
		}
		if !(pl.Overhead >= 0) || math.IsInf(pl.Overhead, 0) {
			return fmt.Errorf("%w: split overhead %v", ErrPolicy, pl.Overhead)
		}
	default:
		return fmt.Errorf("%w: placement kind %v", ErrPolicy, pl.Kind)
	}
	return nil
}

// dispatch puts the tasks of g in the queues the placement names and
// starts it if all their processors are idle.
func (s *System) dispatch(g *gangJob, pl Placement) {
	k := g.job.Size
	g.procs = g.procs[:0]
	switch pl.Kind {
	case OneSite:
		g.procs = s.pickQueues(pl.Site, k, pl.Pick, pl.Queues, g.procs)
	case Split:
		g.procs = s.pickFree(pl.Site, k, g.procs)
	}
	g.site = g.procs[0].site
	for _, p := range g.procs[1:] {
		if p.site != g.site {
			g.split = true
			g.site = -1
			break
		}
	}
	if g.split && pl.Overhead > 0 {
		g.job.Runtime = g.base * (1 + pl.Overhead)
		g.job.Estimate *= 1 + pl.Overhead
		if s.measuring {
			s.m.overhead += float64(k) * g.base * pl.Overhead
		}
	}
	g.state = gangWaiting
	g.ahead = 0
	for _, p := range g.procs {
		p.gang = g
		if !p.idle() {
			g.ahead++
		}
		s.refresh(p)
	}
	if g.ahead == 0 {
		s.startGang(g)
	}
}

// takes reports whether set lets a gang take processor p's queue.
func takes(set QueueSet, p *proc) bool {
	switch set {
	case FreeOnly:
		return p.free
	case BusyOnly:
		return p.empty && !p.free
	}
	return p.empty
}

// pickQueues appends to out k queues of site from set, as pick says.
func (s *System) pickQueues(site, k int, pick QueuePick, set QueueSet, out []*proc) []*proc {
	st := &s.sites[site]
	ps := st.procs
	switch pick {
	case PickIndex:
		for i := range ps {
			if len(out) == k {
				break
			}
			if takes(set, &ps[i]) {
				out = append(out, &ps[i])
			}
		}
		return out
	case PickRandom:
		// Selection sampling: each queue of the set is taken with
		// probability (still needed) / (still to see).
		left := st.empty
		switch set {
		case FreeOnly:
			left = st.free
		case BusyOnly:
			left = st.empty - st.free
		}
		for i := range ps {
			if len(out) == k {
				break
			}
			if !takes(set, &ps[i]) {
				continue
			}
			if s.ties.IntN(left) < k-len(out) {
				out = append(out, &ps[i])
			}
			left--
		}
		return out
	}
	// PickEarliest: the free processors in index order, then the busy ones
	// with an empty queue by earliest estimated end (ties in index order).
	if set != BusyOnly {
		for i := range ps {
			if len(out) == k {
				return out
			}
			if ps[i].free {
				out = append(out, &ps[i])
			}
		}
	}
	if len(out) == k || set == FreeOnly {
		return out
	}
	from := len(out)
	for i := range ps {
		p := &ps[i]
		if !p.empty || p.free {
			continue
		}
		out = append(out, p)
		j := len(out) - 1
		for j > from && out[j-1].estEnd > p.estEnd {
			out[j] = out[j-1]
			j--
		}
		out[j] = p
	}
	return out[:k]
}

// pickFree appends to out k free processors: those of site first, then
// those of the other sites in index order.
func (s *System) pickFree(first, k int, out []*proc) []*proc {
	for n := 0; n < len(s.sites) && len(out) < k; n++ {
		ps := s.sites[(first+n)%len(s.sites)].procs
		for i := range ps {
			if len(out) == k {
				break
			}
			if ps[i].free {
				out = append(out, &ps[i])
			}
		}
	}
	return out
}

// routeLocal sends an arriving local job to the processor the router
// chooses and starts it there if it can start now.
func (s *System) routeLocal(l *local) {
	i := s.pol.Router.Route(&s.view, l.site, l.job.Estimate)
	if i < 0 || i >= s.cfg.Processors {
		s.fail(fmt.Errorf("%w: router chose processor %d outside [0, %d)", ErrPolicy, i, s.cfg.Processors))
		return
	}
	p := &s.sites[l.site].procs[i]
	l.proc = p
	if p.idle() {
		if p.queueEmpty() {
			s.startLocal(p, l, false)
			return
		}
		if p.gang != nil && s.pol.Local.MayBackfill(l.job.Estimate, s.untilGang(p.gang)) {
			s.startLocal(p, l, true)
			return
		}
	}
	p.queue.Push(l)
	p.waitWork += l.job.Estimate
	s.refresh(p)
}

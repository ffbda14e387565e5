package gang

import (
	"errors"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// Minimal policies (the real ones live in package policies, which imports
// this one).
type siteZero struct{}

func (siteZero) Steps() int { return 1 }
func (siteZero) Place(v *View, size, _ int) Placement {
	if v.EmptyQueues(0) >= size {
		return Placement{Kind: OneSite, Site: 0}
	}
	return Placement{}
}

type largest struct{}

func (largest) Next(v *View, q *GSQueue, a Allocator) (int, Placement, bool) {
	for k := q.MaxSize(); k > 0; k-- {
		if q.Count(k) > 0 {
			if pl := a.Place(v, k, 0); pl.Kind != Wait {
				return q.Oldest(k), pl, true
			}
		}
	}
	return -1, Placement{}, false
}

type never struct{}

func (never) MayBackfill(float64, float64) bool { return false }

type firstFree struct{}

func (firstFree) Route(v *View, site int, _ float64) int {
	for i := 0; i < v.Processors(); i++ {
		if v.Idle(site, i) && v.QueueEmpty(site, i) {
			return i
		}
	}
	return 0
}

type list struct {
	arr []Arrival
	i   int
}

func (l *list) Next() (Arrival, error) {
	if l.i == len(l.arr) {
		return Arrival{}, io.EOF
	}
	l.i++
	return l.arr[l.i-1], nil
}

// state builds a system with a running local, a waiting gang and a queued
// local, stopped at time 1.
func state(t *testing.T) *System {
	t.Helper()
	arr := []Arrival{
		{Time: 0, Site: 0, Size: 1, Runtime: 5, Estimate: 5},
		{Time: 0.5, Site: GS, Size: 2, Runtime: 1, Estimate: 1},
		{Time: 0.6, Site: 0, Size: 1, Runtime: 1, Estimate: 1},
	}
	s, err := New(sim.NewFast(), Config{Sites: 1, Processors: 2, Check: true},
		Policies{Allocator: siteZero{}, Queue: largest{}, Local: never{}, Router: firstFree{}},
		&list{arr: arr}, rand.New(rand.NewPCG(1, 1)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Run(sim.Limit{Time: 1}); err != nil {
		t.Fatal(err)
	}
	if err := s.verify(); err != nil {
		t.Fatalf("clean state: %v", err)
	}
	return s
}

func TestCheckerCatchesBrokenInvariants(t *testing.T) {
	cases := []struct {
		name    string
		breakIt func(s *System)
	}{
		{"processor runs two jobs", func(s *System) {
			p := &s.sites[0].procs[0]
			p.run = p.gang
		}},
		{"busy meter out of step", func(s *System) { s.sites[0].procs[0].local = nil }},
		{"site counter out of step", func(s *System) { s.sites[0].free++ }},
		{"stale processor flags", func(s *System) { s.sites[0].procs[1].free = !s.sites[0].procs[1].free }},
		{"waiting gang miscounts its busy processors", func(s *System) { s.sites[0].procs[0].gang.ahead++ }},
		{"waiting gang with all processors idle", func(s *System) {
			p := &s.sites[0].procs[0]
			p.local.proc = nil
			p.local = nil
			p.gang.ahead = 0
			s.sites[0].busy.Add(1, -1)
		}},
		{"idle processor with a local waiting and no gang", func(s *System) {
			p := &s.sites[0].procs[1]
			p.gang = nil
			p.queue.Push(&local{proc: p, job: model.NewJob(99, 0.7, 1, 1, 1)})
			s.refresh(p)
		}},
		{"GS queue counts out of step", func(s *System) { s.gsq.count[2]++ }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := state(t)
			c.breakIt(s)
			if err := s.verify(); !errors.Is(err, ErrInvariant) {
				t.Fatalf("got %v, want ErrInvariant", err)
			}
		})
	}
}

func TestCheckerStopsTheRun(t *testing.T) {
	s := state(t)
	s.sites[0].free++
	if _, err := s.Run(sim.Limit{}); !errors.Is(err, ErrInvariant) {
		t.Fatalf("got %v, want the run to fail with ErrInvariant", err)
	}
}

package grid_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/policies"
	"github.com/schedsim/schedsim/policies/grid"
	"github.com/schedsim/schedsim/policies/local"
	"github.com/schedsim/schedsim/sim"
)

func loc(at float64, site int, rt float64) gang.Arrival {
	return gang.Arrival{Time: at, Site: site, Size: 1, Runtime: rt, Estimate: rt}
}

func gng(at float64, size int, rt float64) gang.Arrival {
	return gang.Arrival{Time: at, Site: gang.GS, Size: size, Runtime: rt, Estimate: rt}
}

// recorder wraps a GS queue discipline and logs the IDs it dispatches.
type recorder struct {
	inner gang.GridQueue
	ids   []int64
}

func (r *recorder) Next(v *gang.View, q *gang.GSQueue, a gang.Allocator) (int, gang.Placement, bool) {
	i, pl, ok := r.inner.Next(v, q, a)
	if ok {
		r.ids = append(r.ids, q.ID(i))
	}
	return i, pl, ok
}

func system(t *testing.T, sites, procs int, alloc gang.Allocator, queue gang.GridQueue, arr ...gang.Arrival) *gang.System {
	t.Helper()
	if alloc == nil {
		alloc, _ = grid.Allocators.New(grid.Approach2, grid.DefaultOptions())
	}
	if queue == nil {
		queue, _ = grid.Queues.New(grid.LGF, struct{}{})
	}
	disc, _ := local.Disciplines.New(local.BackfillName, local.Options{})
	router, _ := local.Routers.New(local.ShortestName, local.Options{})
	s, err := gang.New(sim.NewFast(), gang.Config{Sites: sites, Processors: procs, Check: true},
		gang.Policies{Allocator: alloc, Queue: queue, Local: disc, Router: router},
		&gang.SliceSource{Arrivals: arr}, rand.New(rand.NewPCG(3, 4)), nil)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestQueueOrder(t *testing.T) {
	// One site of 4. A gang of 4 (ID 1) runs until 10 with a local waiting
	// at every processor (IDs 2-5, runtimes 1-4), so that gangs A (ID 6,
	// size 3), B (ID 7, size 2) and C (ID 8, size 3) queue at the GS. At 10
	// all four queues empty at once. LGF dispatches A (largest, oldest of
	// the two 3s); when A starts at 13 and four queues are empty again, C
	// (largest) before the older B. First fit dispatches A, then B, then C.
	arr := []gang.Arrival{gng(0, 4, 10), loc(0.1, 0, 1), loc(0.2, 0, 2), loc(0.3, 0, 3), loc(0.4, 0, 4),
		gng(1, 3, 1), gng(2, 2, 1), gng(3, 3, 1)}
	for _, c := range []struct {
		queue string
		want  []int64
	}{{grid.LGF, []int64{6, 8, 7}}, {grid.FirstFit, []int64{6, 7, 8}}} {
		inner, err := grid.Queues.New(c.queue, struct{}{})
		if err != nil {
			t.Fatal(err)
		}
		rec := &recorder{inner: inner}
		a1, _ := grid.Allocators.New(grid.Approach1, grid.DefaultOptions())
		s := system(t, 1, 4, a1, rec, arr...)
		res, err := s.Run(sim.Limit{})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(rec.ids, c.want) || res.GangsFinished != 4 {
			t.Errorf("%s dispatched %v (%d gangs finished), want %v", c.queue, rec.ids, res.GangsFinished, c.want)
		}
	}
}

// places calls Place n times and counts the sites of the placements.
func places(v *gang.View, a gang.Allocator, size, step, n int) (map[gang.PlacementKind]int, map[int]int, gang.Placement) {
	kinds, sites := map[gang.PlacementKind]int{}, map[int]int{}
	var last gang.Placement
	for i := 0; i < n; i++ {
		last = a.Place(v, size, step)
		kinds[last.Kind]++
		sites[last.Site]++
	}
	return kinds, sites, last
}

func alloc(t *testing.T, name string, mod func(*grid.Options)) gang.Allocator {
	t.Helper()
	o := grid.DefaultOptions()
	if mod != nil {
		mod(&o)
	}
	a, err := grid.Allocators.New(name, o)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestApproachPlacement(t *testing.T) {
	busy := func(site int, rt float64) []gang.Arrival {
		return []gang.Arrival{loc(0, site, rt), loc(0, site, rt), loc(0, site, rt), loc(0, site, rt)}
	}
	cases := []struct {
		name      string
		alloc     gang.Allocator
		arr       []gang.Arrival
		size      int
		step      int
		kind      gang.PlacementKind
		sites     []int // the sites that must all appear
		overhead  float64
		wantSteps int
	}{
		{"both sites free: random site", alloc(t, grid.Approach1, nil), nil, 3, 0, gang.OneSite, []int{0, 1}, 0, 1},
		{"free site before a site of empty queues", alloc(t, grid.Approach2, nil), busy(0, 10), 3, 0, gang.OneSite, []int{1}, 0, 2},
		{"empty queues at both: random", alloc(t, grid.Approach2, nil), append(busy(0, 10), busy(1, 5)...), 4, 0, gang.OneSite, []int{0, 1}, 0, 2},
		{"empty queues at both: earliest", alloc(t, grid.Approach2, func(o *grid.Options) { o.SiteChoice = grid.SiteEarliest }),
			append(busy(0, 10), busy(1, 5)...), 4, 0, gang.OneSite, []int{1}, 0, 2},
		{"free processors only: wait", alloc(t, grid.Approach2, func(o *grid.Options) { o.Dispatch = grid.DispatchFree }),
			append(busy(0, 10), busy(1, 5)...), 4, 0, gang.Wait, nil, 0, 2},
		{"too big for a site: step 0 waits", alloc(t, grid.Approach2, nil), []gang.Arrival{loc(0, 0, 9)}, 5, 0, gang.Wait, nil, 0, 2},
		{"split, most free site first", alloc(t, grid.Approach2, func(o *grid.Options) { o.Overhead = 0.3 }),
			[]gang.Arrival{loc(0, 0, 9)}, 5, 1, gang.Split, []int{1}, 0.3, 2},
		{"split needs enough free processors", alloc(t, grid.Approach2, nil), []gang.Arrival{loc(0, 0, 9), loc(0, 1, 9)}, 7, 1, gang.Wait, nil, 0, 2},
		{"approach 1 never splits", alloc(t, grid.Approach1, nil), nil, 5, 1, gang.Wait, nil, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := system(t, 2, 4, nil, nil, c.arr...)
			if _, err := s.Run(sim.Limit{Time: 1}); err != nil {
				t.Fatal(err)
			}
			if c.alloc.Steps() != c.wantSteps {
				t.Errorf("%d steps, want %d", c.alloc.Steps(), c.wantSteps)
			}
			kinds, sites, last := places(s.View(), c.alloc, c.size, c.step, 200)
			if kinds[c.kind] != 200 {
				t.Fatalf("placements %v, want only %v", kinds, c.kind)
			}
			if c.kind == gang.Wait {
				return
			}
			for _, site := range c.sites {
				if sites[site] == 0 {
					t.Errorf("sites %v, want %v each chosen", sites, c.sites)
				}
			}
			if len(sites) != len(c.sites) {
				t.Errorf("sites %v, want only %v", sites, c.sites)
			}
			if last.Overhead != c.overhead {
				t.Errorf("overhead %v, want %v", last.Overhead, c.overhead)
			}
		})
	}
}

func TestRegistry(t *testing.T) {
	if got := grid.Allocators.Names(); !slices.Equal(got, []string{grid.Approach1, grid.Approach2}) {
		t.Errorf("allocators %v", got)
	}
	if got := grid.Queues.Names(); !slices.Equal(got, []string{grid.FirstFit, grid.LGF}) {
		t.Errorf("queues %v", got)
	}
	if _, err := grid.Allocators.New("approach3", grid.DefaultOptions()); !errors.Is(err, policies.ErrUnknownPolicy) {
		t.Errorf("unknown allocator: %v", err)
	}
	if _, err := grid.Queues.New("sjf", struct{}{}); !errors.Is(err, policies.ErrUnknownPolicy) {
		t.Errorf("unknown queue: %v", err)
	}
	for key, mod := range map[string]func(*grid.Options){
		"overhead":    func(o *grid.Options) { o.Overhead = -0.1 },
		"site_choice": func(o *grid.Options) { o.SiteChoice = "nearest" },
		"queue_pick":  func(o *grid.Options) { o.QueuePick = "last" },
		"dispatch":    func(o *grid.Options) { o.Dispatch = "idle" },
	} {
		o := grid.DefaultOptions()
		mod(&o)
		_, err := grid.Allocators.New(grid.Approach2, o)
		if fe, ok := model.AsField(err); !ok || fe.Path != key {
			t.Errorf("bad %s: got %v", key, err)
		}
	}
	for _, name := range append(grid.Allocators.Names(), grid.Queues.Names()...) {
		_, ok1 := grid.Allocators.Summary(name)
		_, ok2 := grid.Queues.Summary(name)
		if !ok1 && !ok2 {
			t.Errorf("%s has no summary", name)
		}
	}
}

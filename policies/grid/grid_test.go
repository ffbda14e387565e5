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

// loc is a local job with an exact estimate.
func loc(at float64, site int, rt float64) gang.Arrival {
	return gang.Arrival{Time: at, Site: site, Size: 1, Runtime: rt, Estimate: rt}
}

// system is a system of approach 2, LGF, backfilling and the shortest
// queue routing fed by arr.
func system(t *testing.T, sites, procs int, arr ...gang.Arrival) *gang.System {
	t.Helper()
	alloc, _ := grid.Allocators.New(grid.Approach2, grid.DefaultOptions())
	queue, _ := grid.Queues.New(grid.LGF, struct{}{})
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
		{"2 free + 2 busy, size 3: never a mix, wait", alloc(t, grid.Approach1, nil),
			[]gang.Arrival{loc(0, 0, 9), loc(0, 0, 9), loc(0, 1, 9), loc(0, 1, 9)}, 3, 0, gang.Wait, nil, 0, 1},
		{"2 free + 2 busy, size 2: the free ones first", alloc(t, grid.Approach1, nil),
			[]gang.Arrival{loc(0, 0, 9), loc(0, 0, 9), loc(0, 1, 9), loc(0, 1, 9)}, 2, 0, gang.OneSite, []int{0, 1}, 0, 1},
		{"2 free + 2 busy, size 3: empty-queues mixes", alloc(t, grid.Approach1, func(o *grid.Options) { o.Dispatch = grid.DispatchEmptyQueues }),
			[]gang.Arrival{loc(0, 0, 9), loc(0, 0, 9), loc(0, 1, 9), loc(0, 1, 9)}, 3, 0, gang.OneSite, []int{0, 1}, 0, 1},
		{"too big for a site: step 0 waits", alloc(t, grid.Approach2, nil), []gang.Arrival{loc(0, 0, 9)}, 5, 0, gang.Wait, nil, 0, 2},
		{"split, most free site first", alloc(t, grid.Approach2, func(o *grid.Options) { o.Overhead = 0.3 }),
			[]gang.Arrival{loc(0, 0, 9)}, 5, 1, gang.Split, []int{1}, 0.3, 2},
		{"split needs enough free processors", alloc(t, grid.Approach2, nil), []gang.Arrival{loc(0, 0, 9), loc(0, 1, 9)}, 7, 1, gang.Wait, nil, 0, 2},
		{"approach 1 never splits", alloc(t, grid.Approach1, nil), nil, 5, 1, gang.Wait, nil, 0, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := system(t, 2, 4, c.arr...)
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

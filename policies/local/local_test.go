package local_test

import (
	"errors"
	"maps"
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

func TestDisciplines(t *testing.T) {
	cases := []struct {
		name      string
		threshold float64
		estimate  float64
		until     float64
		want      bool
	}{
		{"backfill", 0, 1.5, 1.5, true},
		{"backfill", 0, 1.5000000001, 1.5, false},
		{"backfill", 0, 0.1, 0, false},
		{"backfill", 0.5, 2, 1.5, true},
		{"backfill", 0.5, 2.0000000001, 1.5, false},
		{"fcfs", 0, 0.1, 1.5, false},
		{"fcfs", 10, 0.1, 1.5, false},
	}
	for _, c := range cases {
		d, err := local.Disciplines.New(c.name, local.Options{Threshold: c.threshold})
		if err != nil {
			t.Fatal(err)
		}
		if got := d.MayBackfill(c.estimate, c.until); got != c.want {
			t.Errorf("%s T=%v: MayBackfill(%v, %v) = %v, want %v", c.name, c.threshold, c.estimate, c.until, got, c.want)
		}
	}
}

// scripted routes the i-th local to procs[i].
type scripted struct {
	procs []int
	i     int
}

func (r *scripted) Route(*gang.View, int, float64) int {
	r.i++
	return r.procs[r.i-1]
}

func loc(at, rt float64) gang.Arrival {
	return gang.Arrival{Time: at, Site: 0, Size: 1, Runtime: rt, Estimate: rt}
}

// state runs one site of 3 processors to time 0.5 with the scripted
// routing, the given discipline and approach 1 (earliest queue pick,
// dispatch empty-queues, so that a gang may wait at an idle processor and
// a busy one together).
func state(t *testing.T, discipline string, route []int, arr ...gang.Arrival) *gang.View {
	t.Helper()
	o := grid.DefaultOptions()
	o.Dispatch = grid.DispatchEmptyQueues
	a, _ := grid.Allocators.New(grid.Approach1, o)
	q, _ := grid.Queues.New(grid.LGF, struct{}{})
	d, _ := local.Disciplines.New(discipline, local.Options{})
	s, err := gang.New(sim.NewFast(), gang.Config{Sites: 1, Processors: 3, Check: true},
		gang.Policies{Allocator: a, Queue: q, Local: d, Router: &scripted{procs: route}},
		&gang.SliceSource{Arrivals: arr}, rand.New(rand.NewPCG(5, 6)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Run(sim.Limit{Time: 0.5}); err != nil {
		t.Fatal(err)
	}
	return s.View()
}

// choices routes n jobs of the given estimate and returns the processors
// chosen, sorted and deduplicated.
func choices(t *testing.T, v *gang.View, by string, estimate float64) []int {
	t.Helper()
	r, err := local.Routers.New(local.ShortestName, local.Options{By: by})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for i := 0; i < 200; i++ {
		seen[r.Route(v, 0, estimate)] = true
	}
	return slices.Sorted(maps.Keys(seen))
}

func TestShortestQueue(t *testing.T) {
	// Processor 0 runs a local of 20 with nothing waiting; processors 1
	// and 2 run locals of 1 with a local of 0.5 waiting each. At 0.5: by
	// count processor 0 (0 waiting); by work 1 or 2 (1.0 each against
	// 19.5), at random; counting the running job, processor 0 again.
	busy := state(t, local.BackfillName, []int{0, 1, 2, 1, 2}, loc(0, 20), loc(0, 1), loc(0, 1), loc(0.1, 0.5), loc(0.1, 0.5))
	// Processors 0 and 1 run locals of 10; a gang of 2 (at 0.1) waits at
	// processor 2 (idle) and processor 0 (earliest end, index order). At
	// 0.5 the gang can start in 9.5.
	gangState := func(d string) *gang.View {
		return state(t, d, []int{0, 1}, loc(0, 10), loc(0, 10),
			gang.Arrival{Time: 0.1, Site: gang.GS, Size: 2, Runtime: 1, Estimate: 1})
	}
	held := gangState(local.BackfillName)
	heldFCFS := gangState(local.FCFSName)
	cases := []struct {
		name     string
		v        *gang.View
		by       string
		estimate float64
		want     []int
	}{
		{"count: fewest waiting", busy, local.ByCount, 1, []int{0}},
		{"work: least work, ties at random", busy, local.ByWork, 1, []int{1, 2}},
		{"count-all: fewest jobs", busy, local.ByCountAll, 1, []int{0}},
		{"backfill candidate starts now", held, local.ByCount, 9.5, []int{2}},
		{"no backfill: shortest by waiting count", held, local.ByCount, 9.6, []int{1}},
		{"no backfill: count-all ties a held processor", held, local.ByCountAll, 9.6, []int{1, 2}},
		{"fcfs never starts behind a gang", heldFCFS, local.ByCount, 1, []int{1}},
	}
	for _, c := range cases {
		if got := choices(t, c.v, c.by, c.estimate); !slices.Equal(got, c.want) {
			t.Errorf("%s: routed to %v, want %v", c.name, got, c.want)
		}
	}
	// All free: any processor, at random.
	free := state(t, local.BackfillName, nil)
	if got := choices(t, free, local.ByCount, 1); !slices.Equal(got, []int{0, 1, 2}) {
		t.Errorf("all free: routed to %v, want all three", got)
	}
}

func isField(err error, path string) bool {
	fe, ok := model.AsField(err)
	return ok && fe.Path == path
}

func TestRegistry(t *testing.T) {
	if got := local.Disciplines.Names(); !slices.Equal(got, []string{local.BackfillName, local.FCFSName}) {
		t.Errorf("disciplines %v", got)
	}
	if got := local.Routers.Names(); !slices.Equal(got, []string{local.ShortestName}) {
		t.Errorf("routers %v", got)
	}
	if _, err := local.Disciplines.New("easy", local.Options{}); !errors.Is(err, policies.ErrUnknownPolicy) {
		t.Errorf("unknown discipline: %v", err)
	}
	if _, err := local.Routers.New("random", local.Options{}); !errors.Is(err, policies.ErrUnknownPolicy) {
		t.Errorf("unknown router: %v", err)
	}
	if _, err := local.Disciplines.New(local.BackfillName, local.Options{Threshold: -1}); !isField(err, "threshold") {
		t.Errorf("negative threshold: %v", err)
	}
	if _, err := local.Routers.New(local.ShortestName, local.Options{By: "length"}); !isField(err, "by") {
		t.Errorf("bad measure: %v", err)
	}
	for _, n := range local.Disciplines.Names() {
		if _, ok := local.Disciplines.Summary(n); !ok {
			t.Errorf("%s has no summary", n)
		}
	}
	if _, ok := local.Routers.Summary(local.ShortestName); !ok {
		t.Error("shortest has no summary")
	}
}

package local_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/policies/grid"
	"github.com/schedsim/schedsim/policies/local"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/karatza"
)

// scanning wraps a router and, before every routing, checks the view's
// indexes (View.StartNow, View.FewestWaiting) against a scan of every
// processor with CanStartNow and QueueLen.
type scanning struct {
	t      *testing.T
	inner  gang.Router
	routed int
}

func (r *scanning) Route(v *gang.View, site int, estimate float64) int {
	var start, fewest []int
	least := -1
	for i := 0; i < v.Processors(); i++ {
		if v.CanStartNow(site, i, estimate) {
			start = append(start, i)
		}
		switch q := v.QueueLen(site, i); {
		case least < 0 || q < least:
			least, fewest = q, append(fewest[:0], i)
		case q == least:
			fewest = append(fewest, i)
		}
	}
	if got := members(v.Processors(), v.StartNow(site, estimate)); !slices.Equal(got, start) {
		r.t.Fatalf("routing %d at t=%v: StartNow = %v, the scan says %v", r.routed, v.Now(), got, start)
	}
	if got := members(v.Processors(), v.FewestWaiting(site)); !slices.Equal(got, fewest) {
		r.t.Fatalf("routing %d at t=%v: FewestWaiting = %v, the scan says %v", r.routed, v.Now(), got, fewest)
	}
	r.routed++
	return r.inner.Route(v, site, estimate)
}

// members lists a ProcSet by Nth and checks that Has agrees.
func members(n int, s gang.ProcSet) []int {
	var out []int
	for j := 0; j < s.Len(); j++ {
		out = append(out, s.Nth(j))
	}
	for i := 0; i < n; i++ {
		if s.Has(i) != slices.Contains(out, i) {
			return append(out, -1-i)
		}
	}
	return out
}

// The router's indexes name the processors a scan of all of them names,
// at every routing of checked runs: one and two 64-processor words,
// backfilling with and without a threshold and FCFS, exact and inexact
// estimates, at a load where queues grow.
func TestRouterIndexesMatchAScan(t *testing.T) {
	for _, procs := range []int{16, 70} {
		for _, disc := range []local.Options{{}, {Threshold: 0.5}, {Threshold: -1}} {
			name, o := local.BackfillName, disc
			if disc.Threshold < 0 {
				name, o = local.FCFSName, local.Options{}
			}
			for _, e := range []float64{0, 0.3} {
				t.Run(fmt.Sprintf("P=%d/%s/T=%v/E=%v", procs, name, o.Threshold, e), func(t *testing.T) {
					streams := sim.NewStreams(7, 0)
					gen, err := karatza.New(karatza.Config{Sites: 2, LocalRate: 0.8 * float64(procs), GangRate: 0.5,
						Sizes: karatza.UniformSizes(), ServiceMean: 1, EstimateError: e}, streams)
					if err != nil {
						t.Fatal(err)
					}
					alloc, _ := grid.Allocators.New(grid.Approach2, grid.DefaultOptions())
					queue, _ := grid.Queues.New(grid.LGF, struct{}{})
					d, err := local.Disciplines.New(name, o)
					if err != nil {
						t.Fatal(err)
					}
					inner, _ := local.Routers.New(local.ShortestName, local.Options{})
					r := &scanning{t: t, inner: inner}
					sys, err := gang.New(sim.NewFast(), gang.Config{Sites: 2, Processors: procs, CompletedJobs: 4000, Check: true},
						gang.Policies{Allocator: alloc, Queue: queue, Local: d, Router: r}, gen, streams.Rand("ties"), nil)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := sys.Run(sim.Limit{}); err != nil {
						t.Fatal(err)
					}
					if r.routed < 3000 {
						t.Fatalf("only %d routings", r.routed)
					}
				})
			}
		}
	}
}

package css

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
)

func firstFit(l *slot.List, r slot.Request) (slot.Window, bool, error) {
	var s slots.Searcher
	return s.Find(l, r, slots.AMPLimits(r), slots.EarliestStart)
}

// planFirstFit reserves, job by job in priority order, the earliest
// window on what the previous jobs left.
func planFirstFit(t *testing.T, l *slot.List, reqs []slot.Request) (*Timeline, []slot.Window) {
	t.Helper()
	free := NewTimeline(l)
	plan := make([]slot.Window, len(reqs))
	for i, r := range reqs {
		w, ok, err := firstFit(free.List(math.Inf(-1), nil), r)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		w.Sources = nil
		if err := free.Take(w); err != nil {
			t.Fatal(err)
		}
		plan[i] = w
	}
	return free, plan
}

func TestReplanProperties(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		l, reqs, _ := randomChoice(t, seed)
		free, plan := planFirstFit(t, l, reqs)
		r := rand.New(rand.NewPCG(seed, 1))
		actual := make([]float64, len(reqs))
		for i := range actual {
			actual[i] = 0.2 + 0.8*r.Float64()
		}
		got, err := Replan(free, reqs, plan, actual, firstFit)
		if err != nil {
			t.Fatal(err)
		}
		orig := NewTimeline(l)
		var all []slot.Window
		earlier := 0
		for i, w := range got {
			if len(plan[i].Slots) == 0 {
				if len(w.Slots) != 0 {
					t.Fatalf("seed %d: unscheduled job %d ran", seed, i)
				}
				continue
			}
			if w.Start > plan[i].Start {
				t.Fatalf("seed %d job %d: started at %v, planned %v", seed, i, w.Start, plan[i].Start)
			}
			if w.Start < plan[i].Start {
				earlier++
			}
			if !orig.Fits(w) {
				t.Fatalf("seed %d job %d: %v outside the free time", seed, i, w)
			}
			for _, p := range w.Slots {
				rt := reqs[i].Runtime(l.Nodes[p.Node].Performance)
				if math.Abs(p.Length()-actual[i]*rt) > 1e-9*rt {
					t.Fatalf("seed %d job %d: part %v, want actual %v × runtime %v", seed, i, p, actual[i], rt)
				}
			}
			all = append(all, w)
		}
		if err := slot.CheckDisjoint(all); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if seed == 1 && earlier == 0 {
			t.Fatal("no job started earlier: the test does not exercise re-planning")
		}
	}
}

func TestReplanWithExactEstimatesKeepsThePlan(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		l, reqs, _ := randomChoice(t, seed)
		free, plan := planFirstFit(t, l, reqs)
		ones := make([]float64, len(reqs))
		for i := range ones {
			ones[i] = 1
		}
		got, err := Replan(free, reqs, plan, ones, firstFit)
		if err != nil {
			t.Fatal(err)
		}
		for i := range plan {
			if got[i].Start != plan[i].Start || len(got[i].Slots) != len(plan[i].Slots) {
				t.Fatalf("seed %d job %d: %v, plan %v", seed, i, got[i], plan[i])
			}
		}
		kept := KeepPlan(plan, ones)
		for i := range plan {
			if kept[i].Start != plan[i].Start || kept[i].Cost != plan[i].Cost {
				t.Fatalf("keep plan changed job %d", i)
			}
		}
	}
}

package css

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
)

// planBackfill plans the batch by conservative backfilling and returns
// the free time left, the jobs and the planned windows.
func planBackfill(t *testing.T, l *slot.List, reqs []slot.Request) (*Timeline, []Job, []slot.Window) {
	t.Helper()
	jobs := make([]Job, len(reqs))
	for i, r := range reqs {
		jobs[i] = Job{Request: r, Criterion: Start}
	}
	var s Scheduler
	p, err := s.Backfill(l, jobs)
	if err != nil {
		t.Fatal(err)
	}
	plan := ChosenWindows(p)
	free := NewTimeline(l)
	for _, w := range plan {
		if len(w.Slots) > 0 {
			if err := free.Take(w); err != nil {
				t.Fatal(err)
			}
		}
	}
	return free, jobs, plan
}

func TestReplanProperties(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		l, reqs, _ := randomChoice(t, seed)
		free, jobs, plan := planBackfill(t, l, reqs)
		r := rand.New(rand.NewPCG(seed, 1))
		actual := make([]float64, len(reqs))
		for i := range actual {
			actual[i] = 0.2 + 0.8*r.Float64()
		}
		var search slots.Searcher
		got, err := Replan(&search, free, jobs, plan, actual)
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
		free, jobs, plan := planBackfill(t, l, reqs)
		ones := make([]float64, len(reqs))
		for i := range ones {
			ones[i] = 1
		}
		var search slots.Searcher
		got, err := Replan(&search, free, jobs, plan, ones)
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

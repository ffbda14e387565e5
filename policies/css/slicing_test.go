package css

import (
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// batch2014 returns a generated 2014 cycle as CSS jobs with their users'
// criteria.
func batch2014(t *testing.T, seed uint64, load float64) (*slot.List, []Job) {
	t.Helper()
	cfg := toporkov.DefaultCSS2014Config()
	cfg.Owners.Load = load
	g, err := toporkov.NewCSS2014Generator(cfg, sim.NewStreams(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	cy := g.Next()
	jobs := make([]Job, len(cy.Jobs))
	for i, j := range cy.Jobs {
		p, err := ParseProperty(j.Criterion)
		if err != nil {
			t.Fatal(err)
		}
		jobs[i] = Job{Request: j.Request, Criterion: p}
	}
	return cy.List, jobs
}

func TestSubBatches(t *testing.T) {
	got, err := SubBatches(20, 3)
	if err != nil {
		t.Fatal(err)
	}
	if want := [][2]int{{0, 7}, {7, 14}, {14, 20}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("20 jobs in 3: %v, want %v", got, want)
	}
	for _, k := range []int{0, -1, 21} {
		if _, err := SubBatches(20, k); err == nil {
			t.Errorf("k = %d accepted for a batch of 20", k)
		}
	}
	var s Scheduler
	l, jobs := batch2014(t, 1, 0.1)
	if _, err := Sliced(l, jobs, 21, MinProcScheduler(&s)); err == nil {
		t.Error("Sliced accepted k larger than the batch")
	}
	if _, err := Hybrid(&s, l, jobs, 21, MinProcScheduler(&s)); err == nil {
		t.Error("Hybrid accepted more CSS jobs than the batch")
	}
}

// TestSlicingOneIsCSS: cutting the batch into one sub-batch runs the
// general slicing path and must give exactly the unsliced plan.
func TestSlicingOneIsCSS(t *testing.T) {
	for seed := uint64(1); seed <= 15; seed++ {
		l, jobs := batch2014(t, seed, 0.2)
		var a, b Scheduler
		want, err := MinProcScheduler(&a)(l, jobs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Sliced(l, jobs, 1, MinProcScheduler(&b))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ChosenWindows(got), ChosenWindows(want)) || !reflect.DeepEqual(got.Chosen, want.Chosen) {
			t.Fatalf("seed %d: k = 1 differs from CSS", seed)
		}
	}
}

// TestHybridExtremes: N_CSS = N is the generalised scheme, N_CSS = 0 is
// backfilling, exactly.
func TestHybridExtremes(t *testing.T) {
	for seed := uint64(1); seed <= 15; seed++ {
		l, jobs := batch2014(t, seed, 0.2)
		var a, b, c, d Scheduler
		cssPlan, err := MinProcScheduler(&a)(l, jobs)
		if err != nil {
			t.Fatal(err)
		}
		all, err := Hybrid(&b, l, jobs, len(jobs), MinProcScheduler(&b))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ChosenWindows(all), ChosenWindows(cssPlan)) {
			t.Fatalf("seed %d: N_CSS = N differs from CSS", seed)
		}
		bf, err := c.Backfill(l, jobs)
		if err != nil {
			t.Fatal(err)
		}
		none, err := Hybrid(&d, l, jobs, 0, MinProcScheduler(&d))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(ChosenWindows(none), ChosenWindows(bf)) {
			t.Fatalf("seed %d: N_CSS = 0 differs from backfilling", seed)
		}
	}
}

// TestSlicedAndHybridPlansAreFeasible: for every k and N_CSS the chosen
// windows are valid for their jobs, lie in the free slots and never
// overlap, and every job of a sub-batch that found an alternative is
// chosen for.
func TestSlicedAndHybridPlansAreFeasible(t *testing.T) {
	check := func(name string, l *slot.List, jobs []Job, p Plan) {
		t.Helper()
		free := NewTimeline(l)
		var ws []slot.Window
		for i := range jobs {
			a, ok := p.Choice(i)
			if !ok {
				continue
			}
			if err := a.Window.Check(l.Nodes, jobs[i].Request); err != nil {
				t.Fatalf("%s job %d: %v", name, i, err)
			}
			if !free.Fits(a.Window) {
				t.Fatalf("%s job %d: window outside the free time", name, i)
			}
			if a.Cost > jobs[i].Request.Budget {
				t.Fatalf("%s job %d: cost %v above the budget %v", name, i, a.Cost, jobs[i].Request.Budget)
			}
			ws = append(ws, a.Window)
		}
		if err := slot.CheckDisjoint(ws); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	var s Scheduler
	sched := MinProcScheduler(&s)
	for seed := uint64(1); seed <= 5; seed++ {
		l, jobs := batch2014(t, seed, 0.3)
		for _, k := range []int{1, 2, 3, 5, 6, 10, 20} {
			p, err := Sliced(l, jobs, k, sched)
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Chosen) != len(jobs) {
				t.Fatalf("k = %d: %d jobs in the plan", k, len(p.Chosen))
			}
			for i := range jobs {
				if _, ok := p.Choice(i); !ok && len(p.Alternatives[i]) > 0 {
					t.Fatalf("k = %d: job %d has alternatives but none chosen", k, i)
				}
			}
			check("sliced", l, jobs, p)
		}
		for _, n := range []int{0, 5, 10, 15, 20} {
			p, err := Hybrid(&s, l, jobs, n, sched)
			if err != nil {
				t.Fatal(err)
			}
			check("hybrid", l, jobs, p)
		}
	}
}

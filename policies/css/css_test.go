package css

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// randomEnv returns nodes free on [0, interval) except for one owner job
// per node (returned as busy intervals), prices around 1.7^performance.
func randomEnv(rng *rand.Rand, nodes int, interval float64) (*slot.List, []slot.Slot) {
	var ns []slot.Node
	var free, busy []slot.Slot
	for n := 0; n < nodes; n++ {
		p := 2 + 8*rng.Float64()
		base := math.Pow(1.7, p)
		ns = append(ns, slot.Node{Performance: p, BasePrice: base, Price: base * (0.6 + 0.8*rng.Float64())})
		owner := interval * 0.1 * rng.Float64()
		at := rng.Float64() * (interval - owner)
		busy = append(busy, slot.Slot{Node: n, Start: at, End: at + owner})
		if at > 0 {
			free = append(free, slot.Slot{Node: n, Start: 0, End: at})
		}
		if at+owner < interval {
			free = append(free, slot.Slot{Node: n, Start: at + owner, End: interval})
		}
	}
	l, err := slot.NewList(ns, free)
	if err != nil {
		panic(err)
	}
	return l, busy
}

func randomJobs(rng *rand.Rand, n, maxNodes int) []Job {
	jobs := make([]Job, n)
	for i := range jobs {
		crit := Runtime
		if rng.IntN(2) == 0 {
			crit = Cost
		}
		jobs[i] = Job{
			Request:     slot.Request{Nodes: 1 + rng.IntN(maxNodes), Length: 100 + 400*rng.Float64()},
			Criterion:   crit,
			PriceFactor: 0.8 + 0.8*rng.Float64(),
		}
	}
	return jobs
}

// checkFeasible runs CheckPlan and verifies that no chosen window touches
// an owner's busy interval.
func checkFeasible(t *testing.T, l *slot.List, busy []slot.Slot, jobs []Job, p Plan) {
	t.Helper()
	if err := CheckPlan(l, jobs, p); err != nil {
		t.Fatal(err)
	}
	for i := range jobs {
		if a, ok := p.Choice(i); ok {
			for _, s := range a.Window.Slots {
				for _, b := range busy {
					if s.Overlaps(b) {
						t.Fatalf("job %d uses owner time %+v", i, b)
					}
				}
			}
		}
	}
}

// bruteChoose enumerates every choice and returns the best objective total
// whose mean constrained value is within the limit.
func bruteChoose(alts [][]Alternative, p Problem) (best float64, ok bool) {
	idx := make([]int, len(alts))
	for {
		z, g := 0.0, 0.0
		for i, k := range idx {
			z += alts[i][k].Value(p.Constraint)
			g += alts[i][k].Value(p.Objective)
		}
		if z/float64(len(alts)) <= p.Limit+1e-9 && (!ok || p.Maximize && g > best || !p.Maximize && g < best) {
			best, ok = g, true
		}
		i := len(idx) - 1
		for ; i >= 0; i-- {
			if idx[i]++; idx[i] < len(alts[i]) {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return best, ok
		}
	}
}

// TestChooseEqualsBruteForce: the DP optimum of C → max, lim Ua equals
// exhaustive search on small batches, for utility limits 0 … 100%, and
// so does U → min, lim T.
func TestChooseEqualsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var c Chooser
	for iter := 0; iter < 4000; iter++ {
		alts := make([][]Alternative, 1+rng.IntN(5))
		for i := range alts {
			alts[i] = make([]Alternative, 1+rng.IntN(5))
			for k := range alts[i] {
				a := Alternative{Cost: 500 + 1500*rng.Float64(), Runtime: 20 + 80*rng.Float64()}
				if iter%3 == 0 { // integers make ties
					a.Cost, a.Runtime = float64(rng.IntN(5)), float64(rng.IntN(5))
				}
				alts[i][k] = a
			}
			SetUtilities(alts[i], Cost)
		}
		problems := []Problem{
			CostMaxUtilityLimit([]float64{0, 10, 30, 100}[iter%4]),
			{Objective: Utility, Constraint: Runtime, Limit: 30 + 40*rng.Float64()},
		}
		for _, p := range problems {
			chosen, ok, err := c.Choose(alts, p)
			if err != nil {
				t.Fatal(err)
			}
			want, wantOK := bruteChoose(alts, p)
			if ok != wantOK {
				t.Fatalf("iter %d %v: feasible %v, exhaustive %v", iter, p, ok, wantOK)
			}
			if !ok {
				continue
			}
			got, z := 0.0, 0.0
			for i, k := range chosen {
				got += alts[i][k].Value(p.Objective)
				z += alts[i][k].Value(p.Constraint)
			}
			if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) || z/float64(len(alts)) > p.Limit+1e-6 {
				t.Fatalf("iter %d %v: objective %v (mean constraint %v), exhaustive %v", iter, p, got, z/float64(len(alts)), want)
			}
		}
	}
}

func TestUtility(t *testing.T) {
	for _, c := range []struct{ z, lo, hi, want float64 }{
		{10, 10, 20, 0}, {20, 10, 20, 100}, {12.5, 10, 20, 25}, {5, 10, 20, 0}, {30, 10, 20, 100}, {7, 7, 7, 0},
	} {
		if got := UserUtility(c.z, c.lo, c.hi); got != c.want {
			t.Errorf("UserUtility(%v, %v, %v) = %v, want %v", c.z, c.lo, c.hi, got, c.want)
		}
	}
	alts := []Alternative{{Cost: 30}, {Cost: 10}, {Cost: 20}}
	SetUtilities(alts, Cost)
	if alts[0].Utility != 100 || alts[1].Utility != 0 || alts[2].Utility != 50 {
		t.Errorf("utilities %v %v %v", alts[0].Utility, alts[1].Utility, alts[2].Utility)
	}
	if u := UtilityIn(Alternative{Cost: 25}, alts, Cost); u != 75 {
		t.Errorf("UtilityIn = %v", u)
	}
}

// TestScheduleProperties runs CSS on random environments: every
// alternative and every choice is a valid window in free time within the
// price limits, no two alternatives overlap (so neither do the chosen
// ones), owners' time is never used, Ua ≤ lim, lim 0 gives every job its
// best alternative, and the total cost grows with the limit.
func TestScheduleProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var s Scheduler
	scheduled := 0
	for iter := 0; iter < 60; iter++ {
		l, busy := randomEnv(rng, 8+rng.IntN(12), 800)
		jobs := randomJobs(rng, 3+rng.IntN(10), 4)
		alts, err := s.Alternatives(l, jobs)
		if err != nil {
			t.Fatal(err)
		}
		var all []slot.Window
		for i, ja := range alts {
			for _, a := range ja {
				all = append(all, a.Window)
				checkFeasible(t, l, busy, jobs[i:i+1], Plan{Alternatives: [][]Alternative{{a}}, Chosen: []int{0}})
			}
		}
		if err := slot.CheckDisjoint(all); err != nil {
			t.Fatalf("iter %d: alternatives overlap: %v", iter, err)
		}
		prevCost := math.Inf(-1)
		for _, lim := range []float64{0, 10, 100} {
			plan, err := s.Choose(alts, CostMaxUtilityLimit(lim))
			if err != nil {
				t.Fatal(err)
			}
			checkFeasible(t, l, busy, jobs, plan)
			withAlts := 0
			for i := range jobs {
				if len(alts[i]) > 0 {
					withAlts++
				}
				if _, ok := plan.Choice(i); ok != (len(alts[i]) > 0) {
					t.Fatalf("iter %d job %d: chosen %v with %d alternatives", iter, i, ok, len(alts[i]))
				}
			}
			if plan.Scheduled() != withAlts {
				t.Fatalf("iter %d: %d scheduled of %d", iter, plan.Scheduled(), withAlts)
			}
			if withAlts == 0 {
				continue
			}
			scheduled += withAlts
			if ua := plan.Mean(Utility); ua > lim+1e-9 {
				t.Fatalf("iter %d lim %v: Ua = %v", iter, lim, ua)
			}
			cost := plan.Mean(Cost)
			if cost < prevCost-1e-9*cost {
				t.Fatalf("iter %d: mean cost %v at lim %v below %v at a tighter limit", iter, cost, lim, prevCost)
			}
			prevCost = cost
		}
	}
	if scheduled < 500 {
		t.Errorf("only %d jobs scheduled", scheduled)
	}
}

// TestBackfillIsConservative: on a hand-made list, jobs go in queue order
// to their earliest windows, a later small job backfills an earlier gap,
// and no reservation is delayed by a later job.
func TestBackfillIsConservative(t *testing.T) {
	nodes := []slot.Node{{Performance: 1, Price: 1}, {Performance: 1, Price: 2}, {Performance: 1, Price: 3}}
	// node 0 free on [0, 50) and [100, 1000); nodes 1, 2 free on [0, 1000).
	l, err := slot.NewList(nodes, []slot.Slot{
		{Node: 0, Start: 0, End: 50}, {Node: 0, Start: 100, End: 1000},
		{Node: 1, Start: 0, End: 1000}, {Node: 2, Start: 0, End: 1000},
	})
	if err != nil {
		t.Fatal(err)
	}
	jobs := []Job{
		{Request: slot.Request{Nodes: 3, Length: 100}, Criterion: Cost},    // all three nodes: from 100
		{Request: slot.Request{Nodes: 2, Length: 100}, Criterion: Runtime}, // nodes 1 and 2 are free on [0, 100)
		{Request: slot.Request{Nodes: 1, Length: 40}, Criterion: Cost},     // node 0's gap [0, 50)
		{Request: slot.Request{Nodes: 3, Length: 10}, Criterion: Cost},     // after job 0: 200
	}
	var s Scheduler
	plan, err := s.Backfill(l, jobs)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		start float64
		nodes []int
	}{{100, []int{0, 1, 2}}, {0, []int{1, 2}}, {0, []int{0}}, {200, []int{0, 1, 2}}}
	for i, w := range want {
		a, ok := plan.Choice(i)
		if !ok || a.Start != w.start || a.Window.Len() != len(w.nodes) {
			t.Fatalf("job %d: %+v (ok %v), want start %v on %v", i, a.Window, ok, w.start, w.nodes)
		}
		used := map[int]bool{}
		for _, sl := range a.Window.Slots {
			used[sl.Node] = true
		}
		for _, n := range w.nodes {
			if !used[n] {
				t.Fatalf("job %d: nodes %+v, want %v", i, a.Window.Slots, w.nodes)
			}
		}
	}
	checkFeasible(t, l, nil, jobs, plan)
}

// TestBadInput: unknown criteria, negative price factors and invalid
// requests are errors naming the job; jobs that cannot run (more nodes
// than exist, no free time) simply get no alternative.
func TestBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	l, _ := randomEnv(rng, 4, 800)
	var s Scheduler
	ok := Job{Request: slot.Request{Nodes: 1, Length: 100}, Criterion: Cost}
	for name, bad := range map[string]Job{
		"unknown criterion":     {Request: ok.Request, Criterion: Property(42)},
		"utility criterion":     {Request: ok.Request, Criterion: Utility},
		"negative price factor": {Request: ok.Request, Criterion: Cost, PriceFactor: -1},
		"negative budget":       {Request: slot.Request{Nodes: 1, Length: 100, Budget: -5}, Criterion: Cost},
		"zero nodes":            {Request: slot.Request{Nodes: 0, Length: 100}, Criterion: Cost},
	} {
		for _, run := range []func() error{
			func() error { _, err := s.Alternatives(l, []Job{ok, bad}); return err },
			func() error { _, err := s.Schedule(l, []Job{ok, bad}, CostMaxUtilityLimit(10)); return err },
			func() error { _, err := s.Backfill(l, []Job{ok, bad}); return err },
		} {
			err := run()
			if !errors.Is(err, ErrBadJob) || err.Error()[:5] != "job 1" {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
	if _, err := s.Schedule(l, []Job{ok}, Problem{Objective: Cost, Constraint: Utility, Limit: -1}); !errors.Is(err, ErrBadProblem) {
		t.Errorf("negative limit: %v", err)
	}
	if _, err := s.Schedule(l, []Job{ok}, Problem{Objective: Cost, Constraint: Utility, Limit: math.NaN()}); !errors.Is(err, ErrBadProblem) {
		t.Errorf("NaN limit: %v", err)
	}
	if _, err := ParseProperty("speed"); err == nil {
		t.Error("unknown property parsed")
	}
	// a job wider than the platform, an empty interval, a price no node
	// meets: no alternative, the others are scheduled.
	wide := Job{Request: slot.Request{Nodes: 5, Length: 100}, Criterion: Runtime}
	poor := Job{Request: slot.Request{Nodes: 1, Length: 100}, Criterion: Cost, PriceFactor: 0.01}
	for _, env := range []*slot.List{l, {Nodes: l.Nodes}} {
		plan, err := s.Schedule(env, []Job{wide, ok, poor}, CostMaxUtilityLimit(10))
		if err != nil {
			t.Fatal(err)
		}
		if _, got := plan.Choice(0); got {
			t.Error("a job wider than the platform was scheduled")
		}
		if _, got := plan.Choice(2); got {
			t.Error("a job that pays 1% of the market price was scheduled")
		}
		if _, got := plan.Choice(1); got != (env.Len() > 0) {
			t.Errorf("job 1 scheduled %v on %d slots", got, env.Len())
		}
		bf, err := s.Backfill(env, []Job{wide, ok, poor})
		if err != nil || bf.Scheduled() != plan.Scheduled() {
			t.Errorf("backfill scheduled %d, CSS %d (%v)", bf.Scheduled(), plan.Scheduled(), err)
		}
	}
}

// TestCheckPlanCanFail: overlapping choices, a window outside the free
// slots and a broken price limit are caught.
func TestCheckPlanCanFail(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	l, _ := randomEnv(rng, 6, 800)
	jobs := []Job{{Request: slot.Request{Nodes: 2, Length: 100}, Criterion: Cost}, {Request: slot.Request{Nodes: 2, Length: 100}, Criterion: Cost}}
	var s Scheduler
	alts, err := s.Alternatives(l, jobs[:1])
	if err != nil || len(alts[0]) < 2 {
		t.Fatalf("%v %d", err, len(alts[0]))
	}
	same := Plan{Alternatives: [][]Alternative{alts[0], alts[0]}, Chosen: []int{0, 0}}
	if err := CheckPlan(l, jobs, same); err == nil {
		t.Error("one window chosen for two jobs passed")
	}
	outside := alts[0][0]
	outside.Window.Slots = append([]slot.Slot(nil), outside.Window.Slots...)
	outside.Window.Start += 1e6
	for k := range outside.Window.Slots {
		outside.Window.Slots[k].Start += 1e6
		outside.Window.Slots[k].End += 1e6
	}
	if err := CheckPlan(l, jobs[:1], Plan{Alternatives: [][]Alternative{{outside}}, Chosen: []int{0}}); err == nil {
		t.Error("a window outside the free slots passed")
	}
	if err := CheckPlan(l, jobs[:1], Plan{Alternatives: [][]Alternative{alts[0]}, Chosen: []int{0}}); err != nil {
		t.Fatal(err)
	}
	poor := []Job{jobs[0]}
	poor[0].PriceFactor = 1e-3
	if err := CheckPlan(l, poor, Plan{Alternatives: [][]Alternative{alts[0]}, Chosen: []int{0}}); err == nil {
		t.Error("a broken price factor passed")
	}
}

package anticipation

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/policies/slots"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// randomEnv returns a domain of the anticipation paper's generator with
// the given nodes and interval and up to 10% owner load.
func randomEnv(rng *rand.Rand, nodes int, interval float64) *slot.List {
	cfg := toporkov.DefaultDomainConfig()
	cfg.Nodes, cfg.Interval, cfg.OwnerLoad = nodes, interval, toporkov.FloatRange{Min: 0, Max: 0.1}
	g, err := toporkov.NewDomainGenerator(cfg, sim.NewStreams(rng.Uint64(), 0))
	if err != nil {
		panic(err)
	}
	l, _ := g.NextList(g.NextNodes())
	return l
}

func randomJobs(rng *rand.Rand, n int) []css.Job {
	jobs := make([]css.Job, n)
	for i := range jobs {
		jobs[i] = css.Job{
			Request:     slot.Request{Nodes: 1 + rng.IntN(4), Length: 100 + 400*rng.Float64()},
			Criterion:   []css.Property{css.Runtime, css.Cost}[rng.IntN(2)],
			PriceFactor: 0.8 + 0.8*rng.Float64(),
		}
	}
	return jobs
}

func simil(d Distance, terms ...css.Property) Similarity {
	return Similarity{Terms: terms, Distance: d, Floor: 1}
}

func TestDistances(t *testing.T) {
	ref := css.Alternative{Cost: 100, ProcTime: 50, Start: 0}
	can := css.Alternative{Cost: 130, ProcTime: 10, Start: 5}
	// E_C = 0.3, E_T = 0.8, E_S = 5 / max(0, 1) = 5.
	for _, c := range []struct {
		s    Similarity
		want float64
	}{
		{simil(Linear, css.Cost, css.ProcTime), 1.1},
		{simil(Geometric, css.Cost, css.ProcTime), math.Sqrt(0.09 + 0.64)},
		{simil(Geometric, css.Cost, css.ProcTime, css.Start), math.Sqrt(0.09 + 0.64 + 25)},
	} {
		if got := c.s.Of(can, ref); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%v %v: %v, want %v", c.s.Distance, c.s.Terms, got, c.want)
		}
	}
	for _, bad := range []Similarity{{}, simil(Linear, css.Utility), {Terms: []css.Property{css.Cost}, Distance: 7, Floor: 1}, {Terms: []css.Property{css.Cost}}} {
		if err := bad.Validate(); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if _, err := ParseDistance("manhattan"); err == nil {
		t.Error("unknown distance parsed")
	}
}

// TestEmptyConflictSetIsReproducedExactly: when the reference windows of
// ANT do not overlap, the replication (with the start term, trying the
// reference's start) places every job exactly in its reference window,
// with either distance.
func TestEmptyConflictSetIsReproducedExactly(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	compared, batches := 0, 0
	for iter := 0; iter < 200; iter++ {
		l := randomEnv(rng, 10+rng.IntN(10), 800)
		jobs := randomJobs(rng, 1+rng.IntN(4))
		for _, d := range []Distance{Linear, Geometric} {
			s := Scheduler{Problem: css.CostMaxUtilityLimit(10), Similarity: simil(d, css.Cost, css.ProcTime, css.Start)}
			s.Similarity.AtReferenceStart = true
			ref, plan, err := s.Schedule(l, jobs, nil)
			if err != nil {
				t.Fatal(err)
			}
			refs, has := References(ref)
			var ws []slot.Window
			for i := range refs {
				if has[i] {
					ws = append(ws, refs[i].Window)
				}
			}
			if slot.CheckDisjoint(ws) != nil {
				continue // a conflict: replication must differ somewhere
			}
			batches++
			for i := range jobs {
				a, ok := plan.Choice(i)
				if ok != has[i] {
					t.Fatalf("iter %d job %d: placed %v, reference %v", iter, i, ok, has[i])
				}
				if !ok {
					continue
				}
				compared++
				if a.Start != refs[i].Start || !sameNodes(a.Window, refs[i].Window) {
					t.Fatalf("iter %d job %d %v: replicated %+v, reference %+v", iter, i, d, a.Window, refs[i].Window)
				}
			}
		}
	}
	if batches < 50 || compared < 100 {
		t.Errorf("only %d conflict-free batches, %d windows compared", batches, compared)
	}
}

// TestAnticipationIsFeasible: ANT's schedule is a valid, non-overlapping
// schedule in free time within price limits; a batch of one job (no
// conflict) reproduces its reference exactly; every job that has an
// ideal alternative gets a reference.
func TestAnticipationIsFeasible(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, d := range []Distance{Linear, Geometric} {
		s := Scheduler{Problem: css.CostMaxUtilityLimit(10), Similarity: simil(d, css.Cost, css.ProcTime)}
		placed := 0
		for iter := 0; iter < 30; iter++ {
			l := randomEnv(rng, 8+rng.IntN(12), 800)
			jobs := randomJobs(rng, 1+rng.IntN(12))
			ref, plan, err := s.Schedule(l, jobs, nil)
			if err != nil {
				t.Fatal(err)
			}
			if err := css.CheckPlan(l, jobs, plan); err != nil {
				t.Fatalf("iter %d: %v", iter, err)
			}
			if ua := ref.Mean(css.Utility); ua > 10+1e-9 {
				t.Fatalf("iter %d: reference Ua %v", iter, ua)
			}
			for i := range jobs {
				_, hasRef := ref.Choice(i)
				if hasRef != (len(ref.Alternatives[i]) > 0) {
					t.Fatalf("iter %d job %d: reference %v with %d ideal alternatives", iter, i, hasRef, len(ref.Alternatives[i]))
				}
				if a, ok := plan.Choice(i); ok {
					placed++
					if a.Utility < 0 || a.Utility > 100 {
						t.Fatalf("utility %v", a.Utility)
					}
				}
			}
			one := jobs[:1]
			ref1, plan1, err := s.Schedule(l, one, nil)
			if err != nil {
				t.Fatal(err)
			}
			a, ok := plan1.Choice(0)
			b, refOK := ref1.Choice(0)
			if ok != refOK || ok && (math.Abs(a.Cost-b.Cost) > 1e-9*b.Cost || math.Abs(a.ProcTime-b.ProcTime) > 1e-9*b.ProcTime) {
				t.Fatalf("iter %d: one job replicated as %+v, reference %+v", iter, a, b)
			}
		}
		if placed < 100 {
			t.Errorf("%v: only %d jobs placed", d, placed)
		}
	}
}

func TestBadInput(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	l := randomEnv(rng, 4, 800)
	jobs := randomJobs(rng, 2)
	s := Scheduler{Problem: css.CostMaxUtilityLimit(10), Similarity: simil(Linear, css.Cost)}
	if _, _, err := s.Schedule(l, jobs, []float64{1}); err == nil {
		t.Error("reference starts of the wrong length accepted")
	}
	bad := append([]css.Job(nil), jobs...)
	bad[1].Criterion = css.Utility
	if _, _, err := s.Schedule(l, bad, nil); err == nil {
		t.Error("a utility criterion accepted")
	}
	var r Replicator
	if _, err := r.Replicate(l, jobs, nil, nil, s.Similarity); err == nil {
		t.Error("missing references accepted")
	}
	if _, err := r.Replicate(l, jobs, make([]css.Alternative, 2), nil, Similarity{}); err == nil {
		t.Error("an empty similarity accepted")
	}
	// an empty interval: nothing is placed, no error.
	ref, plan, err := s.Schedule(&slot.List{Nodes: l.Nodes}, jobs, nil)
	if err != nil || ref.Scheduled() != 0 || plan.Scheduled() != 0 {
		t.Errorf("empty interval: %d %d %v", ref.Scheduled(), plan.Scheduled(), err)
	}
}

func sameNodes(a, b slot.Window) bool {
	in := map[int]bool{}
	for _, s := range a.Slots {
		in[s.Node] = true
	}
	for _, s := range b.Slots {
		if !in[s.Node] {
			return false
		}
	}
	return len(a.Slots) == len(b.Slots)
}

// TestReplicatingAFeasiblePlan: a CSS plan has no conflict, so replicating
// it with the start term at the reference starts gives it back exactly.
func TestReplicatingAFeasiblePlan(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	var cs css.Scheduler
	var r Replicator
	compared := 0
	for iter := 0; iter < 40; iter++ {
		l := randomEnv(rng, 8+rng.IntN(10), 800)
		jobs := randomJobs(rng, 2+rng.IntN(8))
		ref, err := cs.Schedule(l, jobs, css.CostMaxUtilityLimit(10))
		if err != nil {
			t.Fatal(err)
		}
		refs, has := References(ref)
		exact := simil(Linear, css.Cost, css.ProcTime, css.Start)
		exact.AtReferenceStart = true
		plan, err := r.Replicate(l, jobs, refs, has, exact)
		if err != nil {
			t.Fatal(err)
		}
		if err := css.CheckPlan(l, jobs, plan); err != nil {
			t.Fatal(err)
		}
		for i := range jobs {
			a, ok := plan.Choice(i)
			if ok != has[i] || ok && (a.Start != refs[i].Start || !sameNodes(a.Window, refs[i].Window)) {
				t.Fatalf("iter %d job %d: replicated %+v (%v), reference %+v", iter, i, a.Window, ok, refs[i].Window)
			}
			if ok {
				compared++
			}
		}
	}
	if compared < 100 {
		t.Errorf("only %d windows compared", compared)
	}
}

// TestCriterionSkipsOnlyWhatCannotWin: the replication criterion's
// shortcuts (new windows only, start-error bound) find the same window
// as comparing every window at every position.
func TestCriterionSkipsOnlyWhatCannotWin(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	var s slots.Searcher
	for iter := 0; iter < 300; iter++ {
		l := randomEnv(rng, 6+rng.IntN(20), 800)
		j := randomJobs(rng, 1)[0]
		ref := css.Alternative{Start: 800 * rng.Float64(), Cost: 500 + 5000*rng.Float64(), ProcTime: 50 + 400*rng.Float64(), Runtime: 10 + 100*rng.Float64()}
		ref.Finish = ref.Start + ref.Runtime
		for _, sm := range []Similarity{simil(Linear, css.Cost, css.ProcTime), simil(Geometric, css.Cost, css.ProcTime, css.Start), simil(Linear, css.Runtime, css.Finish)} {
			fast := newCriterion(sm, ref)
			full := newCriterion(sm, ref)
			full.full = true
			a, okA, err := s.Find(l, j.Request, j.Limits(), fast)
			if err != nil {
				t.Fatal(err)
			}
			wa := append([]slot.Slot(nil), a.Slots...)
			b, okB, err := s.Find(l, j.Request, j.Limits(), full)
			if err != nil {
				t.Fatal(err)
			}
			if okA != okB || okA && (a.Start != b.Start || !sameNodes(slot.Window{Slots: wa}, b)) {
				t.Fatalf("iter %d %v: shortcut %v %+v, full %v %+v", iter, sm.Terms, okA, wa, okB, b)
			}
			var r Replicator // with the warm-up search for a start term
			c, okC, err := r.find(l, j, ref, sm)
			if err != nil {
				t.Fatal(err)
			}
			if okC != okB || okC && (c.Start != b.Start || !sameNodes(c, b)) {
				t.Fatalf("iter %d %v: warmed-up %v %+v, full %v %+v", iter, sm.Terms, okC, c, okB, b)
			}
		}
	}
}

// TestLowerBoundNeverExceedsADistance: the lower bound of the distance
// is at most the distance of the window the full comparison finds, and
// the search that stops at it finds that window, also for references
// that are real windows of the list (where the bound is reached).
func TestLowerBoundNeverExceedsADistance(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	var s slots.Searcher
	stopped := 0
	for iter := 0; iter < 300; iter++ {
		l := randomEnv(rng, 6+rng.IntN(20), 800)
		j := randomJobs(rng, 1)[0]
		ref := css.Alternative{Start: 800 * rng.Float64(), Cost: 5000 * rng.Float64(), ProcTime: 400 * rng.Float64(), Runtime: 100 * rng.Float64()}
		if iter%2 == 0 { // a window of the list itself: distance 0 is reachable
			w, ok, err := s.Find(l, j.Request, j.Limits(), slots.LowestCost)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				ref = css.NewAlternative(slot.Window{Start: w.Start, Slots: append([]slot.Slot(nil), w.Slots...), Cost: w.Cost})
			}
		}
		ref.Finish = ref.Start + ref.Runtime
		for _, sm := range []Similarity{simil(Linear, css.Cost, css.ProcTime), simil(Geometric, css.Cost, css.ProcTime, css.Runtime), simil(Geometric, css.Cost, css.ProcTime, css.Start)} {
			full := newCriterion(sm, ref)
			full.full = true
			_, bound := full.lowerBound(l, j, nil)
			b, okB, err := s.Find(l, j.Request, j.Limits(), full)
			if err != nil {
				t.Fatal(err)
			}
			wb := append([]slot.Slot(nil), b.Slots...)
			if okB && full.best < bound {
				t.Fatalf("iter %d %v: bound %v above the best distance %v", iter, sm.Terms, bound, full.best)
			}
			var r Replicator
			c, okC, err := r.find(l, j, ref, sm)
			if err != nil {
				t.Fatal(err)
			}
			if okC != okB || okC && (c.Start != b.Start || !sameNodes(c, slot.Window{Slots: wb})) {
				t.Fatalf("iter %d %v: bounded %v %+v, full %v %+v", iter, sm.Terms, okC, c, okB, wb)
			}
			if okC && r.crit.best <= r.crit.bound {
				stopped++
			}
		}
	}
	if stopped < 50 {
		t.Errorf("the bound stopped only %d searches", stopped)
	}
}

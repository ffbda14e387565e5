package slots

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// valid returns the free slots usable by r in a window starting at t,
// as the definition says (not as the scan computes it).
func valid(l *slot.List, r slot.Request, lim Limits, t float64) []Candidate {
	var out []Candidate
	for _, s := range l.Slots {
		n := l.Nodes[s.Node]
		rt := r.Runtime(n.Performance)
		if s.Start <= t && t+rt <= s.End && r.Accepts(n) && n.Price <= lim.MaxSlotPrice && n.Price*rt <= lim.Budget {
			out = append(out, Candidate{Slot: s, Runtime: rt, Cost: n.Price * rt})
		}
	}
	return out
}

// bruteEarliest returns the earliest start of a window for r: the first
// slot start at which some N candidates on distinct nodes fit the budget.
func bruteEarliest(l *slot.List, r slot.Request, lim Limits) (float64, bool) {
	for _, s := range l.Slots {
		cs := valid(l, r, lim, s.Start)
		slices.SortStableFunc(cs, func(a, b Candidate) int { return cmpF(a.Cost, b.Cost) })
		sum, k := 0.0, 0
		seen := map[int]bool{}
		for _, c := range cs {
			if k == r.Nodes || seen[c.Slot.Node] {
				continue
			}
			seen[c.Slot.Node] = true
			sum += c.Cost
			k++
		}
		if k == r.Nodes && sum <= lim.Budget {
			return s.Start, true
		}
	}
	return 0, false
}

func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// smallList is a random list of a few nodes with one to three slots each.
func smallList(rng *rand.Rand, nodes int, integerPerf bool) *slot.List {
	l := &slot.List{}
	for n := 0; n < nodes; n++ {
		perf := 1 + rng.Float64()*2
		if integerPerf {
			perf = float64(1 + rng.IntN(3))
		}
		l.Nodes = append(l.Nodes, slot.Node{Performance: perf, Price: math.Pow(1.7, perf) * (0.75 + rng.Float64()/2)})
		t := rng.Float64() * 40
		for k := 0; k < 1+rng.IntN(3); k++ {
			length := 10 + rng.Float64()*120
			l.Slots = append(l.Slots, slot.Slot{Node: n, Start: t, End: t + length})
			t += length + rng.Float64()*30
		}
	}
	l.Sort()
	return l
}

func smallJob(rng *rand.Rand, maxNodes int) slot.Request {
	return slot.Request{Nodes: 1 + rng.IntN(maxNodes), Length: 20 + rng.Float64()*100, MinPerformance: 1 + rng.Float64(), MaxPrice: 1.5 + rng.Float64()*3}
}

func TestALPAndAMPFindTheEarliestWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	found := [2]int{}
	for iter := 0; iter < 4000; iter++ {
		l := smallList(rng, 2+rng.IntN(8), iter%2 == 0)
		r := smallJob(rng, 4)
		for m, method := range []Method{MethodALP, MethodAMP} {
			lim := method.Limits(r)
			w, ok, err := (&Searcher{}).Find(l, r, lim, EarliestStart)
			if err != nil {
				t.Fatal(err)
			}
			want, wantOK := bruteEarliest(l, r, lim)
			if ok != wantOK || ok && w.Start != want {
				t.Fatalf("iter %d %s: found %v at %v, brute force %v at %v\nlist %+v\njob %+v", iter, method.Name, ok, w.Start, wantOK, want, l, r)
			}
			if ok {
				found[m]++
				checkWindow(t, l, r, method, w)
			}
		}
	}
	if found[0] < 500 || found[1] < found[0] {
		t.Errorf("windows found: ALP %d, AMP %d (the test needs many)", found[0], found[1])
	}
}

// checkWindow asserts the window properties every found window must have.
func checkWindow(t *testing.T, l *slot.List, r slot.Request, m Method, w slot.Window) {
	t.Helper()
	if err := w.Check(l.Nodes, r); err != nil {
		t.Fatalf("%s: %v", m.Name, err)
	}
	if err := slot.CheckWithin(l, w); err != nil {
		t.Fatalf("%s: %v", m.Name, err)
	}
	switch m.Name {
	case "alp":
		if p := w.MaxPrice(l.Nodes); p > r.MaxPrice {
			t.Fatalf("ALP window with a slot price %v > C = %v", p, r.MaxPrice)
		}
	case "amp":
		if w.Cost > r.JobBudget() {
			t.Fatalf("AMP window cost %v > S = %v", w.Cost, r.JobBudget())
		}
	}
}

// bruteBest enumerates every window (every start, every N-subset of
// candidates on distinct nodes) and returns the best score per criterion
// (start, finish, runtime, cost).
func bruteBest(l *slot.List, r slot.Request, lim Limits) (best [4]float64, ok bool) {
	for i := range best {
		best[i] = math.Inf(1)
	}
	for _, s := range l.Slots {
		cs := valid(l, r, lim, s.Start)
		var rec func(from, k int, nodes map[int]bool, cost, rt float64)
		rec = func(from, k int, nodes map[int]bool, cost, rt float64) {
			if k == r.Nodes {
				if cost <= lim.Budget {
					ok = true
					score := [4]float64{s.Start, s.Start + rt, rt, cost}
					for i := range best {
						best[i] = math.Min(best[i], score[i])
					}
				}
				return
			}
			for i := from; i < len(cs); i++ {
				c := cs[i]
				if nodes[c.Slot.Node] {
					continue
				}
				nodes[c.Slot.Node] = true
				rec(i+1, k+1, nodes, cost+c.Cost, math.Max(rt, c.Runtime))
				delete(nodes, c.Slot.Node)
			}
		}
		rec(0, 0, map[int]bool{}, 0, 0)
	}
	return best, ok
}

func TestAEPCriteriaMatchExhaustiveSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	crits := Criteria()
	hits := 0
	for iter := 0; iter < 3000; iter++ {
		l := smallList(rng, 2+rng.IntN(6), iter%3 == 0)
		r := smallJob(rng, 3)
		lims := []Limits{ALPLimits(r), AMPLimits(r), NoLimits(r), {MaxSlotPrice: 4, Budget: r.JobBudget() * 0.8}}
		lim := lims[iter%len(lims)]
		res, err := AEP(l, r, lim, crits...)
		if err != nil {
			t.Fatal(err)
		}
		want, ok := bruteBest(l, r, lim)
		for k, c := range crits {
			if res[k].Found != ok {
				t.Fatalf("iter %d %s: found %v, exhaustive %v", iter, c.Name(), res[k].Found, ok)
			}
			if !ok {
				continue
			}
			hits++
			w := res[k].Window
			if err := w.Check(l.Nodes, r); err != nil {
				t.Fatalf("iter %d %s: %v", iter, c.Name(), err)
			}
			got := [4]float64{w.Start, w.Finish(), w.Time(), w.Cost}[k]
			if math.Abs(got-want[k]) > 1e-9*math.Max(1, math.Abs(want[k])) || math.Abs(res[k].Score-got) > 1e-9*math.Max(1, got) {
				t.Fatalf("iter %d %s: window scores %v (reported %v), exhaustive best %v", iter, c.Name(), got, res[k].Score, want[k])
			}
			if w.Cost > lim.Budget || w.MaxPrice(l.Nodes) > lim.MaxSlotPrice {
				t.Fatalf("iter %d %s: limits broken", iter, c.Name())
			}
		}
	}
	if hits < 2000 {
		t.Errorf("only %d windows compared", hits)
	}
}

// naiveAlternatives is the batch alternatives search written directly
// from the paper, without the scan hints.
func naiveAlternatives(l *slot.List, jobs []slot.Request, m Method) [][]slot.Window {
	alts := make([][]slot.Window, len(jobs))
	for {
		found := false
		for i, j := range jobs {
			w, ok, err := (&Searcher{}).Find(l, j, m.Limits(j), m.Criterion)
			if err != nil {
				panic(err)
			}
			if ok {
				if err := l.Subtract(w); err != nil {
					panic(err)
				}
				alts[i] = append(alts[i], w)
				found = true
			}
		}
		if !found {
			return alts
		}
	}
}

// TestAlternativesProperties runs the alternatives search on thousands of
// generated cycles (both performance readings, both runtime models) and
// checks every window and the cycle's invariants.
func TestAlternativesProperties(t *testing.T) {
	configs := []func(c *toporkov.Config){
		func(c *toporkov.Config) {},
		func(c *toporkov.Config) {
			c.Slots.PerformanceValues, c.Jobs.MinPerformanceValues = toporkov.ValuesInteger, toporkov.ValuesInteger
		},
		func(c *toporkov.Config) { c.Jobs.Scaling = slot.ScaleRelative; c.Jobs.MaxPrice = 4 },
		func(c *toporkov.Config) { c.Slots.Count = toporkov.IntRange{Min: 5, Max: 30}; c.Jobs.Nodes.Max = 8 },
		// C below the largest price per unit of work: AMP's budget binds.
		func(c *toporkov.Config) { c.Jobs.MaxPrice = 1.6; c.Slots.PriceSpread = 0.5 },
	}
	total := [2]int{}
	var s Searcher
	for ci, f := range configs {
		cfg := toporkov.DefaultConfig()
		f(&cfg)
		g, err := toporkov.NewGenerator(cfg, sim.NewStreams(11, ci))
		if err != nil {
			t.Fatal(err)
		}
		for cycle := 0; cycle < 600; cycle++ {
			l, jobs, _ := g.Next()
			for m, method := range []Method{MethodALP, MethodAMP} {
				work := l.Clone()
				alts, err := s.Alternatives(work, jobs, method, 0)
				if err != nil {
					t.Fatal(err)
				}
				var all []slot.Window
				for j, jw := range alts {
					for _, w := range jw {
						checkWindow(t, l, jobs[j], method, w)
						all = append(all, w)
					}
				}
				total[m] += len(all)
				if err := slot.CheckDisjoint(all); err != nil {
					t.Fatalf("config %d cycle %d %s: %v", ci, cycle, method.Name, err)
				}
				if err := slot.CheckConservation(l, work, all); err != nil {
					t.Fatalf("config %d cycle %d %s: %v", ci, cycle, method.Name, err)
				}
				if err := work.Validate(); err != nil {
					t.Fatalf("config %d cycle %d %s: %v", ci, cycle, method.Name, err)
				}
				// no job can get one more window: the search ran to the end.
				for _, j := range jobs {
					if _, ok, _ := s.Find(work, j, method.Limits(j), method.Criterion); ok {
						t.Fatalf("config %d cycle %d %s: a window is left", ci, cycle, method.Name)
					}
				}
				// the scan hints change nothing.
				if cycle%4 == 0 {
					naive := naiveAlternatives(l.Clone(), jobs, method)
					for j := range alts {
						if len(alts[j]) != len(naive[j]) {
							t.Fatalf("config %d cycle %d %s job %d: %d alternatives, naive search %d", ci, cycle, method.Name, j, len(alts[j]), len(naive[j]))
						}
						for k := range alts[j] {
							a, b := alts[j][k], naive[j][k]
							if a.Start != b.Start || a.Cost != b.Cost || !slices.Equal(a.Slots, b.Slots) {
								t.Fatalf("config %d cycle %d %s: windows differ from the naive search", ci, cycle, method.Name)
							}
						}
					}
				}
			}
		}
	}
	if total[0] < 10000 || total[1] < 2*total[0] {
		t.Errorf("alternatives checked: ALP %d, AMP %d", total[0], total[1])
	}
}

// TestAlternativesReuseOldLongSlots is a case where a later alternative
// needs a slot that started long before the job's previous window: the
// scan hints must not skip it.
func TestAlternativesReuseOldLongSlots(t *testing.T) {
	nodes := []slot.Node{{Performance: 1, Price: 5}, {Performance: 1, Price: 2}, {Performance: 1, Price: 2}, {Performance: 1, Price: 0.5}}
	l, err := slot.NewList(nodes, []slot.Slot{
		{Node: 0, Start: 0, End: 300},   // old, long, expensive
		{Node: 1, Start: 100, End: 110}, // with node 0: 70 > S = 60
		{Node: 2, Start: 100, End: 110}, // nodes 1+2: 40 ≤ S, the first window
		{Node: 3, Start: 250, End: 265}, // with node 0: 55 ≤ S, the second
	})
	if err != nil {
		t.Fatal(err)
	}
	job := slot.Request{Nodes: 2, Length: 10, MinPerformance: 1, MaxPrice: 3}
	alts, err := FindAlternatives(l.Clone(), []slot.Request{job}, MethodAMP)
	if err != nil {
		t.Fatal(err)
	}
	if len(alts[0]) != 2 || alts[0][0].Start != 100 || alts[0][1].Start != 250 || alts[0][1].Slots[0].Node != 0 && alts[0][1].Slots[1].Node != 0 {
		t.Fatalf("alternatives %+v", alts[0])
	}
}

func TestBadInputNeverPanics(t *testing.T) {
	nodes := []slot.Node{{Performance: 1, Price: 1}, {Performance: 2, Price: 2}}
	l, err := slot.NewList(nodes, []slot.Slot{{Node: 0, Start: 0, End: 100}, {Node: 1, Start: 0, End: 100}})
	if err != nil {
		t.Fatal(err)
	}
	job := slot.Request{Nodes: 1, Length: 10, MinPerformance: 1, MaxPrice: 5}
	var s Searcher

	// more nodes than exist: no alternative, no error.
	big := job
	big.Nodes = 3
	alts, err := s.Alternatives(l.Clone(), []slot.Request{big, job}, MethodAMP, 0)
	if err != nil || len(alts[0]) != 0 || len(alts[1]) == 0 {
		t.Fatalf("too many nodes: err %v, alternatives %d and %d", err, len(alts[0]), len(alts[1]))
	}
	// an empty list: no alternative.
	for _, m := range []Method{MethodALP, MethodAMP} {
		alts, err := s.Alternatives(&slot.List{}, []slot.Request{job}, m, 0)
		if err != nil || len(alts[0]) != 0 {
			t.Fatalf("%s on an empty list: %v %v", m.Name, err, alts)
		}
	}
	// negative length or price: an error naming the job.
	for _, bad := range []slot.Request{{Nodes: 1, Length: -5, MaxPrice: 1}, {Nodes: 1, Length: 5, MaxPrice: -1}, {Nodes: 0, Length: 5}, {Nodes: 1, Length: math.NaN()}} {
		if _, err := s.Alternatives(l.Clone(), []slot.Request{job, bad}, MethodALP, 0); !errors.Is(err, slot.ErrBadRequest) {
			t.Errorf("%+v: err = %v", bad, err)
		}
		if _, _, err := ALP(l, bad); err == nil {
			t.Errorf("ALP accepted %+v", bad)
		}
	}
	// a slot on a node that does not exist (a list built by hand).
	broken := &slot.List{Nodes: nodes, Slots: []slot.Slot{{Node: 5, Start: 0, End: 10}}}
	if _, _, err := AMP(broken, job); !errors.Is(err, slot.ErrInvalidList) {
		t.Errorf("slot on a missing node: %v", err)
	}
	// the same in the ranked sweep (nodes of distinct costs, see rankTable)
	for _, c := range []Criterion{EarliestStart, EarliestFinish, ShortestRuntime, LowestCost} {
		search := []JobSearch{{Limits: Limits{MaxSlotPrice: 5, Budget: 100}, Criterion: c}}
		ranked := []slot.Node{{Performance: 1, Price: 1}, {Performance: 2, Price: 3}}
		err := s.AlternativesEach(&slot.List{Nodes: ranked, Slots: slices.Clone(broken.Slots)}, []slot.Request{job}, search, 1, func(int, slot.Window) {})
		if !errors.Is(err, slot.ErrInvalidList) {
			t.Errorf("%T, slot on a missing node: %v", c, err)
		}
	}
	// NaN or negative limits.
	if _, err := AEP(l, job, Limits{MaxSlotPrice: math.NaN(), Budget: 1}, EarliestStart); !errors.Is(err, ErrBadLimits) {
		t.Errorf("NaN limit: %v", err)
	}
	if _, err := AEP(l, job, Limits{MaxSlotPrice: 1, Budget: -1}, EarliestStart); !errors.Is(err, ErrBadLimits) {
		t.Errorf("negative budget: %v", err)
	}
	// a method without a criterion.
	if _, err := s.Alternatives(l.Clone(), []slot.Request{job}, Method{Name: "x"}, 0); err == nil {
		t.Error("method without criterion accepted")
	}
	// overlapping slots of one node (invalid list built by hand): still no
	// window uses the node twice.
	ov := &slot.List{Nodes: nodes[:1], Slots: []slot.Slot{{Node: 0, Start: 0, End: 50}, {Node: 0, Start: 1, End: 60}}}
	two := slot.Request{Nodes: 2, Length: 10, MaxPrice: 5}
	if _, ok, err := AMP(ov, two); ok || err != nil {
		t.Errorf("a node used twice: ok %v err %v", ok, err)
	}
}

func TestCriterionByName(t *testing.T) {
	for _, c := range Criteria() {
		got, ok := CriterionByName(c.Name())
		if !ok || got != c {
			t.Errorf("%s not found", c.Name())
		}
	}
	if _, ok := CriterionByName("fastest"); ok {
		t.Error("unknown name found")
	}
}

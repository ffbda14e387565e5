package slots

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// TestSolveEqualsOptimize checks the general DP on pairs against Optimize
// on the same (time, cost) values.
func TestSolveEqualsOptimize(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var w DP
	for iter := 0; iter < 3000; iter++ {
		alts := randomAlts(rng)
		pairs := make([][]Pair, len(alts))
		for i, ja := range alts {
			for _, a := range ja {
				pairs[i] = append(pairs[i], Pair{Constrained: a.Time, Objective: a.Cost})
			}
		}
		limit := TimeLimit(alts, RoundNone) * (0.8 + 0.4*rng.Float64())
		maximize := rng.IntN(2) == 0
		want, wantOK, err := Optimize(alts, Cost, maximize, Time, limit)
		if err != nil {
			t.Fatal(err)
		}
		got, ok, err := w.Solve(pairs, maximize, limit)
		if err != nil || ok != wantOK || ok && !slices.Equal(got, want.Index) {
			t.Fatalf("iter %d: Solve %v %v %v, Optimize %v %v", iter, got, ok, err, want.Index, wantOK)
		}
	}
	if _, _, err := w.Solve([][]Pair{{{Constrained: -1, Objective: 1}}}, false, 1); err == nil {
		t.Error("a negative constrained value accepted")
	}
	if _, _, err := w.Solve([][]Pair{{{Constrained: 1, Objective: math.Inf(1)}}}, false, 1); err == nil {
		t.Error("an infinite objective accepted")
	}
	if idx, ok, err := w.Solve(nil, true, 0); !ok || err != nil || len(idx) != 0 {
		t.Errorf("no jobs: %v %v %v", idx, ok, err)
	}
}

// TestScanEachEmitsEveryStartsBest checks ScanEach against Scan: every
// emitted window is valid and free on the list, the starts increase, and
// the best emitted score is Scan's best.
func TestScanEachEmitsEveryStartsBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	var s Searcher
	emitted := 0
	for iter := 0; iter < 2000; iter++ {
		l := smallList(rng, 2+rng.IntN(8), iter%2 == 0)
		r := smallJob(rng, 4)
		for _, c := range Criteria() {
			res, err := s.Scan(l, r, NoLimits(r), c)
			if err != nil {
				t.Fatal(err)
			}
			want := res[0]
			best, found, last := math.Inf(1), false, math.Inf(-1)
			err = s.ScanEach(l, r, NoLimits(r), c, func(w slot.Window, score float64) {
				emitted++
				if err := w.Check(l.Nodes, r); err != nil {
					t.Fatalf("iter %d %s: %v", iter, c.Name(), err)
				}
				if err := slot.CheckWithin(l, w); err != nil {
					t.Fatalf("iter %d %s: %v", iter, c.Name(), err)
				}
				if !(w.Start > last) {
					t.Fatalf("iter %d %s: start %v after %v", iter, c.Name(), w.Start, last)
				}
				last = w.Start
				found = true
				best = math.Min(best, score)
			})
			if err != nil {
				t.Fatal(err)
			}
			if found != want.Found || found && best != want.Score {
				t.Fatalf("iter %d %s: ScanEach best %v (%v), Scan %v (%v)", iter, c.Name(), best, found, want.Score, want.Found)
			}
		}
	}
	if emitted == 0 {
		t.Fatal("no window emitted")
	}
}

func TestMaxPriceFactor(t *testing.T) {
	nodes := []slot.Node{{Performance: 1, Price: 2, BasePrice: 1}, {Performance: 1, Price: 1}}
	l, err := slot.NewList(nodes, []slot.Slot{{Node: 0, Start: 0, End: 100}, {Node: 1, Start: 10, End: 100}})
	if err != nil {
		t.Fatal(err)
	}
	r := slot.Request{Nodes: 1, Length: 10}
	for _, c := range []struct {
		factor float64
		start  float64
	}{{0, 0}, {2, 0}, {1.9, 10}, {1, 10}} {
		lim := NoLimits(r)
		lim.MaxPriceFactor = c.factor
		w, ok, err := (&Searcher{}).Find(l, r, lim, EarliestStart)
		if err != nil || !ok || w.Start != c.start {
			t.Errorf("factor %v: start %v ok %v err %v, want %v", c.factor, w.Start, ok, err, c.start)
		}
	}
	lim := NoLimits(r)
	lim.MaxPriceFactor = 0.5 // only discounted nodes: none
	if _, ok, err := (&Searcher{}).Find(l, r, lim, EarliestStart); ok || err != nil {
		t.Errorf("factor 0.5: ok %v err %v", ok, err)
	}
	lim.MaxPriceFactor = math.NaN()
	if _, _, err := (&Searcher{}).Find(l, r, lim, EarliestStart); err == nil {
		t.Error("NaN factor accepted")
	}
	if err := (slot.Node{Performance: 1, Price: 1, BasePrice: -1}).Validate(); err == nil {
		t.Error("negative base price accepted")
	}
}

// TestAlternativesEachUsesEachJobsCriterion checks that the per-job search
// with one criterion for every job is the method search, and that mixed
// criteria give disjoint windows that pass the invariant check.
func TestAlternativesEachUsesEachJobsCriterion(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	var s Searcher
	for iter := 0; iter < 300; iter++ {
		l := smallList(rng, 4+rng.IntN(8), false)
		jobs := []slot.Request{smallJob(rng, 3), smallJob(rng, 3), smallJob(rng, 2)}
		m := Method{Name: "cost", Limits: AMPLimits, Criterion: LowestCost}
		want, err := s.Alternatives(l.Clone(), jobs, m, 0)
		if err != nil {
			t.Fatal(err)
		}
		same := make([]JobSearch, len(jobs))
		mixed := make([]JobSearch, len(jobs))
		for i, j := range jobs {
			same[i] = JobSearch{Limits: AMPLimits(j), Criterion: LowestCost}
			mixed[i] = JobSearch{Limits: AMPLimits(j), Criterion: Criteria()[(i+iter)%4]}
		}
		got := make([][]slot.Window, len(jobs))
		if err := s.AlternativesEach(l.Clone(), jobs, same, 0, func(j int, w slot.Window) { got[j] = append(got[j], w) }); err != nil {
			t.Fatal(err)
		}
		for j := range jobs {
			if len(got[j]) != len(want[j]) {
				t.Fatalf("iter %d job %d: %d alternatives, method search %d", iter, j, len(got[j]), len(want[j]))
			}
			for k := range got[j] {
				if got[j][k].Start != want[j][k].Start || got[j][k].Cost != want[j][k].Cost {
					t.Fatalf("iter %d job %d alternative %d differs", iter, j, k)
				}
			}
		}
		after := l.Clone()
		ws := make([][]slot.Window, len(jobs))
		if err := s.AlternativesEach(after, jobs, mixed, 0, func(j int, w slot.Window) { ws[j] = append(ws[j], w) }); err != nil {
			t.Fatal(err)
		}
		if err := CheckAlternatives(l, after, jobs, m, ws); err != nil {
			t.Fatalf("iter %d: %v", iter, err)
		}
	}
	if err := s.AlternativesEach(&slot.List{}, []slot.Request{{Nodes: 1, Length: 1}}, nil, 0, nil); err == nil {
		t.Error("searches of the wrong length accepted")
	}
	if err := s.AlternativesEach(&slot.List{}, []slot.Request{{Nodes: 1, Length: 1}}, []JobSearch{{}}, 0, nil); err == nil {
		t.Error("a search without criterion accepted")
	}
}

// nearStart picks the n cheapest candidates and scores a window by the
// distance of its start to target.
type nearStart struct{ target float64 }

func (nearStart) Name() string      { return "near" }
func (nearStart) StopAtFirst() bool { return false }
func (c nearStart) Pick(start float64, n int, budget float64, cands []Candidate, buf []int) (float64, []int, bool) {
	_, chosen, ok := EarliestStart.Pick(start, n, budget, cands, buf)
	return math.Abs(start - c.target), chosen, ok
}

// TestFindAtAlsoTriesTheGivenStart: with a criterion that wants a window
// at a given time, FindAt finds one there exactly when one exists
// (exhaustively), and otherwise what Scan finds.
func TestFindAtAlsoTriesTheGivenStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 28))
	var s Searcher
	probed := 0
	for iter := 0; iter < 3000; iter++ {
		l := smallList(rng, 2+rng.IntN(8), iter%2 == 0)
		r := smallJob(rng, 4)
		lim := NoLimits(r)
		at := rng.Float64() * 200
		c := nearStart{at}
		res, err := s.Scan(l, r, lim, c)
		if err != nil {
			t.Fatal(err)
		}
		want, found := res[0].Score, res[0].Found
		if len(valid(l, r, lim, at)) >= r.Nodes {
			want, found = 0, true
			probed++
		}
		w, ok, err := s.FindAt(l, r, lim, c, at)
		if err != nil {
			t.Fatal(err)
		}
		if ok != found || ok && math.Abs(w.Start-at) != want {
			t.Fatalf("iter %d: FindAt at %v (%v), want distance %v (%v)", iter, w.Start, ok, want, found)
		}
		if ok {
			if err := w.Check(l.Nodes, r); err != nil {
				t.Fatal(err)
			}
			if err := slot.CheckWithin(l, w); err != nil {
				t.Fatal(err)
			}
		}
	}
	if probed < 300 {
		t.Errorf("a window at the given start existed only %d times", probed)
	}
	if _, _, err := s.FindAt(&slot.List{}, slot.Request{Nodes: 1, Length: 1}, Limits{}, LowestCost, math.NaN()); err == nil {
		t.Error("a NaN start accepted")
	}
}

// TestBoundsKeepTheDPExact: on batches too large for brute force, the
// DP with its shortcuts (the free optimum, the LP and Lagrangian bounds
// against a rounded incumbent) finds the same optimum as the plain
// Pareto DP, for utility-like constrained values (some jobs' values on a
// line, as cost criteria give) and for random ones.
func TestBoundsKeepTheDPExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 30))
	var fast, plain DP
	plain.noBound = true
	for iter := 0; iter < 400; iter++ {
		n := 5 + rng.IntN(30)
		pairs := make([][]Pair, n)
		total := 0.0
		for i := range pairs {
			k := 1 + rng.IntN(8)
			linear := rng.IntN(2) == 0
			lo, hi := 100+1000*rng.Float64(), 0.0
			hi = lo + 500*rng.Float64()
			for a := 0; a < k; a++ {
				g := lo + (hi-lo)*rng.Float64()
				z := 100 * rng.Float64()
				if linear {
					z = 100 * (g - lo) / (hi - lo)
				}
				if iter%4 == 0 {
					g, z = float64(rng.IntN(5)), float64(rng.IntN(5))
				}
				pairs[i] = append(pairs[i], Pair{Constrained: z, Objective: g})
			}
			total += 50
		}
		maximize := rng.IntN(4) != 0
		limit := total * rng.Float64() * 0.4
		a, okA, err := fast.Solve(pairs, maximize, limit)
		if err != nil {
			t.Fatal(err)
		}
		ia := append([]int(nil), a...)
		b, okB, err := plain.Solve(pairs, maximize, limit)
		if err != nil {
			t.Fatal(err)
		}
		if okA != okB {
			t.Fatalf("iter %d: feasible %v, plain %v", iter, okA, okB)
		}
		if !okA {
			continue
		}
		ga, gb := 0.0, 0.0
		za := 0.0
		for i := range pairs {
			ga += pairs[i][ia[i]].Objective
			za += pairs[i][ia[i]].Constrained
			gb += pairs[i][b[i]].Objective
		}
		if math.Abs(ga-gb) > 1e-9*math.Max(1, math.Abs(gb)) || za > limit {
			t.Fatalf("iter %d (n %d, max %v): objective %v (z %v), plain DP %v", iter, n, maximize, ga, za, gb)
		}
	}
}

// TestBoundSurvivesRounding: a batch of the ALP/AMP experiment whose
// time limit T* equals its least total time, with alternatives whose
// times differ in the last bits: the bounded DP must still find the
// richest choice within T* (it once pruned it on the rounding of the
// partial sums).
func TestBoundSurvivesRounding(t *testing.T) {
	a := [][]Alt{{{Time: 32.54498852477538, Cost: 124.86423640368913}, {Time: 32.54498852477537, Cost: 124.86423640368913}, {Time: 32.54498852477538, Cost: 124.86423640368913}, {Time: 32.54498852477538, Cost: 124.86423640368913}, {Time: 32.54498852477539, Cost: 124.86423640368913}, {Time: 32.54498852477536, Cost: 124.86423640368913}, {Time: 33.163063544787406, Cost: 122.02073056825448}, {Time: 33.163063544787406, Cost: 129.84073258837873}, {Time: 33.163063544787406, Cost: 129.84073258837873}}, {{Time: 47.98440567938779, Cost: 203.17974377468954}, {Time: 47.984405679387805, Cost: 203.18307603416952}}, {{Time: 128.99387065230457, Cost: 1266.9012677461305}}, {{Time: 65.45604541023161, Cost: 142.50776324396526}, {Time: 64.11916728049471, Cost: 134.65646257442617}, {Time: 65.45604541023164, Cost: 142.50776324396526}, {Time: 64.11916728049468, Cost: 134.65646257442617}, {Time: 64.15998211064306, Cost: 151.2211634601025}, {Time: 64.15998211064306, Cost: 151.2211634601025}, {Time: 64.15998211064311, Cost: 151.2211634601025}, {Time: 64.15998211064311, Cost: 151.2211634601025}}}
	var w DP
	fastest, ok, err := w.Optimize(a, Time, false, Time, math.Inf(1))
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	plain := DP{noBound: true}
	want, _, _ := plain.Optimize(a, Cost, true, Time, fastest.Time)
	got, ok, err := w.Optimize(a, Cost, true, Time, fastest.Time)
	if err != nil || !ok || got.Cost != want.Cost {
		t.Fatalf("richest within T*: %+v %v %v, plain DP %+v", got, ok, err, want)
	}
}

// TestFindInKeepsToTheSpan: FindIn over all times is Find, and a span
// gives the best window starting inside it.
func TestFindInKeepsToTheSpan(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	var s Searcher
	for iter := 0; iter < 2000; iter++ {
		l := smallList(rng, 2+rng.IntN(8), iter%2 == 0)
		r := smallJob(rng, 4)
		c := Criteria()[iter%4]
		want, wantOK, _ := s.Find(l, r, NoLimits(r), c)
		got, ok, err := s.FindIn(l, r, NoLimits(r), c, math.Inf(-1), math.Inf(1), math.NaN())
		if err != nil || ok != wantOK || ok && (got.Start != want.Start || got.Cost != want.Cost) {
			t.Fatalf("iter %d: FindIn %v %v %v, Find %v %v", iter, got.Start, ok, err, want.Start, wantOK)
		}
		from := rng.Float64() * 150
		to := from + rng.Float64()*100
		in, ok, err := s.FindIn(l, r, NoLimits(r), c, from, to, math.NaN())
		if err != nil || ok && (in.Start < from || in.Start > to) {
			t.Fatalf("iter %d: start %v outside [%v, %v] (%v)", iter, in.Start, from, to, err)
		}
		if ok {
			if err := slot.CheckWithin(l, in); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, _, err := s.FindIn(&slot.List{}, slot.Request{Nodes: 1, Length: 1}, Limits{}, LowestCost, math.NaN(), 1, math.NaN()); err == nil {
		t.Error("a NaN bound accepted")
	}
}

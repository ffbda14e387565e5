package slots

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// brute enumerates every choice of one alternative per job, summing in job
// order as Optimize does, and returns the best objective under the limit.
func brute(alts [][]Alt, objective Measure, maximize bool, constraint Measure, limit float64) (best float64, ok bool) {
	idx := make([]int, len(alts))
	for _, ja := range alts {
		if len(ja) == 0 {
			return 0, false
		}
	}
	for {
		z, g := 0.0, 0.0
		for i, k := range idx {
			z += constraint.of(alts[i][k])
			g += objective.of(alts[i][k])
		}
		if z <= limit && (!ok || maximize && g > best || !maximize && g < best) {
			best, ok = g, true
		}
		i := len(idx) - 1
		for ; i >= 0; i-- {
			idx[i]++
			if idx[i] < len(alts[i]) {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return best, ok
		}
	}
}

func randomAlts(rng *rand.Rand) [][]Alt {
	alts := make([][]Alt, 1+rng.IntN(5))
	integer := rng.IntN(2) == 0 // integer values make ties
	for i := range alts {
		alts[i] = make([]Alt, 1+rng.IntN(6))
		for k := range alts[i] {
			a := Alt{Time: 10 + rng.Float64()*90, Cost: 50 + rng.Float64()*450}
			if integer {
				a = Alt{Time: float64(1 + rng.IntN(8)), Cost: float64(1 + rng.IntN(8))}
			}
			alts[i][k] = a
		}
	}
	return alts
}

func TestOptimizeEqualsBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	feasible, infeasible := 0, 0
	for iter := 0; iter < 20000; iter++ {
		alts := randomAlts(rng)
		objective := Measure(rng.IntN(2))
		constraint := 1 - objective
		if rng.IntN(5) == 0 {
			constraint = objective
		}
		maximize := rng.IntN(3) == 0
		// a limit around the range of possible totals, sometimes exactly
		// a total (ties at the limit).
		lo, hi := 0.0, 0.0
		for _, ja := range alts {
			mn, mx := math.Inf(1), 0.0
			for _, a := range ja {
				mn, mx = math.Min(mn, constraint.of(a)), math.Max(mx, constraint.of(a))
			}
			lo, hi = lo+mn, hi+mx
		}
		limit := lo - 1 + rng.Float64()*(hi-lo+2)
		if rng.IntN(4) == 0 {
			limit = 0
			for _, ja := range alts {
				limit += constraint.of(ja[rng.IntN(len(ja))])
			}
		}
		ch, ok, err := Optimize(alts, objective, maximize, constraint, limit)
		if err != nil {
			t.Fatal(err)
		}
		want, wantOK := brute(alts, objective, maximize, constraint, limit)
		if ok != wantOK {
			t.Fatalf("iter %d: feasible %v, brute force %v (limit %v, alts %v)", iter, ok, wantOK, limit, alts)
		}
		if !ok {
			infeasible++
			continue
		}
		feasible++
		got := objective.of(Alt{Time: ch.Time, Cost: ch.Cost})
		if got != want {
			t.Fatalf("iter %d: objective %v, brute force %v (maximize %v, %v ≤ %v, alts %v)", iter, got, want, maximize, constraint, limit, alts)
		}
		z, tt, cc := 0.0, 0.0, 0.0
		for i, k := range ch.Index {
			z += constraint.of(alts[i][k])
			tt += alts[i][k].Time
			cc += alts[i][k].Cost
		}
		if z > limit || tt != ch.Time || cc != ch.Cost {
			t.Fatalf("iter %d: choice %v breaks the limit or its totals", iter, ch)
		}
	}
	if feasible < 5000 || infeasible < 500 {
		t.Errorf("feasible %d, infeasible %d: the test needs both", feasible, infeasible)
	}
}

func TestOptimizeBadValues(t *testing.T) {
	for _, a := range []Alt{{Time: -1, Cost: 1}, {Time: 1, Cost: math.NaN()}, {Time: math.Inf(1), Cost: 1}} {
		if _, _, err := Optimize([][]Alt{{a}}, Time, false, Cost, 10); !errors.Is(err, ErrBadAlternative) {
			t.Errorf("%v: err = %v", a, err)
		}
	}
	if _, _, err := Optimize([][]Alt{{{1, 1}}}, Time, false, Cost, math.NaN()); err == nil {
		t.Error("NaN limit accepted")
	}
	if _, ok, err := Optimize([][]Alt{{{1, 1}}, {}}, Time, false, Cost, 10); ok || err != nil {
		t.Error("a job without alternatives has a choice")
	}
	if ch, ok, _ := Optimize(nil, Time, false, Cost, 10); !ok || len(ch.Index) != 0 {
		t.Error("an empty batch has the empty choice")
	}
}

func TestTimeLimitFormula2(t *testing.T) {
	alts := [][]Alt{
		{{Time: 10}, {Time: 15}, {Time: 21}}, // mean 15.33, terms 3.33 5 7
		{{Time: 7.5}},                        // mean 7.5
	}
	if got := TimeLimit(alts, RoundMeanFloor); got != 15+7 {
		t.Errorf("mean-floor T* = %v, want 22", got)
	}
	if got := TimeLimit(alts, RoundTermFloor); got != 3+5+7+7 {
		t.Errorf("term-floor T* = %v, want 22", got)
	}
	if got := TimeLimit(alts, RoundNone); math.Abs(got-(46.0/3+7.5)) > 1e-12 {
		t.Errorf("unrounded T* = %v", got)
	}
	many := [][]Alt{make([]Alt, 40)}
	for k := range many[0] {
		many[0][k] = Alt{Time: 30 + float64(k%5)}
	}
	if got := TimeLimit(many, RoundTermFloor); got != 0 {
		t.Errorf("term-floor with 40 alternatives of 30–34: %v (every term floors to 0)", got)
	}
	if !RoundMeanFloor.Valid() || !Rounding("").Valid() || Rounding("ceil").Valid() {
		t.Error("Valid")
	}
}

func TestChooseBatch(t *testing.T) {
	alts := [][]Alt{
		{{Time: 10, Cost: 100}, {Time: 20, Cost: 60}, {Time: 30, Cost: 40}},
		{{Time: 5, Cost: 80}, {Time: 9, Cost: 30}},
	}
	bc, ok, err := ChooseBatch(alts, RoundMeanFloor)
	if err != nil || !ok {
		t.Fatal(ok, err)
	}
	// T* = ⌊20⌋ + ⌊7⌋ = 27; within 27: 10+5 (cost 180), 10+9 (130),
	// 20+5 (140); the richest is 180.
	if bc.TStar != 27 || bc.TStarRaised || bc.BStar != 180 {
		t.Errorf("T* %v raised %v B* %v", bc.TStar, bc.TStarRaised, bc.BStar)
	}
	// least time under B* = 180: 10+5 → 15.
	if bc.MinTime.Time != 15 || bc.MinTime.Cost != 180 {
		t.Errorf("min time %+v", bc.MinTime)
	}
	// least cost within T* = 27: 10+9 (130), 20+5 (140) → 130.
	if bc.MinCost.Cost != 130 || bc.MinCost.Time != 19 {
		t.Errorf("min cost %+v", bc.MinCost)
	}
	// all alternatives equal and fractional: ⌊7.5⌋ < 7.5, T* is raised.
	bc, ok, _ = ChooseBatch([][]Alt{{{Time: 7.5, Cost: 3}}}, RoundMeanFloor)
	if !ok || !bc.TStarRaised || bc.TStar != 7.5 || bc.MinCost.Cost != 3 {
		t.Errorf("raised: %+v", bc)
	}
	if _, ok, _ := ChooseBatch([][]Alt{{{Time: 1, Cost: 1}}, nil}, RoundMeanFloor); ok {
		t.Error("a job without alternatives")
	}
}

// TestLeastTimeIgnoresBStar checks the remark on ChooseBatch: B* never
// excludes the least-time choice, over many random batches.
func TestLeastTimeIgnoresBStar(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	for iter := 0; iter < 5000; iter++ {
		alts := randomAlts(rng)
		bc, ok, err := ChooseBatch(alts, Rounding([]string{"mean-floor", "term-floor", "none"}[iter%3]))
		if err != nil || !ok {
			t.Fatal(err)
		}
		least, _ := brute(alts, Time, false, Time, math.Inf(1))
		if bc.MinTime.Time != least {
			t.Fatalf("iter %d: least time under B* %v, unconstrained %v", iter, bc.MinTime.Time, least)
		}
		if bc.MinCost.Time > bc.TStar || bc.MinTime.Cost > bc.BStar {
			t.Fatalf("iter %d: limits broken %+v", iter, bc)
		}
	}
}

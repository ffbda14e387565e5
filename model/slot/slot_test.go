package slot

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func nodes3() []Node {
	return []Node{{Performance: 1, Price: 1}, {Performance: 2, Price: 3}, {Performance: 3, Price: 5}}
}

func TestNewListSortsAndValidates(t *testing.T) {
	l, err := NewList(nodes3(), []Slot{{Node: 1, Start: 5, End: 9}, {Node: 0, Start: 0, End: 3}, {Node: 2, Start: 5, End: 6}, {Node: 0, Start: 3, End: 4}})
	if err != nil {
		t.Fatal(err)
	}
	want := []Slot{{Node: 0, Start: 0, End: 3}, {Node: 0, Start: 3, End: 4}, {Node: 1, Start: 5, End: 9}, {Node: 2, Start: 5, End: 6}}
	for i := range want {
		if l.Slots[i] != want[i] {
			t.Fatalf("slot %d = %v, want %v (stable sort by start)", i, l.Slots[i], want[i])
		}
	}
	if got := l.FreeTime(); got != 3+1+4+1 {
		t.Fatalf("free time %v", got)
	}
	if _, err := NewList(nil, nil); err != nil {
		t.Fatalf("an empty list is valid: %v", err)
	}
}

func TestNewListRejectsBadInput(t *testing.T) {
	cases := []struct {
		name  string
		nodes []Node
		slots []Slot
	}{
		{"negative length", nodes3(), []Slot{{Node: 0, Start: 5, End: 1}}},
		{"zero length", nodes3(), []Slot{{Node: 0, Start: 5, End: 5}}},
		{"unknown node", nodes3(), []Slot{{Node: 3, Start: 0, End: 1}}},
		{"negative node", nodes3(), []Slot{{Node: -1, Start: 0, End: 1}}},
		{"NaN start", nodes3(), []Slot{{Node: 0, Start: math.NaN(), End: 1}}},
		{"infinite end", nodes3(), []Slot{{Node: 0, Start: 0, End: math.Inf(1)}}},
		{"overlap on a node", nodes3(), []Slot{{Node: 0, Start: 0, End: 5}, {Node: 0, Start: 4, End: 6}}},
		{"negative price", []Node{{Performance: 1, Price: -1}}, nil},
		{"zero performance", []Node{{Performance: 0, Price: 1}}, nil},
		{"NaN price", []Node{{Performance: 1, Price: math.NaN()}}, nil},
	}
	for _, c := range cases {
		_, err := NewList(c.nodes, c.slots)
		if !errors.Is(err, ErrInvalidList) {
			t.Errorf("%s: err = %v, want ErrInvalidList", c.name, err)
		}
	}
	// an unsorted list built by hand fails Validate.
	l := &List{Nodes: nodes3(), Slots: []Slot{{Node: 0, Start: 2, End: 3}, {Node: 1, Start: 1, End: 3}}}
	if err := l.Validate(); !errors.Is(err, ErrInvalidList) {
		t.Errorf("unsorted: %v", err)
	}
}

func TestRequestValidateAndRuntime(t *testing.T) {
	ok := Request{Nodes: 2, Length: 60, MinPerformance: 2, MaxPrice: 3}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	if got := ok.Runtime(3); got != 20 {
		t.Errorf("work runtime on performance 3 = %v, want 60/3", got)
	}
	rel := ok
	rel.Scaling = ScaleRelative
	if got := rel.Runtime(3); got != 40 {
		t.Errorf("relative runtime on performance 3 = %v, want 60·2/3", got)
	}
	if got := ok.JobBudget(); got != 3*60*2 {
		t.Errorf("S = %v, want C·t·N", got)
	}
	ok.Budget = 7
	if got := ok.JobBudget(); got != 7 {
		t.Errorf("explicit budget %v", got)
	}
	bad := []Request{
		{Nodes: 0, Length: 1},
		{Nodes: 1, Length: -1},
		{Nodes: 1, Length: 0},
		{Nodes: 1, Length: math.NaN()},
		{Nodes: 1, Length: 1, MinPerformance: -1},
		{Nodes: 1, Length: 1, MaxPrice: -1},
		{Nodes: 1, Length: 1, Budget: -1},
		{Nodes: 1, Length: 1, Scaling: "quadratic"},
		{Nodes: 1, Length: 1, Scaling: ScaleRelative},
	}
	for _, r := range bad {
		if err := r.Validate(); !errors.Is(err, ErrBadRequest) {
			t.Errorf("%+v: err = %v", r, err)
		}
	}
}

func TestCutSplitsIntoBeforeAndAfter(t *testing.T) {
	l, _ := NewList(nodes3(), []Slot{{Node: 0, Start: 0, End: 10}, {Node: 1, Start: 2, End: 8}, {Node: 2, Start: 4, End: 20}})
	if err := l.Cut(Slot{Node: 0, Start: 3, End: 6}); err != nil {
		t.Fatal(err)
	}
	want := []Slot{{Node: 0, Start: 0, End: 3}, {Node: 1, Start: 2, End: 8}, {Node: 2, Start: 4, End: 20}, {Node: 0, Start: 6, End: 10}}
	if len(l.Slots) != len(want) {
		t.Fatalf("slots %v", l.Slots)
	}
	for i := range want {
		if l.Slots[i] != want[i] {
			t.Fatalf("slots %v, want %v", l.Slots, want)
		}
	}
	// cutting a whole slot removes it; zero-length pieces are dropped.
	if err := l.Cut(Slot{Node: 1, Start: 2, End: 8}); err != nil {
		t.Fatal(err)
	}
	if len(l.Slots) != 3 {
		t.Fatalf("slots %v", l.Slots)
	}
	if err := l.Cut(Slot{Node: 2, Start: 19, End: 21}); !errors.Is(err, ErrNotFree) {
		t.Fatalf("cut beyond a slot: %v", err)
	}
	if err := l.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestSubtractIsAllOrNothing(t *testing.T) {
	l, _ := NewList(nodes3(), []Slot{{Node: 0, Start: 0, End: 10}, {Node: 1, Start: 0, End: 10}})
	before := l.Clone()
	w := Window{Start: 2, Slots: []Slot{{Node: 0, Start: 2, End: 5}, {Node: 1, Start: 2, End: 12}}}
	if err := l.Subtract(w); !errors.Is(err, ErrNotFree) {
		t.Fatalf("err = %v", err)
	}
	if len(l.Slots) != 2 || l.Slots[0] != before.Slots[0] || l.Slots[1] != before.Slots[1] {
		t.Fatalf("list changed by a failed subtraction: %v", l.Slots)
	}
	dup := Window{Start: 2, Slots: []Slot{{Node: 0, Start: 2, End: 5}, {Node: 0, Start: 4, End: 6}}}
	if err := l.Subtract(dup); !errors.Is(err, ErrNotFree) {
		t.Fatalf("overlapping parts: %v", err)
	}
}

func TestSubtractTwoPartsOfOneSlot(t *testing.T) {
	l, _ := NewList(nodes3(), []Slot{{Node: 0, Start: 0, End: 100}, {Node: 1, Start: 10, End: 50}, {Node: 0, Start: 200, End: 300}})
	before := l.Clone()
	w := Window{Slots: []Slot{{Node: 0, Start: 60, End: 70}, {Node: 1, Start: 20, End: 30}, {Node: 0, Start: 10, End: 20}, {Node: 0, Start: 250, End: 300}}}
	if err := l.Subtract(w); err != nil {
		t.Fatal(err)
	}
	want := []Slot{{Node: 0, Start: 0, End: 10}, {Node: 1, Start: 10, End: 20}, {Node: 0, Start: 20, End: 60}, {Node: 1, Start: 30, End: 50}, {Node: 0, Start: 70, End: 100}, {Node: 0, Start: 200, End: 250}}
	if len(l.Slots) != len(want) {
		t.Fatalf("slots %v", l.Slots)
	}
	for i := range want {
		if l.Slots[i] != want[i] {
			t.Fatalf("slots %v, want %v", l.Slots, want)
		}
	}
	if err := CheckConservation(before, l, []Window{w}); err != nil {
		t.Fatal(err)
	}
}

func TestWindowCheckCatchesEveryViolation(t *testing.T) {
	ns := nodes3()
	r := Request{Nodes: 2, Length: 6, MinPerformance: 2, MaxPrice: 10}
	good, err := NewWindow(ns, r, 1, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := good.Check(ns, r); err != nil {
		t.Fatal(err)
	}
	if good.Time() != 3 || good.Finish() != 4 || good.Cost != 3*3+5*2 {
		t.Fatalf("time %v finish %v cost %v", good.Time(), good.Finish(), good.Cost)
	}
	mutate := func(f func(w *Window)) Window {
		w := Window{Start: good.Start, Slots: append([]Slot(nil), good.Slots...), Cost: good.Cost}
		f(&w)
		return w
	}
	bad := map[string]Window{
		"too few slots":    mutate(func(w *Window) { w.Slots = w.Slots[:1] }),
		"node twice":       mutate(func(w *Window) { w.Slots[1].Node = 1 }),
		"slow node":        mutate(func(w *Window) { w.Slots[1] = Slot{Node: 0, Start: 1, End: 7} }),
		"uneven start":     mutate(func(w *Window) { w.Slots[1].Start = 1.5 }),
		"too short":        mutate(func(w *Window) { w.Slots[0].End -= 0.5 }),
		"cost off":         mutate(func(w *Window) { w.Cost++ }),
		"node not present": mutate(func(w *Window) { w.Slots[0].Node = 7 }),
	}
	for name, w := range bad {
		if err := w.Check(ns, r); !errors.Is(err, ErrInvalidWindow) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if _, err := NewWindow(ns, r, 0, []int{5}); err == nil {
		t.Error("NewWindow on a missing node")
	}
}

// randomList builds a valid list with several slots per node.
func randomList(rng *rand.Rand, nodes, perNode int) *List {
	l := &List{}
	for n := 0; n < nodes; n++ {
		l.Nodes = append(l.Nodes, Node{Performance: float64(1 + rng.IntN(3)), Price: rng.Float64() * 5})
		t := rng.Float64() * 20
		for k := 0; k < perNode; k++ {
			length := 1 + rng.Float64()*60
			if rng.IntN(4) == 0 {
				length = float64(1 + rng.IntN(60)) // integer endpoints too
			}
			l.Slots = append(l.Slots, Slot{Node: n, Start: t, End: t + length})
			t += length
			if rng.IntN(3) > 0 {
				t += rng.Float64() * 15
			} // else adjacent slots on one node
		}
	}
	l.Sort()
	return l
}

// TestSubtractionConservesFreeTime subtracts random windows made of random
// sub-intervals of free slots and checks, exactly, that no free time is
// created or lost, and that the checks themselves fail on broken lists.
func TestSubtractionConservesFreeTime(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for iter := 0; iter < 3000; iter++ {
		l := randomList(rng, 1+rng.IntN(8), 1+rng.IntN(5))
		if err := l.Validate(); err != nil {
			t.Fatal(err)
		}
		before := l.Clone()
		var used []Window
		for k := 0; k < 1+rng.IntN(6) && len(l.Slots) > 0; k++ {
			// a window with one part per distinct node, each a random
			// sub-interval of a free slot (starts need not agree here).
			w := Window{}
			seen := map[int]bool{}
			for p := 0; p < 1+rng.IntN(3); p++ {
				s := l.Slots[rng.IntN(len(l.Slots))]
				if seen[s.Node] {
					continue
				}
				seen[s.Node] = true
				a := s.Start + rng.Float64()*s.Length()
				b := a + rng.Float64()*(s.End-a)
				switch rng.IntN(4) {
				case 0:
					a = s.Start
				case 1:
					b = s.End
				}
				w.Slots = append(w.Slots, Slot{Node: s.Node, Start: a, End: b})
				if rng.IntN(2) == 0 {
					w.Sources = append(w.Sources, s)
				}
			}
			if len(w.Sources) != len(w.Slots) {
				w.Sources = nil
			}
			if err := CheckWithin(l, w); err != nil {
				t.Fatal(err)
			}
			if err := l.Subtract(w); err != nil {
				t.Fatalf("iter %d: %v", iter, err)
			}
			used = append(used, w)
			if err := l.Validate(); err != nil {
				t.Fatalf("iter %d: after subtraction: %v", iter, err)
			}
		}
		if err := CheckDisjoint(used); err != nil {
			t.Fatalf("iter %d: %v", iter, err)
		}
		if err := CheckConservation(before, l, used); err != nil {
			t.Fatalf("iter %d: %v", iter, err)
		}
		total := l.FreeTime()
		for _, w := range used {
			for _, s := range w.Slots {
				total += s.Length()
			}
		}
		if math.Abs(total-before.FreeTime()) > 1e-9*before.FreeTime() {
			t.Fatalf("iter %d: free time %v, before %v", iter, total, before.FreeTime())
		}
		// the checks can fail: drop a free piece, or count one twice.
		if len(l.Slots) > 0 {
			broken := l.Clone()
			broken.Slots = broken.Slots[1:]
			if err := CheckConservation(before, broken, used); !errors.Is(err, ErrInvariant) {
				t.Fatalf("iter %d: a lost piece was not detected", iter)
			}
			doubled := l.Clone()
			doubled.Slots = append(doubled.Slots, doubled.Slots[0])
			if err := CheckConservation(before, doubled, used); !errors.Is(err, ErrInvariant) {
				t.Fatalf("iter %d: a duplicated piece was not detected", iter)
			}
		}
		if len(used) > 0 && len(used[0].Slots) > 0 {
			if err := CheckDisjoint(append(used, used[0])); !errors.Is(err, ErrInvariant) {
				t.Fatalf("iter %d: overlapping windows not detected", iter)
			}
		}
	}
}

// Time is the fold of math.Max over the slots' lengths from +0, also for
// the values where a comparison and math.Max can differ (NaN, −0, ±Inf).
func TestWindowTimeIsTheMaxFold(t *testing.T) {
	odd := []float64{0, math.Copysign(0, -1), 1, 2.5, math.Inf(1), math.Inf(-1), math.NaN(), -3}
	for _, a := range odd {
		for _, b := range odd {
			for _, c := range odd {
				w := Window{Start: 0, Slots: []Slot{{End: a}, {End: b}, {End: c}}}
				want := 0.0
				for _, s := range w.Slots {
					want = math.Max(want, s.End-w.Start)
				}
				got := w.Time()
				if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
					t.Errorf("ends %v %v %v: Time %v, the max fold %v", a, b, c, got, want)
				}
			}
		}
	}
}

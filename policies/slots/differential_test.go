package slots

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// randomList is a random list like the toporkov domains': nodes of
// performance 1 to 4 priced by price, each with slots on integer times up
// to 800, so that windows tie often in start, runtime and deadline and
// the tie orders are exercised.
func randomList(rng *rand.Rand, nodes int, price func(rng *rand.Rand, perf float64) float64) *slot.List {
	l := &slot.List{}
	for n := 0; n < nodes; n++ {
		perf := float64(1 + rng.IntN(4))
		l.Nodes = append(l.Nodes, slot.Node{Performance: perf, Price: price(rng, perf)})
		t := float64(rng.IntN(60))
		for t < 800 {
			length := float64(20 + rng.IntN(400))
			l.Slots = append(l.Slots, slot.Slot{Node: n, Start: t, End: math.Min(t+length, 800)})
			t += length + float64(1+rng.IntN(80))
		}
	}
	l.Sort()
	return l
}

// tiedList is a randomList with few distinct prices (a third of the
// nodes at the same price per performance), so that windows also tie in
// cost.
func tiedList(rng *rand.Rand, nodes int) *slot.List {
	return randomList(rng, nodes, func(rng *rand.Rand, perf float64) float64 {
		price := math.Round(perf*(1+rng.Float64()/2)*4) / 4
		if rng.IntN(3) == 0 {
			price = perf // many nodes at the same price per performance
		}
		return price
	})
}

// pricedList is a randomList with a price of its own for every node (so
// that no two nodes cost a job the same, as the ranked sweep needs); up
// to 150 nodes, more than one word of a bit set.
func pricedList(rng *rand.Rand, nodes int) *slot.List {
	return randomList(rng, nodes, func(rng *rand.Rand, perf float64) float64 {
		return perf * (0.5 + rng.Float64())
	})
}

// sameAlternatives runs the alternatives search of fast with searches
// and of full with reference on copies of l, and fails the test unless
// they find the same windows (starts, slots, sources and costs) in the
// same order and leave the same list; ref names full's search in the
// messages. afterFast, when not nil, runs after fast's search, to read
// its state. It returns the number of windows found.
func sameAlternatives(t *testing.T, iter int, ref string, fast, full *Searcher, l *slot.List, jobs []slot.Request, searches, reference []JobSearch, passes int, afterFast func()) int {
	t.Helper()
	got, want := l.Clone(), l.Clone()
	var gw, ww [][2]any
	if err := fast.AlternativesEach(got, jobs, searches, passes, func(j int, w slot.Window) { gw = append(gw, [2]any{j, w}) }); err != nil {
		t.Fatal(err)
	}
	if afterFast != nil {
		afterFast()
	}
	if err := full.AlternativesEach(want, jobs, reference, passes, func(j int, w slot.Window) { ww = append(ww, [2]any{j, w}) }); err != nil {
		t.Fatal(err)
	}
	if len(gw) != len(ww) {
		t.Fatalf("iter %d: %d windows, %s %d", iter, len(gw), ref, len(ww))
	}
	for k := range gw {
		if !reflect.DeepEqual(gw[k], ww[k]) {
			t.Fatalf("iter %d: window %d is %+v, by %s %+v", iter, k, gw[k], ref, ww[k])
		}
	}
	if !reflect.DeepEqual(got.Slots, want.Slots) {
		t.Fatalf("iter %d: the lists left differ", iter)
	}
	return len(gw)
}

package slot

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSubtractIsCutPartAfterPart subtracts random windows from random
// lists of integer times (parts of positive length), where many slots
// start together, and compares every list with the one cutting the parts
// one by one gives (Cut, which inserts each piece on its own): the same
// slots in the same order, ties included.
func TestSubtractIsCutPartAfterPart(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 22))
	for trial := 0; trial < 400; trial++ {
		nodes := make([]Node, 2+rng.IntN(7))
		var slots []Slot
		for n := range nodes {
			nodes[n] = Node{Performance: 1, Price: 1}
			for at := rng.IntN(3); at < 20; {
				end := at + 1 + rng.IntN(6)
				slots = append(slots, Slot{Node: n, Start: float64(at), End: float64(end)})
				at = end + rng.IntN(3)
			}
		}
		l, err := NewList(nodes, slots)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 6 && len(l.Slots) > 0; step++ {
			var w Window
			used := map[int]bool{}
			for k := 0; k < 1+rng.IntN(len(nodes)); k++ {
				src := l.Slots[rng.IntN(len(l.Slots))]
				if used[src.Node] {
					continue
				}
				used[src.Node] = true
				a := src.Start + float64(rng.IntN(int(src.End-src.Start)))
				b := a + 1 + float64(rng.IntN(int(src.End-a)))
				w.Slots = append(w.Slots, Slot{Node: src.Node, Start: a, End: b})
				w.Sources = append(w.Sources, src)
			}
			want := l.Clone()
			want.Slots = slices.Clone(l.Slots)
			for _, p := range w.Slots {
				if err := want.Cut(p); err != nil {
					t.Fatalf("trial %d: cut %v: %v", trial, p, err)
				}
			}
			if err := l.Subtract(w); err != nil {
				t.Fatalf("trial %d: subtract %v: %v", trial, w.Slots, err)
			}
			if !slices.Equal(l.Slots, want.Slots) {
				t.Fatalf("trial %d, step %d: subtracting %v gives\n%v\ncutting part after part\n%v", trial, step, w.Slots, l.Slots, want.Slots)
			}
		}
	}
}

package slurmsim

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestReorder checks reorder against a full sort: on a sorted queue (no
// move), after three priority changes (insertion sort), and on a
// reversed queue (past the swap budget: the full sort).
func TestReorder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	q := make([]*job, 300)
	for i := range q {
		q[i] = &job{Job: Job{ID: i + 1, Submit: float64(r.IntN(50))}, tier: r.IntN(2), prio: float64(r.IntN(40))}
	}
	slices.SortFunc(q, before)
	if reorder(q) {
		t.Fatal("a sorted queue moved")
	}
	for _, name := range []string{"few changes", "reversed"} {
		if name == "reversed" {
			slices.Reverse(q)
		} else {
			for range 3 {
				q[r.IntN(len(q))].prio = float64(r.IntN(40))
			}
		}
		want := slices.Clone(q)
		slices.SortFunc(want, before)
		if !reorder(q) || !slices.Equal(q, want) {
			t.Fatalf("%s: reorder did not give the sorted queue", name)
		}
	}
}

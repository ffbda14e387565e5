package slots

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// TestIncrementalFastestKeepsEveryWindow: ScanEach and Scan with the
// runtime and finish criteria, which update their last pick when one
// candidate joined (pickFastest) and skip a candidate no faster than the
// best, emit and find exactly the windows of the full picks (the
// criteria behind plain) on tied random lists, with every budget.
func TestIncrementalFastestKeepsEveryWindow(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	var fast, full Searcher
	emitted := 0
	for iter := 0; iter < 300; iter++ {
		l := tiedList(rng, 3+rng.IntN(30))
		r := slot.Request{Nodes: 1 + rng.IntN(5), Length: float64(10 + rng.IntN(300)), MinPerformance: float64(rng.IntN(3)), MaxPrice: 1 + float64(rng.IntN(4))}
		lim := []Limits{NoLimits(r), AMPLimits(r), ALPLimits(r)}[rng.IntN(3)]
		for _, c := range []Criterion{ShortestRuntime, EarliestFinish} {
			var got, want []any
			if err := fast.ScanEach(l, r, lim, c, func(w slot.Window, score float64) { got = append(got, w, score) }); err != nil {
				t.Fatal(err)
			}
			if err := full.ScanEach(l, r, lim, plain{c}, func(w slot.Window, score float64) { want = append(want, w, score) }); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("iter %d %s: ScanEach emitted %v, the full picks %v", iter, c.Name(), got, want)
			}
			emitted += len(got) / 2
			a, err := fast.Scan(l, r, lim, c)
			if err != nil {
				t.Fatal(err)
			}
			ra := a[0]
			b, err := full.Scan(l, r, lim, plain{c})
			if err != nil {
				t.Fatal(err)
			}
			rb := b[0]
			rb.Criterion = ra.Criterion
			if !reflect.DeepEqual(ra, rb) {
				t.Fatalf("iter %d %s: Scan found %+v, the full picks %+v", iter, c.Name(), ra, rb)
			}
		}
	}
	if emitted < 1000 {
		t.Fatalf("only %d windows emitted", emitted)
	}
}

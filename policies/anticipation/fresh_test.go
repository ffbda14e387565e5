package anticipation

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/policies/slots"
)

// TestNewBlocksOnlyKeepTheWindows: replicating job after job (each
// window subtracted before the next search, so candidates expire and
// gaps open in the cost order), the criterion that compares only the
// blocks not compared before finds exactly the window of the one that
// compares every block at every position: same start, slots, sources and
// cost. The lists are on integer times with the toporkov prices, so that
// starts and costs tie.
func TestNewBlocksOnlyKeepTheWindows(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 23))
	var s slots.Searcher
	var fast, full criterion
	found := 0
	for iter := 0; iter < 60; iter++ {
		l := randomEnv(rng, 10+rng.IntN(30), 800)
		a, b := l.Clone(), l.Clone()
		sm := simil([]Distance{Linear, Geometric}[rng.IntN(2)], css.Cost, css.ProcTime)
		if rng.IntN(3) == 0 {
			sm.Terms = append(sm.Terms, css.Runtime)
		}
		for k, j := range randomJobs(rng, 40) {
			ref := css.Alternative{Cost: 200 + 3000*rng.Float64(), ProcTime: 50 + 600*rng.Float64(), Runtime: 20 + 200*rng.Float64()}
			fast.reset(sm, ref)
			full.reset(sm, ref)
			full.full = true
			wa, okA, err := s.Find(a, j.Request, j.Limits(), &fast)
			if err != nil {
				t.Fatal(err)
			}
			wa = slot.Window{Start: wa.Start, Cost: wa.Cost, Slots: append([]slot.Slot(nil), wa.Slots...), Sources: append([]slot.Slot(nil), wa.Sources...)}
			wb, okB, err := s.Find(b, j.Request, j.Limits(), &full)
			if err != nil {
				t.Fatal(err)
			}
			if okA != okB || !reflect.DeepEqual(wa, wb) {
				t.Fatalf("iter %d job %d: new blocks only %v %+v, every block %v %+v", iter, k, okA, wa, okB, wb)
			}
			if !okA {
				continue
			}
			found++
			if err := a.Subtract(wa); err != nil {
				t.Fatal(err)
			}
			if err := b.Subtract(wb); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found < 500 {
		t.Errorf("only %d windows compared", found)
	}
}

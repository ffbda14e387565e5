package slots

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// TestUsableSlotsMarksTheSlotsLongEnough checks every bit of usableSlots
// on runs of 1 to 64 slots (the four-at-a-time part and the rest) against
// the test it stands for, a slot too short when Start + minRt > End,
// with ties, infinite ends and least runtimes, and NaN.
func TestUsableSlotsMarksTheSlotsLongEnough(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	ends := []float64{math.Inf(1), math.NaN()}
	for trial := 0; trial < 2000; trial++ {
		q := make([]slot.Slot, 1+rng.IntN(64))
		for k := range q {
			start := float64(rng.IntN(10))
			end := start + float64(rng.IntN(6))
			if rng.IntN(20) == 0 {
				end = ends[rng.IntN(len(ends))]
			}
			q[k] = slot.Slot{Node: k, Start: start, End: end}
		}
		minRt := float64(rng.IntN(6))
		if rng.IntN(20) == 0 {
			minRt = math.Inf(1)
		}
		got := usableSlots(q, minRt)
		for k, sl := range q {
			want := !(sl.Start+minRt > sl.End)
			if got>>k&1 == 1 != want {
				t.Fatalf("trial %d: slot %d %v, least runtime %v: usable %v, want %v", trial, k, sl, minRt, !want, want)
			}
		}
		if len(q) < 64 && got>>len(q) != 0 {
			t.Fatalf("trial %d: bits beyond the %d slots: %b", trial, len(q), got)
		}
	}
}

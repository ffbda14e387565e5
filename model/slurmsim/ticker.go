package slurmsim

import (
	"math"

	"github.com/schedsim/schedsim/sim"
)

// ticker fires every iv seconds of simulated time, at the multiples of iv
// (k·iv, so that the grid does not drift), while the replay has pending or
// running jobs; it stops when there are none and is armed again at the
// next submit, on the same grid.
type ticker struct {
	iv        float64
	prio      int
	s         *simulation
	fire      func()
	k         int64 // index of the next tick
	scheduled bool
	act       sim.Action
}

// arm schedules the next tick at the first multiple of iv ≥ now not yet
// fired.
func (t *ticker) arm() {
	if t.scheduled {
		return
	}
	if t.act == nil {
		t.act = func(any) { t.tick() }
	}
	now := t.s.eng.Now()
	k := int64(math.Ceil(now / t.iv))
	for float64(k)*t.iv < now {
		k++
	}
	t.k = max(t.k, k)
	t.scheduled = true
	t.s.eng.Schedule(float64(t.k)*t.iv, t.prio, t.act, nil)
}

// tick fires, and arms the next tick while the replay is active.
func (t *ticker) tick() {
	t.scheduled = false
	t.k++
	t.fire()
	if t.s.active() {
		t.arm()
	}
}

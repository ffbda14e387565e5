package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// TestFastNegativeZeroTiesWithZero: -0 and +0 are the same time, so the
// events fire in the order they were scheduled.
func TestFastNegativeZeroTiesWithZero(t *testing.T) {
	tr := &trace{eng: NewFast()}
	e := tr.eng
	e.Schedule(0, 0, tr.record, "a")
	e.Schedule(math.Copysign(0, -1), 0, tr.record, "b")
	e.Schedule(0, 0, tr.record, "c")
	e.Run(Limit{})
	if got := fmt.Sprint(tr.fired); got != "[a@0 b@0 c@0]" {
		t.Fatalf("order %s, want [a@0 b@0 c@0]", got)
	}
}

// TestFastCancelMostCompacts cancels most of many pending events, so that
// the stale heap entries outnumber the live ones and the heap is
// compacted, and checks Pending, the firing order and that the heap
// shrank.
func TestFastCancelMostCompacts(t *testing.T) {
	e := NewFast()
	rng := rand.New(rand.NewPCG(5, 6))
	var fired []float64
	act := func(any) { fired = append(fired, e.Now()) }
	var hs []Handle
	var kept []float64
	for i := 0; i < 10000; i++ {
		at := float64(rng.IntN(1000))
		hs = append(hs, e.Schedule(at, 0, act, nil))
		if i%10 == 0 {
			kept = append(kept, at)
		}
	}
	for i, h := range hs {
		if i%10 != 0 && !e.Cancel(h) {
			t.Fatalf("Cancel %d failed", i)
		}
		if i%10 != 0 && e.Cancel(h) {
			t.Fatalf("second Cancel %d succeeded", i)
		}
	}
	if e.Pending() != len(kept) {
		t.Fatalf("Pending = %d, want %d", e.Pending(), len(kept))
	}
	if len(e.heap) > 2*len(kept)+minCompact {
		t.Fatalf("heap holds %d entries for %d live events: not compacted", len(e.heap), len(kept))
	}
	if r := e.Run(Limit{}); r != Drained || e.Pending() != 0 {
		t.Fatalf("Run = %v, Pending = %d", r, e.Pending())
	}
	if len(fired) != len(kept) {
		t.Fatalf("%d events fired, want %d", len(fired), len(kept))
	}
	for i := 1; i < len(fired); i++ {
		if fired[i] < fired[i-1] {
			t.Fatalf("event %d at %v after one at %v", i, fired[i], fired[i-1])
		}
	}
}

// TestFastStaleTopHonoursTimeLimit: a cancelled event at the top of the
// heap neither fires nor stops a time-limited Run early.
func TestFastStaleTopHonoursTimeLimit(t *testing.T) {
	tr := &trace{eng: NewFast()}
	e := tr.eng
	h := e.Schedule(1, 0, tr.record, "cancelled")
	e.Schedule(2, 0, tr.record, "b")
	e.Schedule(5, 0, tr.record, "late")
	e.Cancel(h)
	if r := e.Run(Limit{Time: 3}); r != TimeLimit || e.Now() != 3 {
		t.Fatalf("Run = %v at %v, want time limit at 3", r, e.Now())
	}
	if got := fmt.Sprint(tr.fired); got != "[b@2]" {
		t.Fatalf("fired %s, want [b@2]", got)
	}
	if e.Pending() != 1 || e.Processed() != 1 {
		t.Fatalf("Pending %d Processed %d, want 1 and 1", e.Pending(), e.Processed())
	}
}

// cancelHeavy is randomWorkload with most scheduled events cancelled, so
// that the fast engine compacts its heap many times.
func cancelHeavy(e Engine, seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 9))
	var fired []string
	var handles []Handle
	var act Action
	act = func(arg any) {
		fired = append(fired, fmt.Sprintf("%d@%v/%d", arg.(int), e.Now(), e.Pending()))
		for k := 1 + rng.IntN(4); k > 0; k-- {
			delay := float64(rng.IntN(5))
			handles = append(handles, e.After(delay, rng.IntN(3)-1, act, len(handles)))
		}
		for k := rng.IntN(5); k > 0; k-- {
			e.Cancel(handles[rng.IntN(len(handles))])
		}
	}
	for i := 0; i < 200; i++ {
		handles = append(handles, e.Schedule(float64(i%7), 0, act, len(handles)))
	}
	e.Run(Limit{Events: uint64(n)})
	return fired
}

func TestEnginesAgreeUnderHeavyCancelling(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		a := cancelHeavy(NewFast(), seed, 5000)
		b := cancelHeavy(NewSimGo(), seed, 5000)
		sameFirings(t, seed, a, b)
	}
}

// TestFastNilActionPanics: a nil action is a programming error, caught
// when scheduling (a cancelled slot is one whose action is nil).
func TestFastNilActionPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	NewFast().Schedule(1, 0, nil, nil)
}

// TestFastSiblingsShareACacheLine checks the heap layout: the root at
// pad, and the children of every node at a multiple of four entries.
func TestFastSiblingsShareACacheLine(t *testing.T) {
	for p := pad; p < 1000; p++ {
		c := arity*p - 8
		if c%arity != 0 || c/arity+2 != p || (c+arity-1)/arity+2 != p {
			t.Fatalf("node %d: children at %d, parent of the children %d", p, c, c/arity+2)
		}
	}
}

// nowBurst schedules, from one event, bursts of events for the current
// time (more than the fast engine's lane holds) at mixed priorities,
// cancels some of them, and records the firing order with the pending
// counts.
func nowBurst(e Engine, seed uint64) []string {
	rng := rand.New(rand.NewPCG(seed, 11))
	var fired []string
	var act Action
	act = func(arg any) {
		fired = append(fired, fmt.Sprintf("%v@%v/%d", arg, e.Now(), e.Pending()))
		if len(fired) > 400 {
			return
		}
		if id, ok := arg.(int); ok && id%3 == 0 {
			var hs []Handle
			for k := rng.IntN(2 * nowLaneLen); k > 0; k-- {
				hs = append(hs, e.After(0, rng.IntN(5)-2, act, fmt.Sprintf("%d.%d", id, k)))
			}
			for _, h := range hs {
				if rng.IntN(3) == 0 {
					e.Cancel(h)
				}
			}
		}
		e.After(float64(rng.IntN(2)), rng.IntN(3)-1, act, len(fired))
	}
	for i := 0; i < 3; i++ {
		e.Schedule(0, 0, act, i*3)
	}
	e.Run(Limit{})
	return fired
}

// TestFastNowLaneKeepsTheOrder: events scheduled for Now go to the fast
// engine's lane while it has room and to the heap beyond; the order of
// firing and the pending counts are the simgo engine's.
func TestFastNowLaneKeepsTheOrder(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		a := nowBurst(NewFast(), seed)
		b := nowBurst(NewSimGo(), seed)
		sameFirings(t, seed, a, b)
	}
}

// TestFastNowLaneHonoursLimits: an event in the lane counts as pending,
// can be cancelled, and is not fired by a Run whose time limit lies
// before it.
func TestFastNowLaneHonoursLimits(t *testing.T) {
	tr := &trace{eng: NewFast()}
	e := tr.eng.(*FastEngine)
	e.Schedule(5, 0, tr.record, "a")
	e.Run(Limit{})
	h := e.Schedule(5, 1, tr.record, "cancelled")
	e.Schedule(5, 0, tr.record, "b")
	e.Schedule(6, 0, tr.record, "c")
	if e.now1.n != 2 || e.Pending() != 3 {
		t.Fatalf("lane holds %d, Pending %d, want 2 and 3", e.now1.n, e.Pending())
	}
	if !e.Cancel(h) || e.Cancel(h) || e.Pending() != 2 {
		t.Fatalf("Cancel in the lane: Pending %d, want 2", e.Pending())
	}
	if r := e.Run(Limit{Time: 4}); r != TimeLimit || len(tr.fired) != 1 {
		t.Fatalf("Run = %v, fired %v: the lane's event ran before its time", r, tr.fired)
	}
	e.Run(Limit{})
	if got := fmt.Sprint(tr.fired); got != "[a@5 b@5 c@6]" || e.Pending() != 0 {
		t.Fatalf("fired %s, Pending %d, want [a@5 b@5 c@6] and 0", got, e.Pending())
	}
}

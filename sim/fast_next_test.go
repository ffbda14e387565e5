package sim

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// streamWorkload runs a stream of arrivals, each scheduling the next one
// (through ScheduleNext when the engine has it, at the same time as the
// previous one or later, at tied priorities on purpose), beside random
// other events, some of them cancelled, and some arrivals cancelled and
// replaced. It records the firing order with the pending counts.
func streamWorkload(e Engine, seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 13))
	schedule := e.Schedule
	if s, ok := e.(NextScheduler); ok {
		schedule = s.ScheduleNext
	}
	var fired []string
	var other, arrive Action
	var handles []Handle
	other = func(arg any) {
		fired = append(fired, fmt.Sprintf("o%v@%v/%d", arg, e.Now(), e.Pending()))
		if rng.IntN(4) == 0 {
			handles = append(handles, e.After(float64(rng.IntN(3)), rng.IntN(3)-1, other, len(fired)))
		}
	}
	next := 0
	arrive = func(arg any) {
		fired = append(fired, fmt.Sprintf("a%v@%v/%d", arg, e.Now(), e.Pending()))
		if len(fired) >= n {
			return
		}
		for k := rng.IntN(3); k > 0; k-- {
			handles = append(handles, e.After(float64(rng.IntN(4)), rng.IntN(3)-1, other, len(fired)))
		}
		if len(handles) > 0 && rng.IntN(3) == 0 {
			e.Cancel(handles[rng.IntN(len(handles))])
		}
		next++
		h := schedule(e.Now()+float64(rng.IntN(3)), rng.IntN(3)-1, arrive, next)
		if rng.IntN(8) == 0 { // cancelled: the next one replaces it
			e.Cancel(h)
			next++
			schedule(e.Now()+float64(rng.IntN(3)), rng.IntN(3)-1, arrive, next)
		}
	}
	schedule(0, 0, arrive, next)
	e.Run(Limit{Events: uint64(n)})
	return fired
}

// TestFastNextSlotKeepsTheOrder: the events of a stream scheduled with
// ScheduleNext fire, among the others, in the order of the simgo
// engine's Schedule, with the same pending counts, cancellations
// included.
func TestFastNextSlotKeepsTheOrder(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		a := streamWorkload(NewFast(), seed, 3000)
		b := streamWorkload(NewSimGo(), seed, 3000)
		sameFirings(t, seed, a, b)
	}
}

// TestFastNextSlotHonoursLimits: an event in the next slot counts as
// pending, can be cancelled once, is not fired by a Run whose time limit
// lies before it, and a second ScheduleNext while the slot is full goes
// to the heap.
func TestFastNextSlotHonoursLimits(t *testing.T) {
	tr := &trace{eng: NewFast()}
	e := tr.eng.(*FastEngine)
	h := e.ScheduleNext(3, 0, tr.record, "cancelled")
	e.ScheduleNext(5, 0, tr.record, "b")
	e.Schedule(4, 0, tr.record, "a")
	if !e.next.full || e.Pending() != 3 {
		t.Fatalf("slot full %v, Pending %d, want true and 3", e.next.full, e.Pending())
	}
	if !e.Cancel(h) || e.Cancel(h) || e.Pending() != 2 {
		t.Fatalf("Cancel in the slot: Pending %d, want 2", e.Pending())
	}
	if r := e.Run(Limit{Time: 4.5}); r != TimeLimit || fmt.Sprint(tr.fired) != "[a@4]" {
		t.Fatalf("Run = %v, fired %v, want a time limit after [a@4]", r, tr.fired)
	}
	e.ScheduleNext(5, 0, tr.record, "c")
	e.Run(Limit{})
	if got := fmt.Sprint(tr.fired); got != "[a@4 b@5 c@5]" || e.Pending() != 0 {
		t.Fatalf("fired %s, Pending %d, want [a@4 b@5 c@5] and 0", got, e.Pending())
	}
}

// tide schedules, from each event, bursts that raise the pending count
// well above listMax and lets it fall below listMin again, many times,
// with ties and cancellations, recording the firing order with the
// pending counts.
func tide(e Engine, seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 17))
	var fired []string
	var hs []Handle
	var act Action
	act = func(arg any) {
		fired = append(fired, fmt.Sprintf("%v@%v/%d", arg, e.Now(), e.Pending()))
		if len(fired) >= n {
			return
		}
		if rng.IntN(500) == 0 { // a flood
			for k := 3 * listMax; k > 0; k-- {
				hs = append(hs, e.After(float64(rng.IntN(50)), rng.IntN(3)-1, act, len(hs)))
			}
		}
		if e.Pending() < listMin || rng.IntN(3) == 0 {
			hs = append(hs, e.After(float64(rng.IntN(20)), rng.IntN(3)-1, act, len(hs)))
		}
		if rng.IntN(5) == 0 {
			e.Cancel(hs[rng.IntN(len(hs))])
		}
	}
	for i := range 4 {
		hs = append(hs, e.Schedule(float64(i), 0, act, len(hs)))
	}
	e.Run(Limit{Events: uint64(n)})
	return fired
}

// TestFastListAndHeapKeepTheOrder: as the pending count rises above
// listMax and falls below listMin again and again (the fast engine's
// sorted list becoming a heap and back), the order of firing and the
// pending counts are the simgo engine's.
func TestFastListAndHeapKeepTheOrder(t *testing.T) {
	for seed := uint64(1); seed <= 10; seed++ {
		f := NewFast()
		a := tide(f, seed, 20000)
		b := tide(NewSimGo(), seed, 20000)
		sameFirings(t, seed, a, b)
	}
}

package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// trace records the order in which events fire.
type trace struct {
	eng   Engine
	fired []string
}

func (tr *trace) record(arg any) {
	tr.fired = append(tr.fired, fmt.Sprintf("%v@%v", arg, tr.eng.Now()))
}

func engines(t testing.TB) map[Kind]func() Engine {
	t.Helper()
	return map[Kind]func() Engine{
		Fast:  func() Engine { return NewFast() },
		SimGo: func() Engine { return NewSimGo() },
	}
}

func TestTieOrderIsTimePrioritySequence(t *testing.T) {
	for kind, mk := range engines(t) {
		t.Run(string(kind), func(t *testing.T) {
			tr := &trace{eng: mk()}
			e := tr.eng
			e.Schedule(2, 0, tr.record, "c")
			e.Schedule(1, 5, tr.record, "b-prio5")
			e.Schedule(1, -5, tr.record, "a-prio-5")
			e.Schedule(1, 5, tr.record, "b-prio5-later")
			e.Schedule(2, -1, tr.record, "c-first")
			if got := e.Run(Limit{}); got != Drained {
				t.Fatalf("Run = %v, want drained", got)
			}
			want := []string{"a-prio-5@1", "b-prio5@1", "b-prio5-later@1", "c-first@2", "c@2"}
			if fmt.Sprint(tr.fired) != fmt.Sprint(want) {
				t.Fatalf("order %v, want %v", tr.fired, want)
			}
		})
	}
}

func TestEventScheduledNowWithLowerPriorityRunsFirst(t *testing.T) {
	for kind, mk := range engines(t) {
		t.Run(string(kind), func(t *testing.T) {
			tr := &trace{eng: mk()}
			e := tr.eng
			e.Schedule(1, 0, func(any) {
				tr.record("first")
				e.Schedule(1, -1, tr.record, "urgent")
			}, nil)
			e.Schedule(1, 0, tr.record, "second")
			e.Run(Limit{})
			want := []string{"first@1", "urgent@1", "second@1"}
			if fmt.Sprint(tr.fired) != fmt.Sprint(want) {
				t.Fatalf("order %v, want %v", tr.fired, want)
			}
		})
	}
}

func TestCancel(t *testing.T) {
	for kind, mk := range engines(t) {
		t.Run(string(kind), func(t *testing.T) {
			tr := &trace{eng: mk()}
			e := tr.eng
			h1 := e.Schedule(1, 0, tr.record, "x")
			e.Schedule(2, 0, tr.record, "y")
			h3 := e.Schedule(3, 0, tr.record, "z")
			if !e.Cancel(h1) {
				t.Fatal("Cancel of a pending event returned false")
			}
			if e.Cancel(h1) {
				t.Fatal("second Cancel returned true")
			}
			if e.Cancel(Handle{}) {
				t.Fatal("Cancel of the zero handle returned true")
			}
			if e.Pending() != 2 {
				t.Fatalf("Pending = %d, want 2", e.Pending())
			}
			e.Run(Limit{Events: 1})
			if e.Cancel(h3) != true {
				t.Fatal("could not cancel z")
			}
			e.Run(Limit{})
			if want := "[y@2]"; fmt.Sprint(tr.fired) != want {
				t.Fatalf("fired %v, want %v", tr.fired, want)
			}
		})
	}
}

func TestLimits(t *testing.T) {
	for kind, mk := range engines(t) {
		t.Run(string(kind), func(t *testing.T) {
			tr := &trace{eng: mk()}
			e := tr.eng
			for i := 1; i <= 10; i++ {
				e.Schedule(float64(i), 0, tr.record, i)
			}
			if r := e.Run(Limit{Time: 3}); r != TimeLimit || e.Now() != 3 || len(tr.fired) != 3 {
				t.Fatalf("time limit: reason %v now %v fired %v", r, e.Now(), tr.fired)
			}
			if r := e.Run(Limit{Time: 3.5}); r != TimeLimit || e.Now() != 3.5 {
				t.Fatalf("second time limit: reason %v now %v", r, e.Now())
			}
			if r := e.Run(Limit{Events: 5}); r != EventLimit || e.Processed() != 5 {
				t.Fatalf("event limit: reason %v processed %d", r, e.Processed())
			}
			if r := e.Run(Limit{Until: func() bool { return e.Now() >= 7 }}); r != Predicate || e.Now() != 7 {
				t.Fatalf("predicate: reason %v now %v", r, e.Now())
			}
			e.Schedule(8, -1, func(any) { e.Stop() }, nil)
			if r := e.Run(Limit{}); r != Stopped || len(tr.fired) != 7 {
				t.Fatalf("stop: reason %v fired %d", r, len(tr.fired))
			}
			if r := e.Run(Limit{Time: 100}); r != Drained || e.Now() != 10 {
				t.Fatalf("drain: reason %v now %v", r, e.Now())
			}
		})
	}
}

func TestSchedulingInThePastPanics(t *testing.T) {
	for kind, mk := range engines(t) {
		t.Run(string(kind), func(t *testing.T) {
			e := mk()
			e.Schedule(5, 0, func(any) {}, nil)
			e.Run(Limit{})
			defer func() {
				if recover() == nil {
					t.Fatal("no panic")
				}
			}()
			e.Schedule(4, 0, func(any) {}, nil)
		})
	}
}

// randomWorkload drives an engine with a random mix of schedules (many at
// tied times and priorities) and cancels, returning the firing order.
func randomWorkload(e Engine, seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 7))
	var fired []string
	var handles []Handle
	var act Action
	act = func(arg any) {
		id := arg.(int)
		fired = append(fired, fmt.Sprintf("%d@%v", id, e.Now()))
		if len(fired) >= n {
			return
		}
		for k := rng.IntN(3); k > 0; k-- {
			delay := float64(rng.IntN(4)) * 0.1 // ties on purpose
			if rng.IntN(3) == 0 {
				delay = rng.ExpFloat64()
			}
			handles = append(handles, e.After(delay, rng.IntN(3)-1, act, len(handles)))
		}
		if len(handles) > 0 && rng.IntN(4) == 0 {
			e.Cancel(handles[rng.IntN(len(handles))])
		}
	}
	for i := 0; i < 5; i++ {
		handles = append(handles, e.Schedule(0.3*float64(i), 0, act, len(handles)))
	}
	e.Run(Limit{Events: uint64(n)})
	return fired
}

// sameFirings fails the test unless the fast and the simgo engine fired
// the same events in the same order (as the workload records them: times,
// arguments, pending counts).
func sameFirings(t *testing.T, seed uint64, fast, simgo []string) {
	t.Helper()
	for i := range min(len(fast), len(simgo)) {
		if fast[i] != simgo[i] {
			t.Fatalf("seed %d: event %d fast %s simgo %s", seed, i, fast[i], simgo[i])
		}
	}
	if len(fast) != len(simgo) {
		t.Fatalf("seed %d: %d vs %d events", seed, len(fast), len(simgo))
	}
}

func TestEnginesAgreeOnRandomWorkloads(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		a := randomWorkload(NewFast(), seed, 3000)
		b := randomWorkload(NewSimGo(), seed, 3000)
		sameFirings(t, seed, a, b)
	}
}

func TestExactDelayHitsTheRequestedTime(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 100000; i++ {
		now := rng.ExpFloat64() * math.Pow(10, float64(rng.IntN(12)-3))
		at := now + rng.ExpFloat64()*math.Pow(10, float64(rng.IntN(12)-6))
		if d := exactDelay(now, at); now+d != at {
			t.Fatalf("now %v at %v: now+%v = %v", now, at, d, now+d)
		}
	}
}

func TestNew(t *testing.T) {
	for _, k := range Kinds() {
		if _, err := New(k); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := New("warp"); err == nil {
		t.Fatal("unknown engine accepted")
	}
}

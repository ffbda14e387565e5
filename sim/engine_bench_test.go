package sim

import (
	"math/rand/v2"
	"testing"
)

// holdModel is the classic hold benchmark: pending events stay at a fixed
// population; each firing schedules one replacement at an exponential
// delay, and every fourth firing also schedules an extra event and cancels
// the previous extra one (the schedule + cancel mix of timeouts).
type holdModel struct {
	eng   Engine
	rng   *rand.Rand
	act   Action
	extra Handle
	n     int
}

func (m *holdModel) fire(any) {
	m.n++
	m.eng.After(m.rng.ExpFloat64(), PriorityDefault, m.act, m)
	if m.n%4 == 0 {
		m.eng.Cancel(m.extra)
		m.extra = m.eng.After(m.rng.ExpFloat64()*10, PriorityDefault, m.act, nil)
	}
}

func benchmarkHold(b *testing.B, mk func() Engine) {
	const pending = 10000
	m := &holdModel{eng: mk(), rng: rand.New(rand.NewPCG(1, 2))}
	m.act = m.fire
	for i := 0; i < pending; i++ {
		m.eng.After(m.rng.ExpFloat64(), PriorityDefault, m.act, m)
	}
	// Warm up so that the event tables have reached their steady size.
	m.eng.Run(Limit{Events: m.eng.Processed() + 4*pending})
	b.ReportAllocs()
	b.ResetTimer()
	m.eng.Run(Limit{Events: m.eng.Processed() + uint64(b.N)})
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/event")
}

// BenchmarkHoldFast measures the default engine; one op is one event.
func BenchmarkHoldFast(b *testing.B) { benchmarkHold(b, func() Engine { return NewFast() }) }

// BenchmarkHoldSimGo measures the simgo engine; one op is one event.
func BenchmarkHoldSimGo(b *testing.B) { benchmarkHold(b, func() Engine { return NewSimGo() }) }

func TestFastEngineDoesNotAllocateInSteadyState(t *testing.T) {
	m := &holdModel{eng: NewFast(), rng: rand.New(rand.NewPCG(1, 2))}
	m.act = m.fire
	for i := 0; i < 1000; i++ {
		m.eng.After(m.rng.ExpFloat64(), PriorityDefault, m.act, m)
	}
	m.eng.Run(Limit{Events: 10000})
	allocs := testing.AllocsPerRun(10, func() {
		m.eng.Run(Limit{Events: m.eng.Processed() + 1000})
	})
	if allocs != 0 {
		t.Fatalf("%v allocations per 1000 events, want 0", allocs)
	}
}

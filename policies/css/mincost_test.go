package css

import (
	"math"
	"testing"
)

func TestMeanProcLimit(t *testing.T) {
	alts := [][]Alternative{
		{{ProcTime: 100.5}, {ProcTime: 110}}, // mean 105.25 → 105
		nil,                                  // no alternative: no part
		{{ProcTime: 40.75}},                  // ⌊40.75⌋ = 40 < 40.75
	}
	if got := MeanProcLimit(alts); got != 145 {
		t.Errorf("MeanProcLimit = %v, want 105 + 40 = 145", got)
	}
	// the integer parts below the quickest choice: raised to it
	alts = [][]Alternative{{{ProcTime: 10.5}}, {{ProcTime: 20.25}}}
	if got := MeanProcLimit(alts); got != 30.75 {
		t.Errorf("MeanProcLimit = %v, want the quickest choice 30.75", got)
	}
}

// TestMinCostScheduler: on generated 2014 batches the least-cost choice
// keeps the total processor time within T*, chooses for every job with
// an alternative, and costs no more than the quickest choice (which T*
// always admits) or the least-processor-time choice when that meets T*.
func TestMinCostScheduler(t *testing.T) {
	var s Scheduler
	cheap, quick := MinCostScheduler(&s), MinProcScheduler(&s)
	total := func(p Plan, prop Property) float64 {
		sum := 0.0
		for i := range p.Chosen {
			if a, ok := p.Choice(i); ok {
				sum += a.Value(prop)
			}
		}
		return sum
	}
	for seed := uint64(1); seed <= 8; seed++ {
		l, jobs := batch2014(t, seed, 0.28)
		p, err := cheap(l, jobs)
		if err != nil {
			t.Fatal(err)
		}
		q, err := quick(l, jobs)
		if err != nil {
			t.Fatal(err)
		}
		limit, quickest, quickestCost := MeanProcLimit(p.Alternatives), 0.0, 0.0
		for i, ja := range p.Alternatives {
			if len(ja) == 0 {
				continue
			}
			if _, ok := p.Choice(i); !ok {
				t.Fatalf("seed %d: job %d has alternatives but none chosen", seed, i)
			}
			best := 0
			for k, a := range ja {
				if a.ProcTime < ja[best].ProcTime {
					best = k
				}
			}
			quickest += ja[best].ProcTime
			quickestCost += ja[best].Cost
		}
		if got := total(p, ProcTime); got > limit*(1+1e-9) {
			t.Errorf("seed %d: processor time %v above T* = %v", seed, got, limit)
		}
		if got := total(p, Cost); got > quickestCost*(1+1e-9) {
			t.Errorf("seed %d: cost %v above the quickest choice's %v", seed, got, quickestCost)
		}
		if pq := total(q, ProcTime); pq <= limit && total(p, Cost) > total(q, Cost)*(1+1e-9) {
			t.Errorf("seed %d: cost %v above the least-processor-time choice's %v, which meets T*", seed, total(p, Cost), total(q, Cost))
		}
		if math.IsNaN(quickest) || quickest > limit {
			t.Errorf("seed %d: T* = %v below the quickest choice %v", seed, limit, quickest)
		}
	}
}

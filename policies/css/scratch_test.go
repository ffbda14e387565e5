package css

import (
	"reflect"
	"testing"
)

// TestScratchKeepsThePlansOfOnePeriod checks SetScratch: with scratch
// on, a sliced plan (several searches, whose alternatives the plan
// keeps) equals the one made without scratch, and stays so while later
// searches of the same period run; and a period with scratch allocates
// less than the same work without (the memory of the previous period is
// reused).
func TestScratchKeepsThePlansOfOnePeriod(t *testing.T) {
	var plain, scratch Scheduler
	for seed := uint64(1); seed <= 10; seed++ {
		l, jobs := batch2014(t, seed, 0.2)
		want, err := Sliced(l, jobs, 4, MinProcScheduler(&plain))
		if err != nil {
			t.Fatal(err)
		}
		scratch.SetScratch(true)
		got, err := Sliced(l, jobs, 4, MinProcScheduler(&scratch))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Sliced(l, jobs, 2, MinProcScheduler(&scratch)); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("seed %d: the plan made with scratch differs from the one without, or was overwritten", seed)
		}
	}
	scratch.SetScratch(false)
	l, jobs := batch2014(t, 3, 0.2)
	run := func(s *Scheduler, on bool) float64 {
		return testing.AllocsPerRun(10, func() {
			if on {
				s.SetScratch(true)
			}
			if _, err := Sliced(l, jobs, 4, MinProcScheduler(s)); err != nil {
				t.Fatal(err)
			}
		})
	}
	if a, b := run(&scratch, true), run(&plain, false); !(a < b) {
		t.Errorf("%v allocations per period with scratch, %v without", a, b)
	}
}

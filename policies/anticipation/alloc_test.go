package anticipation

import (
	"math/rand/v2"
	"testing"
)

// TestIdealAlternativesReuseTheirMemory: once its buffers have grown, the
// search of the ideal alternatives allocates nothing per window: at most
// one allocation per job (its emit function), however many windows the
// jobs have.
func TestIdealAlternativesReuseTheirMemory(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	l := randomEnv(rng, 40, 800)
	jobs := randomJobs(rng, 20)
	var s Scheduler
	alts, err := s.IdealAlternatives(l, jobs)
	if err != nil {
		t.Fatal(err)
	}
	windows := 0
	for _, a := range alts {
		windows += len(a)
	}
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := s.IdealAlternatives(l, jobs); err != nil {
			t.Fatal(err)
		}
	})
	t.Logf("%d windows, %v allocations per call", windows, allocs)
	if windows < 10*len(jobs) || allocs > float64(len(jobs)) {
		t.Errorf("%d windows of %d jobs: %v allocations per call", windows, len(jobs), allocs)
	}
}

package batch

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/cluster/clustertest"
	"github.com/schedsim/schedsim/sim"
)

// TestConservativePruningExact replays random congested workloads (some
// jobs overrunning their estimates, so that repairs happen too) under
// conservative backfilling as it is and with the pruning of the
// compression switched off (every job a sweep looks at searched over the
// whole profile before its reservation: no test, no moveLog), and checks
// that both make the same reservations and moves, in the same order. The
// trials take turns testing jobs with staircases always, never (top) and
// from stairsFrom's steps on. It fails with a staircase that misses the
// runs left of the release, a union that takes the minimum, top one too
// low, or a later sweep's lower bound on the start too high.
func TestConservativePruningExact(t *testing.T) {
	defer func(v int) { stairsFrom = v }(stairsFrom)
	modes := []int{0, math.MaxInt, stairsFrom}
	rng := rand.New(rand.NewPCG(22, 24))
	for trial := range 42 {
		jobs, procs := congestedWorkload(rng, 200)
		stairsFrom = modes[trial%len(modes)]
		var moves [2][]string
		for k, exhaustive := range []bool{false, true} {
			p, err := Policies.New("conservative", Options{})
			if err != nil {
				t.Fatal(err)
			}
			c := p.(*Conservative)
			c.exhaustive = exhaustive
			c.SetProbe(func(id int64, at float64) { moves[k] = append(moves[k], fmt.Sprint(id, "@", at)) })
			clustertest.Replay(t, sim.NewFast(), cluster.Config{Procs: procs}, c, jobs)
		}
		if i := firstDiff(moves[0], moves[1]); i >= 0 {
			t.Fatalf("trial %d (%d processors, %d jobs): reservation %d of %d is %s pruned, %s searched in full",
				trial, procs, len(jobs), i, len(moves[1]), nth(moves[0], i), nth(moves[1], i))
		}
		if len(moves[0]) <= len(jobs) {
			t.Fatalf("trial %d: %d reservations for %d jobs: no move to compare", trial, len(moves[0]), len(jobs))
		}
	}
}

// firstDiff returns the first index at which a and b differ, -1 if none.
func firstDiff(a, b []string) int {
	for i := range max(len(a), len(b)) {
		if i >= len(a) || i >= len(b) || a[i] != b[i] {
			return i
		}
	}
	return -1
}

// nth returns s[i], or "none" past its end.
func nth(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "none"
}

// congestedWorkload draws a random congested workload of n to 2n jobs
// on 8 to 67 processors: mostly narrow jobs, arrivals a few seconds
// apart, a tenth of the jobs running past their estimates (repairs), a
// third to their estimates, the others ending early.
func congestedWorkload(rng *rand.Rand, n int) (jobs []model.Job, procs int) {
	procs = 8 + rng.IntN(60)
	jobs = make([]model.Job, n+rng.IntN(n))
	at := 0.0
	for i := range jobs {
		at += float64(rng.IntN(40))
		size := 1 + rng.IntN(procs)
		if rng.IntN(3) > 0 {
			size = 1 + rng.IntN(max(1, procs/4))
		}
		est := float64(1 + rng.IntN(400))
		run := est
		switch rng.IntN(10) {
		case 0:
			run = est + float64(1+rng.IntN(50)) // overruns: repaired
		case 1, 2, 3:
		default:
			run = float64(1 + rng.IntN(int(est)))
		}
		jobs[i] = model.NewJob(int64(i+1), at, size, run, est)
	}
	return jobs, procs
}

package recorded

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

var nan = math.NaN()

// handJobs is the worked example of the tests and of
// docs/reference/compare-recorded.md.
func handJobs() []Job {
	return []Job{
		{ID: 1, User: "a", Partition: "p", Submit: 0, Recorded: 10, Simulated: 10},
		{ID: 2, User: "a", Partition: "p", Submit: 0, Recorded: 20, Simulated: 100},
		{ID: 3, User: "b", Partition: "q", Submit: 5, Recorded: 30, Simulated: 50},
		{ID: 4, User: "b", Partition: "q", Submit: 10, Recorded: nan, Simulated: 12},
		{ID: 5, User: "b", Partition: "p", Submit: 10, Recorded: 40, Simulated: 25},
		{ID: 6, User: "c", Partition: "p", Submit: 10, Recorded: 50, Simulated: nan},
	}
}

func TestCompareHandComputed(t *testing.T) {
	jobs := handJobs()
	before := slices.Clone(jobs)
	s := Compare(jobs)
	// Compared: jobs 1, 2, 3, 5. Errors 0, 80, 20, −15; |error| sorted
	// 0, 15, 20, 80: median at position 1.5 = 17.5, p90 at 2.7 =
	// 20 + 0.7·60 = 62. Waits recorded 10, 20, 25, 30, simulated 10, 100,
	// 45, 15: the ECDFs differ most at 30 (1 vs 0.5). Orders: recorded
	// 1 2 3 5, simulated 1 5 3 2: LCS 2 of 4.
	want := map[string][2]float64{
		"Jobs": {float64(s.Jobs), 4}, "Skipped": {float64(s.Skipped), 1}, "Unsimulated": {float64(s.Unsimulated), 1},
		"ErrorMedian": {s.ErrorMedian, 17.5}, "ErrorP90": {s.ErrorP90, 62}, "ErrorMean": {s.ErrorMean, 21.25},
		"Within": {s.Within, 0.75}, "WaitKS": {s.WaitKS, 0.5}, "SameOrder": {s.SameOrder, 0.5},
		"RecordedWait": {s.RecordedWait, 21.25}, "SimulatedWait": {s.SimulatedWait, 42.5},
	}
	for name, v := range want {
		if math.Abs(v[0]-v[1]) > 1e-12 {
			t.Errorf("%s = %v, want %v", name, v[0], v[1])
		}
	}
	wantPart := []Group{{"p", 3, 20, 125.0 / 3}, {"q", 1, 25, 45}}
	if !slices.Equal(s.ByPartition, wantPart) {
		t.Errorf("ByPartition = %v, want %v", s.ByPartition, wantPart)
	}
	wantUser := []Group{{"a", 2, 15, 55}, {"b", 2, 27.5, 30}}
	if !slices.Equal(s.ByUser, wantUser) {
		t.Errorf("ByUser = %v, want %v", s.ByUser, wantUser)
	}
	for i := range jobs {
		if jobs[i] != before[i] && !(math.IsNaN(jobs[i].Recorded) || math.IsNaN(jobs[i].Simulated)) {
			t.Errorf("Compare changed job %d: %+v", i, jobs[i])
		}
	}
}

func TestCompareEmpty(t *testing.T) {
	s := Compare([]Job{{ID: 1, Recorded: nan, Simulated: 3}})
	if s.Jobs != 0 || s.Skipped != 1 || !math.IsNaN(s.ErrorMedian) || !math.IsNaN(s.SameOrder) || s.ByUser != nil {
		t.Errorf("Compare with no compared job = %+v", s)
	}
}

// orderJobs returns jobs 1…n with recorded start rec[i] and simulated
// start sim[i].
func orderJobs(rec, sim []float64) []Job {
	jobs := make([]Job, len(rec))
	for i := range rec {
		jobs[i] = Job{ID: i + 1, Recorded: rec[i], Simulated: sim[i]}
	}
	return jobs
}

func TestSameOrderPermutation(t *testing.T) {
	// Recorded order 1 2 3 4 5 6; simulated starts 3 1 4 6 2 5 give the
	// order 2 5 1 3 6 4, whose longest increasing subsequence (2 3 4,
	// 1 3 6, …) has 3 jobs.
	jobs := orderJobs([]float64{1, 2, 3, 4, 5, 6}, []float64{3, 1, 4, 6, 2, 5})
	if got := Compare(jobs).SameOrder; got != 0.5 {
		t.Errorf("SameOrder = %v, want 3/6", got)
	}
	// Reversed: only one job keeps its relative order.
	jobs = orderJobs([]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1})
	if got := Compare(jobs).SameOrder; got != 0.25 {
		t.Errorf("SameOrder reversed = %v, want 1/4", got)
	}
}

func TestSameOrderTiesByID(t *testing.T) {
	// All starts equal in both: both orders are 1 2 3.
	if got := Compare(orderJobs([]float64{0, 0, 0}, []float64{5, 5, 5})).SameOrder; got != 1 {
		t.Errorf("SameOrder all ties = %v, want 1", got)
	}
	// Recorded: jobs 1 and 2 tie at 0, job 3 at 1 → 1 2 3. Simulated:
	// job 3 at 0, jobs 1 and 2 tie at 1 → 3 1 2. LCS 1 2: 2 of 3.
	if got := Compare(orderJobs([]float64{0, 0, 1}, []float64{1, 1, 0})).SameOrder; math.Abs(got-2.0/3) > 1e-15 {
		t.Errorf("SameOrder ties = %v, want 2/3", got)
	}
	// The tie is broken by ID, not by position in the slice.
	jobs := []Job{{ID: 2, Recorded: 0, Simulated: 0}, {ID: 1, Recorded: 0, Simulated: 1}}
	// Recorded order 1 2 (tie by ID), simulated 2 1: LCS 1.
	if got := Compare(jobs).SameOrder; got != 0.5 {
		t.Errorf("SameOrder ID ties = %v, want 1/2", got)
	}
}

// lcsDP is the textbook O(n²) longest common subsequence.
func lcsDP(a, b []int) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(cur[j], prev[j+1])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func TestSameOrderMatchesDynamicProgramming(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 1 + rng.IntN(40)
		rec, sim := make([]float64, n), make([]float64, n)
		for i := range n {
			// Few distinct values, so that ties are common.
			rec[i], sim[i] = float64(rng.IntN(8)), float64(rng.IntN(8))
		}
		jobs := orderJobs(rec, sim)
		order := func(start []float64) []int {
			ids := make([]int, n)
			for i := range ids {
				ids[i] = i + 1
			}
			slices.SortStableFunc(ids, func(a, b int) int {
				switch {
				case start[a-1] < start[b-1]:
					return -1
				case start[a-1] > start[b-1]:
					return 1
				}
				return a - b
			})
			return ids
		}
		want := float64(lcsDP(order(rec), order(sim))) / float64(n)
		if got := Compare(jobs).SameOrder; got != want {
			t.Fatalf("trial %d: SameOrder = %v, want %v (rec %v, sim %v)", trial, got, want, rec, sim)
		}
	}
}

// manyJobs returns n jobs of 7 users in 3 partitions.
func manyJobs(n int) []Job {
	jobs := make([]Job, n)
	users, parts := []string{"a", "b", "c", "d", "e", "f", "g"}, []string{"x", "y", "z"}
	for i := range jobs {
		jobs[i] = Job{ID: i + 1, User: users[i%7], Partition: parts[i%3], Submit: float64(i), Recorded: float64(i + i%13), Simulated: float64(i + i%17)}
	}
	return jobs
}

// Compare's allocations do not grow with the number of jobs: a few
// slices, not one allocation per job.
func TestCompareAllocsDoNotGrowWithJobs(t *testing.T) {
	small, large := manyJobs(1_000), manyJobs(50_000)
	a := testing.AllocsPerRun(3, func() { Compare(small) })
	b := testing.AllocsPerRun(3, func() { Compare(large) })
	if b > a+5 {
		t.Errorf("Compare allocates %v times for 1,000 jobs, %v for 50,000", a, b)
	}
}

package cluster_test

import (
	"fmt"

	"github.com/schedsim/schedsim/model/cluster"
)

// An availability profile as conservative backfilling keeps it: the
// running jobs and every queued job's reservation, the earliest start of
// the next arrival, and a compression after an early end.
func ExampleProfile() {
	// 8 processors at time 0; a job of 6 runs until its estimated end 100.
	prof := cluster.NewProfile(8, 0)
	prof.Reserve(0, 100, 6)

	// A job of 4 processors for 50 s does not fit before 100: reserve it.
	t := prof.EarliestFit(4, 50)
	prof.Reserve(t, t+50, 4)
	fmt.Println("reservation of the 4-processor job:", t)

	// A job of 2 processors for 30 s fits now, beside the running job.
	fmt.Println("earliest start of a 2-processor job:", prof.EarliestFit(2, 30))

	// The running job ends at 40, 60 s early: its processors are free
	// over [40, 100), and the 4-processor job can move up to 40.
	prof.Advance(40)
	prof.Release(40, 100, 6)
	if t2, ok := prof.EarlierFit(4, 50, t); ok {
		prof.Move(t, t2, 50, 4)
		fmt.Println("compressed to:", t2)
	}
	for i := 0; i < prof.Len(); i++ {
		s := prof.At(i)
		fmt.Printf("from %v: %d free\n", s.Time, s.Free)
	}
	// Output:
	// reservation of the 4-processor job: 100
	// earliest start of a 2-processor job: 0
	// compressed to: 40
	// from 40: 4 free
	// from 90: 8 free
}

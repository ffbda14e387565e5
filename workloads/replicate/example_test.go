package replicate_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/schedsim/schedsim/workloads/replicate"
	"github.com/schedsim/schedsim/workloads/swf"
)

// Shaking a three-job trace by at most ±60 s: the jobs come back in
// submit order, each within a minute of where it was.
func ExampleNewShaker() {
	trace := replicate.NewRecords("tiny", swf.Header{MaxProcs: 4}, []swf.Record{
		{JobNumber: 1, Submit: 0, RunTime: 100, AllocProcs: 1},
		{JobNumber: 2, Submit: 30, RunTime: 100, AllocProcs: 2},
		{JobNumber: 3, Submit: 500, RunTime: 100, AllocProcs: 4},
	})
	k, err := replicate.NewShaker(trace, replicate.Shake{Submit: 60}, rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		panic(err)
	}
	for {
		r, err := k.Next()
		if err != nil {
			break
		}
		fmt.Printf("job %d at %.0f s\n", r.JobNumber, r.Submit)
	}
	// Output:
	// job 1 at 21 s
	// job 2 at 25 s
	// job 3 at 501 s
}

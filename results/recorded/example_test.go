package recorded_test

import (
	"math"
	"os"

	"github.com/schedsim/schedsim/results/recorded"
)

func Example() {
	jobs := []recorded.Job{
		{ID: 1, User: "alice", Partition: "batch", Submit: 0, Recorded: 10, Simulated: 10},
		{ID: 2, User: "alice", Partition: "batch", Submit: 0, Recorded: 20, Simulated: 100},
		{ID: 3, User: "bob", Partition: "debug", Submit: 5, Recorded: 30, Simulated: 50},
		{ID: 4, User: "bob", Partition: "debug", Submit: 10, Recorded: math.NaN(), Simulated: 12},
		{ID: 5, User: "bob", Partition: "batch", Submit: 10, Recorded: 40, Simulated: 25},
	}
	s := recorded.Compare(jobs)
	s.WriteTable(os.Stdout, 80)
	// Output:
	// Compared with the recorded history: 4 jobs, 1 left out (no recorded start)
	// start error |sim − rec|, median (s)        17.5
	// start error |sim − rec|, p90 (s)             62
	// start error sim − rec, mean (s)           21.25
	// jobs within 60 s of recorded start (0–1)   0.75
	// KS distance of waits (0–1)                  0.5
	// same start order, LCS / jobs (0–1)          0.5
	// mean wait, recorded (s)                   21.25
	// mean wait, simulated (s)                   42.5
	//
	// partition  jobs  recorded mean wait (s)  simulated mean wait (s)
	// batch         3                      20                    41.67
	// debug         1                      25                       45
	//
	// user   jobs  recorded mean wait (s)  simulated mean wait (s)
	// alice     2                      15                       55
	// bob       2                    27.5                       30
}

func ExampleSummary_WriteCSV() {
	jobs := []recorded.Job{
		{ID: 1, User: "alice", Partition: "batch", Submit: 0, Recorded: 10, Simulated: 70},
		{ID: 2, User: "bob", Partition: "batch", Submit: 0, Recorded: 20, Simulated: 5},
	}
	recorded.Compare(jobs).WriteCSV(os.Stdout)
	// Output:
	// metric,group,recorded,simulated,unit
	// jobs,,,2,jobs
	// skipped,,0,,jobs
	// unsimulated,,,0,jobs
	// start_error_median,,,37.5,s
	// start_error_p90,,,55.5,s
	// start_error_mean,,,22.5,s
	// start_within_60s,,,1,fraction
	// wait_ks,,,0.5,fraction
	// same_order,,,0.5,fraction
	// mean_wait,,15,37.5,s
	// jobs_by_partition,batch,2,2,jobs
	// mean_wait_by_partition,batch,15,37.5,s
	// jobs_by_user,alice,1,1,jobs
	// mean_wait_by_user,alice,10,70,s
	// jobs_by_user,bob,1,1,jobs
	// mean_wait_by_user,bob,20,5,s
}

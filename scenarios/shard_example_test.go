package scenarios_test

import (
	"fmt"

	"github.com/schedsim/schedsim/scenarios"
)

// A scenario of 3 points × 4 replications has 12 tasks, numbered round by
// round; shard I of N holds the tasks t with t mod N = I, so that each
// Slurm array task gets a mix of every point.
func ExampleShard_Tasks() {
	for _, s := range []string{"0/3", "1/3", "2/3"} {
		shard, err := scenarios.ParseShard(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(shard, shard.Tasks(12))
	}
	_, err := scenarios.ParseShard("3/2")
	fmt.Println(err)
	// Output:
	// 0/3 [0 3 6 9]
	// 1/3 [1 4 7 10]
	// 2/3 [2 5 8 11]
	// scenarios: shard "3/2": want 0 ≤ I < N and N ≥ 1 (I counts from 0, like a Slurm array task id)
}

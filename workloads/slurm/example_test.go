package slurm_test

import (
	"fmt"
	"strings"

	"github.com/schedsim/schedsim/workloads/slurm"
)

// Two jobs of sacct --parsable2 output, one with its batch step, one
// cancelled while pending, become SWF records.
func Example() {
	const out = `JobIDRaw|JobID|User|Group|Partition|Submit|Start|End|Elapsed|AllocCPUS|ReqCPUS|Timelimit|State
7|7|ann|hpc|batch|2026-11-02T08:00:00|2026-11-02T08:01:00|2026-11-02T09:01:00|01:00:00|16|16|2-00:00:00|COMPLETED
7.batch|7.batch||||2026-11-02T08:01:00|2026-11-02T08:01:00|2026-11-02T09:01:00|01:00:00|16|16||COMPLETED
8|8|bo|hpc|debug|2026-11-02T08:30:00|2026-11-02T08:40:00|2026-11-02T08:40:00|00:00:00|4|4|UNLIMITED|CANCELLED by 1001
`
	tr, err := slurm.Read(strings.NewReader(out), "sacct.txt", slurm.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range tr.Records() {
		fmt.Printf("job %d: submit %4.0f s, wait %4.0f, run %4.0f s, %2d CPUs, limit %6.0f s, status %d, user %d, partition %d\n",
			r.JobNumber, r.Submit, r.Wait, r.RunTime, r.AllocProcs, r.ReqTime, r.Status, r.User, r.Partition)
	}
	fmt.Printf("%+v\n", tr.Stats())
	// Output:
	// job 1: submit    0 s, wait   60, run 3600 s, 16 CPUs, limit 172800 s, status 1, user 1, partition 1
	// job 2: submit 1800 s, wait   -1, run   -1 s, -1 CPUs, limit     -1 s, status 5, user 2, partition 2
	// {Lines:3 Jobs:2 Steps:1 HetComponents:0 NeverStarted:1 Skipped:0}
}

package slurmsim_test

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/schedsim/schedsim/model/slurmsim"
	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// Three jobs on one 4-CPU node under sched/backfill: job 2 waits for the
// whole node, job 3 is short enough to run before job 2's reservation and
// is started by the backfill pass at 30 s.
func Example() {
	conf, err := slurmconf.Read(strings.NewReader(`SchedulerParameters=bf_resolution=1
NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`), "slurm.conf")
	if err != nil {
		fmt.Println(err)
		return
	}
	tree := slurmprio.NewTree()
	_ = tree.AddAccount("physics", "root", 1, 0)
	_ = tree.AddUser("ada", "physics", 1, 0)
	assoc, _ := tree.Attach("ada", "physics", "root")
	jobs := []slurmsim.Job{
		{ID: 1, Line: 2, User: "ada", Account: "physics", Submit: 0, CPUs: 2, TimeLimit: 600, Runtime: 600},
		{ID: 2, Line: 3, User: "ada", Account: "physics", Submit: 10, CPUs: 4, TimeLimit: 600, Runtime: 300},
		{ID: 3, Line: 4, User: "ada", Account: "physics", Submit: 20, CPUs: 2, TimeLimit: 120, Runtime: 100},
	}
	next := func() (slurmsim.Job, error) {
		if len(jobs) == 0 {
			return slurmsim.Job{}, io.EOF
		}
		j := jobs[0]
		jobs = jobs[1:]
		j.Eligible, j.Assoc = j.Submit, assoc
		return j, nil
	}
	cfg := slurmsim.Config{Conf: conf, Priority: slurmprio.OptionsFrom(conf), Tree: tree}
	st, err := slurmsim.Run(context.Background(), sim.NewFast(), cfg, next, func(r slurmsim.Record) {
		fmt.Printf("job %d: %g–%g backfilled=%t\n", r.Job.ID, r.Start, r.End, r.Backfilled)
	})
	fmt.Println(st.Jobs, "jobs,", st.Backfilled, "backfilled,", err)
	// Output:
	// job 3: 30–130 backfilled=true
	// job 1: 0–600 backfilled=false
	// job 2: 600–900 backfilled=false
	// 3 jobs, 1 backfilled, <nil>
}

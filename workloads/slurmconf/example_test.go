package slurmconf_test

import (
	"fmt"
	"strings"

	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// Reading a site's slurm.conf: the nodes and partitions, the
// multifactor weights and the backfill parameters the Slurm model uses;
// keys that do not change a schedule are listed as ignored.
func ExampleRead() {
	conf := `NodeName=n[01-04] CPUs=16
PartitionName=batch Nodes=n[01-04] Default=YES MaxTime=2-00:00:00
PriorityType=priority/multifactor
PriorityWeightFairshare=100000
PriorityWeightAge=1000
SchedulerType=sched/backfill
SchedulerParameters=bf_window=2880,bf_interval=30
SlurmctldPort=6817
`
	c, err := slurmconf.Read(strings.NewReader(conf), "slurm.conf")
	if err != nil {
		fmt.Println(err)
		return
	}
	cpus, nodes := c.TotalCPUs()
	p, _ := c.Partition("batch")
	fmt.Printf("%d nodes, %d CPUs; partition %s: %d nodes, MaxTime %v s\n", nodes, cpus, p.Name, len(p.Nodes), p.MaxTime)
	fmt.Printf("weights: fair share %v, age %v; fair tree: %v\n", c.Weights.FairShare, c.Weights.Age, c.FairTree())
	fmt.Printf("backfill window %v s (bf_window is minutes), every %v s\n", c.Sched.BfWindow, c.Sched.BfInterval)
	fmt.Println(c.Ignored)

	// A value the model cannot honour is one line naming the file and line.
	_, err = slurmconf.Read(strings.NewReader("SchedulerType=sched/gang\n"), "slurm.conf")
	fmt.Println(err)
	// Output:
	// 4 nodes, 64 CPUs; partition batch: 4 nodes, MaxTime 172800 s
	// weights: fair share 100000, age 1000; fair tree: true
	// backfill window 172800 s (bf_window is minutes), every 30 s
	// [ignored: SlurmctldPort (slurm.conf:8)]
	// slurm.conf:1: slurmconf: SchedulerType=sched/gang: a scheduler other than sched/backfill or sched/builtin, which schedsim does not model (allow-unmodelled lists it as ignored instead)
}

package slurmprio_test

import (
	"fmt"
	"strings"

	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/workloads/sacctmgr"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// A slurm.conf excerpt and sacctmgr's associations give the priority of a
// pending job.
func Example() {
	conf, err := slurmconf.Read(strings.NewReader(`
PriorityWeightAge=1000
PriorityWeightFairshare=10000
PriorityMaxAge=1-0
NodeName=n[1-4] CPUs=8
PartitionName=batch Nodes=ALL Default=YES MaxTime=1-0
`), "slurm.conf")
	if err != nil {
		fmt.Println(err)
		return
	}
	assoc, err := sacctmgr.ReadAssoc(strings.NewReader(`Cluster|Account|User|Share|ParentName
c|root||1|
c|chem||1|root
c|phys||1|root
c|chem|ann|1|
c|phys|bob|1|
`), "assoc.txt", sacctmgr.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	tree, err := slurmprio.TreeFrom(assoc, "assoc.txt")
	if err != nil {
		fmt.Println(err)
		return
	}
	ann, _ := tree.User("ann", "chem")
	tree.Charge(ann, 3600*8) // ann used the cluster for an hour
	e, err := slurmprio.New(slurmprio.Name(conf), slurmprio.OptionsFrom(conf), tree, slurmprio.ClusterFrom(conf, nil, 0))
	if err != nil {
		fmt.Println(err)
		return
	}
	e.Update(0, nil)
	for _, u := range []string{"ann", "bob"} {
		acct := map[string]string{"ann": "chem", "bob": "phys"}[u]
		f, _ := e.Priority(slurmprio.Job{User: u, Account: acct, Partition: "batch", CPUs: 8, Nodes: 1, Eligible: 0}, 6*3600)
		fmt.Printf("%s: age %.2f fair share %.2f priority %.0f\n", u, f.Age, f.FairShare, f.Priority)
	}
	// Output:
	// ann: age 0.25 fair share 0.50 priority 5250
	// bob: age 0.25 fair share 1.00 priority 10250
}

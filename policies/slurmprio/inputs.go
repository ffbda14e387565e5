package slurmprio

import (
	"fmt"

	"github.com/schedsim/schedsim/workloads/sacctmgr"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// Name returns the registered fair-share algorithm c selects:
// multifactor-classic with PriorityFlags=NO_FAIR_TREE, else
// multifactor-fairtree.
func Name(c *slurmconf.Config) string {
	if c.FairTree() {
		return "multifactor-fairtree"
	}
	return "multifactor-classic"
}

// OptionsFrom returns the options of a slurm.conf's priority keys.
func OptionsFrom(c *slurmconf.Config) Options {
	return Options{
		WeightAge: c.Weights.Age, WeightFairshare: c.Weights.FairShare, WeightJobSize: c.Weights.JobSize,
		WeightPartition: c.Weights.Partition, WeightQOS: c.Weights.QOS, WeightAssoc: c.Weights.Assoc,
		MaxAge: c.MaxAge, DecayHalfLife: c.DecayHalfLife, NoDecay: c.DecayHalfLife == 0,
		UsageResetPeriod: c.UsageResetPeriod, CalcPeriod: c.CalcPeriod,
		FavorSmall: c.FavorSmall, SmallRelativeToTime: c.HasFlag("SMALL_RELATIVE_TO_TIME"),
		DampeningFactor: c.DampeningFactor,
	}
}

// ClusterFrom returns the cluster of a slurm.conf's nodes and partitions
// and a QoS list (nil: none); epoch is the Unix time of simulated time 0.
func ClusterFrom(c *slurmconf.Config, qos []sacctmgr.QOS, epoch int64) Cluster {
	cpus, nodes := c.TotalCPUs()
	cl := Cluster{CPUs: cpus, Nodes: nodes, Partitions: map[string]Partition{}, QOS: map[string]float64{}, Epoch: epoch,
		NoEndCharge: !c.EnforceLimits}
	for _, p := range c.Partitions {
		cl.Partitions[p.Name] = Partition{JobFactor: float64(p.PriorityJobFactor), MaxTime: p.MaxTime}
	}
	for _, q := range qos {
		cl.QOS[q.Name] = q.Priority
	}
	return cl
}

// TreeFrom builds the association tree of sacctmgr's associations. A
// user's association limited to a partition is taken as the user's
// association; a second association of the same user and account (other
// partitions) is not modelled and is an error naming its line.
func TreeFrom(a *sacctmgr.Tree, name string) (*Tree, error) {
	t := NewTree()
	for _, acct := range a.Ordered() {
		if err := t.AddAccount(acct.Name, acct.Parent, acct.Shares, acct.Priority); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, acct.Line, err)
		}
	}
	for _, u := range a.Users {
		shares := u.Shares
		if shares < 0 {
			shares = ParentShares
		}
		if _, dup := t.User(u.Name, u.Account); dup {
			return nil, fmt.Errorf("%s:%d: slurmprio: user %s of account %s has a second association (partition %q): per-partition associations are not modelled", name, u.Line, u.Name, u.Account, u.Partition)
		}
		if err := t.AddUser(u.Name, u.Account, shares, u.Priority); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, u.Line, err)
		}
	}
	return t, nil
}

package slurmconf

// Config is what Read keeps of a slurm.conf. Times are in seconds;
// defaults are Slurm's (slurm.conf(5), 23.x) for keys the file leaves out.
type Config struct {
	// PriorityType is priority/multifactor (the default) or priority/basic.
	PriorityType string
	// Weights are the PriorityWeight* keys (default 0 each).
	Weights Weights
	// DecayHalfLife is PriorityDecayHalfLife (default 7 days; 0: no decay).
	DecayHalfLife float64
	// MaxAge is PriorityMaxAge (default 7 days).
	MaxAge float64
	// UsageResetPeriod is PriorityUsageResetPeriod: NONE (the default),
	// NOW, DAILY, WEEKLY, MONTHLY, QUARTERLY or YEARLY.
	UsageResetPeriod string
	// FavorSmall is PriorityFavorSmall=YES.
	FavorSmall bool
	// Flags are the PriorityFlags that are modelled, upper case:
	// NO_FAIR_TREE, FAIR_TREE, SMALL_RELATIVE_TO_TIME, ACCRUE_ALWAYS,
	// CALCULATE_RUNNING.
	Flags []string
	// CalcPeriod is PriorityCalcPeriod (default 5 minutes).
	CalcPeriod float64
	// DampeningFactor is FairShareDampeningFactor (default 1).
	DampeningFactor float64
	// EnforceLimits is AccountingStorageEnforce with limits, safe or all:
	// Slurm then charges a job's usage from the last priority pass to its
	// end when it ends (acct_policy.c calls priority_g_job_end only with
	// ACCOUNTING_ENFORCE_LIMITS); otherwise only at the passes.
	EnforceLimits bool
	// SchedulerType is sched/backfill (the default) or sched/builtin.
	SchedulerType string
	// Sched are the SchedulerParameters that are modelled.
	Sched SchedParams
	// Partitions are the PartitionName lines, in file order.
	Partitions []Partition
	// Nodes are the NodeName lines, in file order.
	Nodes []NodeLine
	// Ignored lists every key read and not modelled, once, in the order
	// met: "ignored: Key (FILE:LINE)".
	Ignored []string
}

// Weights are the PriorityWeight* keys.
type Weights struct {
	Age, FairShare, JobSize, Partition, QOS, Assoc float64
}

// SchedParams are the modelled SchedulerParameters, with Slurm's defaults.
type SchedParams struct {
	// DefaultQueueDepth is default_queue_depth (100).
	DefaultQueueDepth int
	// SchedInterval is sched_interval in seconds (60): the period of the
	// main scheduler's pass over the whole queue.
	SchedInterval float64
	// BfInterval is bf_interval in seconds (30).
	BfInterval float64
	// BfWindow is bf_window in seconds (given in minutes; 1440 min).
	BfWindow float64
	// BfResolution is bf_resolution in seconds (60).
	BfResolution float64
	// BfMaxJobTest is bf_max_job_test (500).
	BfMaxJobTest int
	// BfMaxJobUser is bf_max_job_user (0: no limit).
	BfMaxJobUser int
	// BfContinue is bf_continue.
	BfContinue bool
	// BatchSchedDelay is batch_sched_delay in seconds (3 when
	// BatchSchedDelaySet is false): how long the main scheduler's pass
	// for newly submitted batch jobs may be deferred.
	BatchSchedDelay    float64
	BatchSchedDelaySet bool
}

// Partition is one PartitionName line.
type Partition struct {
	Name string
	// Nodes are the partition's node names, ranges expanded (Nodes=ALL:
	// every node of the NodeName lines).
	Nodes []string
	// CPUs is the sum of the CPUs of Nodes.
	CPUs int
	// MaxTime and DefaultTime are seconds; Unlimited when not limited
	// (DefaultTime: MaxTime when absent).
	MaxTime, DefaultTime float64
	// MaxNodes is Unlimited when not limited.
	MaxNodes float64
	// PriorityTier and PriorityJobFactor default to 1; Priority=N sets
	// both, as in Slurm.
	PriorityTier, PriorityJobFactor int
	// Default is Default=YES.
	Default bool
	// Line is the line of the PartitionName key.
	Line int
}

// NodeLine is one NodeName line.
type NodeLine struct {
	// Names are the node names, ranges expanded.
	Names []string
	// CPUs is each node's CPUs: CPUs=, else Sockets × CoresPerSocket ×
	// ThreadsPerCore (Boards too), else 1, as Slurm.
	CPUs int
	// Line is the line of the NodeName key.
	Line int
}

// HasFlag reports whether PriorityFlags holds f (upper case).
func (c *Config) HasFlag(f string) bool {
	for _, g := range c.Flags {
		if g == f {
			return true
		}
	}
	return false
}

// FairTree reports whether the fair-share algorithm is Fair Tree (the
// default since Slurm 19.05) rather than classic (NO_FAIR_TREE).
func (c *Config) FairTree() bool { return !c.HasFlag("NO_FAIR_TREE") }

// Partition returns the partition named name.
func (c *Config) Partition(name string) (*Partition, bool) {
	for i := range c.Partitions {
		if c.Partitions[i].Name == name {
			return &c.Partitions[i], true
		}
	}
	return nil, false
}

// TotalCPUs and TotalNodes count the nodes of the NodeName lines.
func (c *Config) TotalCPUs() (cpus, nodes int) {
	for _, n := range c.Nodes {
		cpus += n.CPUs * len(n.Names)
		nodes += len(n.Names)
	}
	return cpus, nodes
}

func defaults() *Config {
	return &Config{
		PriorityType:     "priority/multifactor",
		DecayHalfLife:    7 * 86400,
		MaxAge:           7 * 86400,
		UsageResetPeriod: "NONE",
		CalcPeriod:       300,
		DampeningFactor:  1,
		SchedulerType:    "sched/backfill",
		Sched: SchedParams{
			DefaultQueueDepth: 100, SchedInterval: 60, BfInterval: 30, BfWindow: 1440 * 60,
			BfResolution: 60, BfMaxJobTest: 500,
		},
	}
}

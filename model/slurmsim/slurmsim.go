package slurmsim

import (
	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/workloads/sacctmgr"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// Job is one job of a Slurm history as the model replays it. Times are seconds of
// simulated time (0 = the history's first submit).
type Job struct {
	ID                            int             // 1, 2, … in submit order
	Line                          int             // line in the sacct file (errors name it)
	User, Account, Partition, QOS string          // "" partition: the slurm.conf default; "" QOS: "normal"
	Submit, Eligible              float64         // Eligible ≥ Submit; the age factor counts from Eligible
	CPUs                          int             // requested CPUs (ReqCPUS), ≥ 1
	Nodes                         int             // requested nodes, 0 = any
	TimeLimit                     float64         // seconds; ≤ 0: the partition's DefaultTime
	Runtime                       float64         // recorded End − Start; the model ends a job at min(Runtime, limit)
	RecordedStart                 float64         // recorded Start, NaN when unknown (never started)
	Assoc                         *slurmprio.Node // set by the caller (Tree.Attach) before Run
}

// Config is what a replay runs under.
type Config struct {
	Conf          *slurmconf.Config // nodes, partitions, SchedulerType, SchedulerParameters (bf_*)
	FairShare     string            // a slurmprio.FairShares name: multifactor-classic | multifactor-fairtree
	Priority      slurmprio.Options // weights, periods (defaults from slurmprio.OptionsFrom(Conf))
	Tree          *slurmprio.Tree   // every job's association attached before Run
	QOS           []sacctmgr.QOS    // nil: only "normal", no limits
	Epoch         int64             // Unix time of simulated time 0 (usage reset boundaries)
	SchedInterval float64           // sched_interval (default 60 s): full-queue main pass period
}

// Record is one ended job.
type Record struct {
	Job        *Job
	Start, End float64
	Priority   float64 // the job's priority when it started
	Backfilled bool    // started by the backfill scheduler
}

// Stats count what a replay did: the jobs ended, those the backfill
// scheduler started, the passes of each scheduler that ran (a pass that
// would see nothing new since the previous one is skipped and not counted),
// and the jobs whose time limit was cut to their partition's MaxTime.
type Stats struct{ Jobs, Backfilled, MainPasses, BackfillPasses, Capped int }

package slurmsim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/sacctmgr"
)

// randomSite has overlapping partitions (nodes n4–n6 are in all and big,
// n1–n3 in all and small), a higher tier, MaxTime and MaxNodes, QoS limits,
// a small queue depth and backfill limits, so that a random history goes
// through every path.
const randomSite = `PriorityWeightAge=1000
PriorityWeightFairshare=2000
PriorityWeightJobSize=100
PriorityWeightPartition=500
PriorityWeightQOS=300
PriorityCalcPeriod=1
PriorityDecayHalfLife=0-1
SchedulerParameters=bf_interval=15,bf_resolution=30,bf_window=60,default_queue_depth=5,bf_max_job_test=20,bf_max_job_user=3
NodeName=n[1-6] CPUs=4
NodeName=m[1-2] CPUs=8
PartitionName=all Nodes=n[1-6],m[1-2] Default=YES MaxTime=UNLIMITED
PartitionName=small Nodes=n[1-3] PriorityTier=2 PriorityJobFactor=5 MaxTime=2:00:00
PartitionName=big Nodes=m[1-2],n[4-6] MaxTime=1:00:00 MaxNodes=3
`

var randomQOS = []sacctmgr.QOS{{Name: "normal", MaxJobsPerUser: 4}, {Name: "high", Priority: 100, GrpCPUs: 12}}

// randomJobs draws n valid jobs from seed.
func randomJobs(seed uint64, n int) []Job {
	r := rand.New(rand.NewPCG(seed, 7))
	parts := []string{"all", "small", "big", ""}
	qos := []string{"", "normal", "high"}
	limits := []float64{0, 600, 1800, 3600, 7200}
	jobs := make([]Job, n)
	now := 0.0
	for i := range jobs {
		if i > 0 {
			now += math.Round(r.ExpFloat64() * 60)
		}
		j := Job{ID: i + 1, Line: i + 2, User: fmt.Sprintf("u%d", r.IntN(8)), Partition: parts[r.IntN(len(parts))],
			QOS: qos[r.IntN(len(qos))], Submit: now, Eligible: now, TimeLimit: limits[r.IntN(len(limits))],
			RecordedStart: math.NaN()}
		j.Account = fmt.Sprintf("a%d", len(j.User)%3+int(j.User[1]-'0')%3)
		if r.IntN(5) == 0 {
			j.Eligible += 300
		}
		if r.IntN(3) == 0 {
			j.Nodes = 1 + r.IntN(3)
			j.CPUs = j.Nodes + r.IntN(3*j.Nodes+1)
		} else {
			j.CPUs = 1 + r.IntN(8)
		}
		lim := j.TimeLimit
		if lim == 0 {
			lim = 3600
		}
		j.Runtime = math.Round(r.Float64() * 1.2 * lim)
		jobs[i] = j
	}
	return jobs
}

// TestRandomInvariants replays random histories with the checker on after
// every event, on both engines, which must give the same records; every
// job ends, after it became eligible, at start + min(run time, limit).
func TestRandomInvariants(t *testing.T) {
	seeds := uint64(10) // seed 8 once caught a multi-node placement bug
	if testing.Short() {
		seeds = 2
	}
	for seed := range seeds {
		for _, sched := range []string{"sched/backfill", "sched/builtin"} {
			su := setup{conf: "SchedulerType=" + sched + "\n" + randomSite, jobs: randomJobs(seed, 300), check: true,
				modify: func(c *Config) { c.QOS = randomQOS; c.SchedInterval = 45 }}
			var first string
			for _, kind := range sim.Kinds() {
				recs, st, err := su.replay(t, kind)
				if err != nil {
					t.Fatalf("seed %d %s %s: %v", seed, sched, kind, err)
				}
				if st.Jobs != 300 || len(recs) != 300 {
					t.Fatalf("seed %d %s: %d jobs ended, %d records", seed, sched, st.Jobs, len(recs))
				}
				for i, r := range recs {
					j := r.Job
					if r.Start < j.Eligible || r.End < r.Start || r.End-r.Start > j.Runtime {
						t.Fatalf("job %d: eligible %v, ran %v–%v", j.ID, j.Eligible, r.Start, r.End)
					}
					if i > 0 && (r.End < recs[i-1].End || r.End == recs[i-1].End && j.ID < recs[i-1].Job.ID) {
						t.Fatalf("records out of end order at job %d", j.ID)
					}
				}
				if d := dump(recs); first == "" {
					first = d
				} else if d != first {
					t.Fatalf("seed %d %s: the engines give different records", seed, sched)
				}
				if sched == "sched/builtin" && st.Backfilled+st.BackfillPasses != 0 {
					t.Errorf("sched/builtin backfilled: %+v", st)
				}
			}
		}
	}
}

package slurmsim

import (
	"maps"
	"testing"

	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/sacctmgr"
)

// Golden schedules worked out by hand. Every job's priority is 1 unless a
// case sets weights (all weights 0: Slurm's floor of 1), so the order is
// then by submit time. Times are seconds; job ends free CPUs before any pass
// of the same instant looks at them.

// job builds a test job: ID, submit, CPUs, time limit, run time.
func tjob(id int, user, part string, submit float64, cpus int, limit, run float64) Job {
	return Job{ID: id, Line: id + 1, User: user, Partition: part, Submit: submit, Eligible: submit,
		CPUs: cpus, TimeLimit: limit, Runtime: run}
}

func wantStarts(t *testing.T, su setup, want map[int]float64) {
	t.Helper()
	su.check = true
	if got := su.starts(t); !maps.Equal(got, want) {
		t.Errorf("starts\n got %v\nwant %v", got, want)
	}
}

// (a) The main scheduler alone (sched/builtin): a job that does not fit
// blocks the jobs after it in its partition, not in another partition.
func TestGoldenMainBlocksPartition(t *testing.T) {
	// batch_sched_delay=0: a submit's pass runs at the submit (see
	// TestGoldenBatchSchedDelay for Slurm's default of 3 s).
	conf := `SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0
NodeName=n1 CPUs=4
NodeName=n2 CPUs=2
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
PartitionName=other Nodes=n2 MaxTime=UNLIMITED
`
	jobs := []Job{
		tjob(1, "u", "batch", 0, 4, 100, 100),  // starts at 0, all of n1 until 100
		tjob(2, "u", "batch", 10, 4, 100, 100), // does not fit: blocks batch; starts when 1 ends (100)
		tjob(3, "u", "batch", 20, 1, 10, 10),   // would fit nowhere before 100 either, but after 2 it waits for 2 (200)
		tjob(4, "u", "other", 30, 1, 10, 10),   // other partition: not blocked by 2, starts at once
		tjob(5, "u", "batch", 150, 1, 10, 10),  // n1 is full with job 2 until 200, and 3 is ahead: after 3, same instant
	}
	// At 200 job 2 ends; the pass starts 3 (1 CPU) then 5 (1 CPU): both at 200.
	wantStarts(t, setup{conf: conf, jobs: jobs}, map[int]float64{1: 0, 2: 100, 3: 200, 4: 30, 5: 200})
}

// (a') The main scheduler blocks even a job that would fit: sched/builtin
// leaves 1 CPU idle rather than start job 3 ahead of job 2.
func TestGoldenMainStrictOrder(t *testing.T) {
	conf := `SchedulerType=sched/builtin
NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	jobs := []Job{
		tjob(1, "u", "batch", 0, 3, 100, 100), // 0–100, 1 CPU left
		tjob(2, "u", "batch", 1, 4, 100, 50),  // waits for 1: 100–150
		tjob(3, "u", "batch", 2, 1, 10, 10),   // fits the idle CPU but 2 blocks batch: after 2 starts there is no room; 150
	}
	wantStarts(t, setup{conf: conf, jobs: jobs}, map[int]float64{1: 0, 2: 100, 3: 150})
}

// (b) Backfill: a small job that ends before the top job's reservation
// starts at the next backfill pass; a job that would delay the reservation
// does not.
func TestGoldenBackfill(t *testing.T) {
	conf := `SchedulerType=sched/backfill
SchedulerParameters=bf_interval=10,bf_resolution=1,bf_window=10
NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	jobs := []Job{
		tjob(1, "u", "batch", 0, 2, 100, 100), // main pass at 0: 0–100
		tjob(2, "u", "batch", 1, 4, 100, 50),  // blocked; backfill at 10 reserves 4 CPUs over [100, 200)
		tjob(3, "u", "batch", 2, 2, 50, 50),   // backfill at 10: 2 CPUs free over [10, 60), before 100: starts at 10
		tjob(4, "u", "batch", 3, 2, 200, 20),  // backfill at 60 (3 ended): [60, 260) crosses 2's reservation: reserved at 200
	}
	// At 100 job 1 ends and the main pass starts 2 (100–150); at 150 it
	// starts 4.
	su := setup{conf: conf, jobs: jobs}
	wantStarts(t, su, map[int]float64{1: 0, 2: 100, 3: 10, 4: 150})
	recs, st, err := su.replay(t, "fast")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs {
		if r.Backfilled != (r.Job.ID == 3) {
			t.Errorf("job %d: backfilled %t", r.Job.ID, r.Backfilled)
		}
	}
	if st.Backfilled != 1 || st.Jobs != 4 {
		t.Errorf("stats %+v", st)
	}
}

// (b') bf_window: a job whose earliest start lies beyond the window gets
// no reservation, so a long small job backfills in front of it and delays
// it; with a window that reaches its start it keeps its place.
func TestGoldenBackfillWindow(t *testing.T) {
	jobs := []Job{
		tjob(1, "u", "batch", 0, 3, 1000, 1000), // 0–1000, 1 CPU left
		tjob(2, "u", "batch", 1, 4, 100, 100),   // earliest start 1000
		tjob(3, "u", "batch", 2, 1, 2000, 2000), // 1 CPU for 2000 s
	}
	conf := func(window string) string {
		return `SchedulerParameters=bf_interval=10,bf_resolution=1,bf_window=` + window + `
NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	}
	// bf_window=1 (60 s): at 10 the plan ends at 70; job 2's start (1000)
	// is beyond it, no reservation; job 3 fits [10, 70) and starts at 10.
	// Job 2 then needs job 3's CPU: 2010.
	wantStarts(t, setup{conf: conf("1"), jobs: jobs}, map[int]float64{1: 0, 2: 2010, 3: 10})
	// bf_window=60 (3600 s): job 2 reserves [1000, 1100); job 3 over
	// [10, 2010) would cross it; it is reserved at 1100. At 1000 the main
	// pass starts 2, and 3 when 2 ends.
	wantStarts(t, setup{conf: conf("60"), jobs: jobs}, map[int]float64{1: 0, 2: 1000, 3: 1100})
}

// (c) Partition tiers: jobs of the higher PriorityTier go first whatever
// their priority. Both partitions share node n1; partition low's
// PriorityJobFactor gives its jobs priority 1000, high's 10.
func TestGoldenPartitionTier(t *testing.T) {
	conf := func(tier string) string {
		return `SchedulerType=sched/builtin
PriorityWeightPartition=1000
NodeName=n1 CPUs=4
PartitionName=low Nodes=n1 Default=YES MaxTime=UNLIMITED PriorityTier=1 PriorityJobFactor=100
PartitionName=high Nodes=n1 MaxTime=UNLIMITED PriorityTier=` + tier + ` PriorityJobFactor=1
`
	}
	jobs := []Job{
		tjob(1, "u", "low", 0, 4, 100, 100),   // 0–100
		tjob(2, "u", "low", 1, 4, 100, 100),   // priority 1000
		tjob(3, "u", "high", 50, 4, 100, 100), // priority 10 (1000·1/100)
	}
	// Tier 2: at 100 job 3 (tier 2) starts before job 2, which starts at 200.
	wantStarts(t, setup{conf: conf("2"), jobs: jobs}, map[int]float64{1: 0, 2: 200, 3: 100})
	// Same tier: priority decides, job 2 first.
	wantStarts(t, setup{conf: conf("1"), jobs: jobs}, map[int]float64{1: 0, 2: 100, 3: 200})
}

// (d) QoS limits: a job held by MaxJobsPerUser or GrpTRES cpu is skipped
// and blocks no one behind it.
func TestGoldenQOSLimits(t *testing.T) {
	// batch_sched_delay=0: submits' passes run at once.
	conf := `SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0
NodeName=n1 CPUs=8
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	withQOS := func(c *Config) {
		c.QOS = []sacctmgr.QOS{{Name: "normal", MaxJobsPerUser: 1}, {Name: "small", GrpCPUs: 2}}
	}
	q := func(j Job, name string) Job { j.QOS = name; return j }
	jobs := []Job{
		tjob(1, "u1", "batch", 0, 1, 100, 100),           // 0–100
		tjob(2, "u1", "batch", 1, 1, 100, 100),           // u1 already runs one (MaxJobsPU=1): held until 100
		tjob(3, "u2", "batch", 2, 1, 100, 100),           // not blocked by 2: starts at 2
		q(tjob(4, "u3", "batch", 3, 2, 50, 50), "small"), // QoS small's 2 CPUs: 3–53
		q(tjob(5, "u4", "batch", 4, 1, 50, 50), "small"), // GrpCPUs=2 is used up: held until 53
		tjob(6, "u5", "batch", 5, 1, 100, 100),           // 3 CPUs are still free: starts at 5
	}
	wantStarts(t, setup{conf: conf, jobs: jobs, modify: withQOS}, map[int]float64{1: 0, 2: 100, 3: 2, 4: 3, 5: 53, 6: 5})
}

// (e) Fair share changes the order once usage accrues. One CPU; users ua
// (account A) and ub (account B), equal shares, Fair Tree, PriorityWeight-
// Fairshare=1000, recalculated every 300 s. Job 1 of ua runs 0–1000; at
// 300 ua has usage and ub none, so ub's job 3 ranks above ua's job 2
// although submitted later, and starts first at 1000. Without the fair-share
// weight the order is by submit time.
func TestGoldenFairShare(t *testing.T) {
	conf := func(weight string) string {
		return `SchedulerType=sched/builtin
PriorityWeightFairshare=` + weight + `
PriorityCalcPeriod=5
NodeName=n1 CPUs=1
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	}
	acct := func(j Job, a string) Job { j.Account = a; return j }
	jobs := []Job{
		acct(tjob(1, "ua", "batch", 0, 1, 1000, 1000), "A"),
		acct(tjob(2, "ua", "batch", 5, 1, 100, 100), "A"),
		acct(tjob(3, "ub", "batch", 6, 1, 100, 100), "B"),
	}
	su := setup{conf: conf("1000"), jobs: jobs}
	wantStarts(t, su, map[int]float64{1: 0, 2: 1100, 3: 1000})
	wantStarts(t, setup{conf: conf("0"), jobs: jobs}, map[int]float64{1: 0, 2: 1000, 3: 1100})
	// From the step at 300 on, Fair Tree ranks ub (no usage) first:
	// factor 2/2, priority 1000; ua second: 1/2, 500. Job 2 starts at
	// 1100 with the priority of the step at 900 (ua still has usage).
	recs, _, err := su.replay(t, sim.Fast)
	if err != nil {
		t.Fatal(err)
	}
	prio := map[int]float64{}
	for _, r := range recs {
		prio[r.Job.ID] = r.Priority
	}
	if prio[3] != 1000 || prio[2] != 500 {
		t.Errorf("priorities at start %v, want job 3: 1000, job 2: 500", prio)
	}
}

// A job that ends the instant it starts (run time 0) frees its CPUs for
// another main pass at the same instant: job 2 starts at 0, not at the
// next sched_interval.
func TestGoldenZeroRuntime(t *testing.T) {
	conf := `SchedulerType=sched/builtin
NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	jobs := []Job{tjob(1, "u", "batch", 0, 4, 10, 0), tjob(2, "u", "batch", 0, 4, 10, 10)}
	wantStarts(t, setup{conf: conf, jobs: jobs}, map[int]float64{1: 0, 2: 0})
}

// default_queue_depth: an event-triggered pass looks at the first jobs of
// the queue only; the full pass every sched_interval looks at all. Job 2
// (partition a, first in the queue) cannot start; with a depth of 1 the
// pass at job 3's submit (2) stops there, and job 3, of another partition,
// waits for the full pass at 60.
func TestGoldenQueueDepth(t *testing.T) {
	conf := func(depth string) string {
		return `SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0,default_queue_depth=` + depth + `
NodeName=n[1-2] CPUs=4
PartitionName=a Nodes=n1 Default=YES MaxTime=UNLIMITED
PartitionName=b Nodes=n2 MaxTime=UNLIMITED
`
	}
	jobs := []Job{
		tjob(1, "u", "a", 0, 4, 100, 100),
		tjob(2, "u", "a", 1, 4, 100, 100),
		tjob(3, "u", "b", 2, 1, 10, 10),
	}
	every60 := func(c *Config) { c.SchedInterval = 60 }
	wantStarts(t, setup{conf: conf("1"), jobs: jobs, modify: every60}, map[int]float64{1: 0, 2: 100, 3: 60})
	wantStarts(t, setup{conf: conf("100"), jobs: jobs, modify: every60}, map[int]float64{1: 0, 2: 100, 3: 2})
}

// bf_max_job_test: with 1, the backfill pass tests only the top job (2,
// which cannot start); job 3, which would backfill (2 CPUs free, ends
// before 100), is never tested and waits for job 2.
func TestGoldenBackfillMaxJobTest(t *testing.T) {
	conf := func(test string) string {
		return `SchedulerParameters=bf_interval=10,bf_resolution=1,bf_max_job_test=` + test + `
NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	}
	jobs := []Job{
		tjob(1, "u", "batch", 0, 2, 100, 100),
		tjob(2, "u", "batch", 1, 4, 100, 100),
		tjob(3, "u", "batch", 2, 2, 50, 50),
	}
	wantStarts(t, setup{conf: conf("1"), jobs: jobs}, map[int]float64{1: 0, 2: 100, 3: 200})
	wantStarts(t, setup{conf: conf("2"), jobs: jobs}, map[int]float64{1: 0, 2: 100, 3: 10})
}

// (h) batch_sched_delay: a submitted batch job waits for the controller's
// background loop, which runs the main scheduler for submits at its next
// whole second at least batch_sched_delay (3 s by default) after its last
// pass; a job end runs the main scheduler at once (the epilog's RPC).
func TestGoldenBatchSchedDelay(t *testing.T) {
	conf := `SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1000
NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	jobs := []Job{
		tjob(1, "u", "batch", 0, 1, 100, 100),   // the sched_interval pass at 0 (the background loop's; last = 0): 0
		tjob(2, "u", "batch", 0.5, 1, 100, 100), // next second ≥ 0 + 3: 3
		tjob(3, "u", "batch", 2, 1, 100, 100),   // the request of 2 is pending: the same pass, 3
		tjob(4, "u", "batch", 5.2, 4, 10, 10),   // max(6, 3 + 3) = 6: does not fit, blocks batch
		tjob(5, "u", "batch", 7, 1, 10, 1),      // pass at max(8, 6 + 3) = 9: behind 4, waits
		tjob(6, "u", "batch", 50, 1, 1, 1),      // after 9 + 3: at 51, behind 4, waits
	}
	// At 100 jobs 1 ends: the end's pass (at once) finds 1 CPU: 4 blocks.
	// At 103 jobs 2 and 3 end: 4 starts (103–113), 5 and 6 wait for it;
	// at 113 job 4 ends: 5 and 6 start at 113.
	wantStarts(t, setup{conf: conf, jobs: jobs}, map[int]float64{1: 0, 2: 3, 3: 3, 4: 103, 5: 113, 6: 113})
	// With batch_sched_delay=0 every submit's pass runs at the submit:
	// 2 and 3 start at 0.5 and 2, so they end at 100.5 and 102, and job 4
	// has its 4 CPUs only at 102 (102–112); 5 and 6 start at 112.
	zero := `SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1000,batch_sched_delay=0
NodeName=n1 CPUs=4
PartitionName=batch Nodes=n1 Default=YES MaxTime=UNLIMITED
`
	wantStarts(t, setup{conf: zero, jobs: jobs}, map[int]float64{1: 0, 2: 0.5, 3: 2, 4: 102, 5: 112, 6: 112})
}

// (i) A job that cannot start closes its partition's nodes to every
// partition for the rest of the pass (job_scheduler.c: "Do not schedule
// more jobs in this partition or on nodes in this partition").
func TestGoldenFailedPartitionClosesNodes(t *testing.T) {
	conf := `SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0
NodeName=n[1-2] CPUs=4
PartitionName=hi Nodes=n1 PriorityTier=2 MaxTime=UNLIMITED
PartitionName=lo Nodes=n1,n2 Default=YES PriorityTier=1 MaxTime=UNLIMITED
`
	jobs := []Job{
		tjob(1, "u", "lo", 0, 3, 100, 100), // n1: 3 CPUs, 0–100
		tjob(2, "u", "hi", 10, 4, 100, 100),
		// At 20 job 2 (tier 2, first) does not fit n1 and closes it; job 3
		// then has only n2's 4 CPUs, not 5: it waits (without the closing it
		// would take n1's last CPU and n2, 20–70, and delay job 2 no more).
		tjob(3, "u", "lo", 20, 5, 50, 50),
	}
	// At 100 job 1 ends: job 2 takes n1 (100–200); job 3 fails again. At
	// 200 it starts.
	wantStarts(t, setup{conf: conf, jobs: jobs}, map[int]float64{1: 0, 2: 100, 3: 200})
}

package slurmconf

import (
	"math"
	"strings"
	"testing"
)

const good = `# a site's excerpt
PriorityType=priority/multifactor
PriorityWeightAge=1000
PriorityWeightFairshare=10000   # fair share first
PriorityWeightJobSize=100
PriorityWeightPartition=500
PriorityWeightQOS=2000
PriorityWeightAssoc=10
PriorityDecayHalfLife=14-0
PriorityMaxAge=1-12
PriorityUsageResetPeriod=monthly
PriorityFavorSmall=YES
PriorityFlags=NO_FAIR_TREE,SMALL_RELATIVE_TO_TIME
PriorityCalcPeriod=2
FairShareDampeningFactor=5
SchedulerType=sched/backfill
SchedulerParameters=bf_window=2880,bf_interval=60,\
bf_resolution=300,bf_max_job_test=100,bf_max_job_user=10,bf_continue,default_queue_depth=50,sched_interval=20,max_rpc_cnt=150
ClusterName=test
NodeName=DEFAULT CPUs=16 RealMemory=64000
NodeName=n[01-04]
NodeName=big Sockets=2 CoresPerSocket=8 ThreadsPerCore=2
PartitionName=batch Nodes=n[01-04] Default=YES MaxTime=2-00:00:00 DefaultTime=1:00:00 MaxNodes=4 PriorityJobFactor=10
PartitionName=long Nodes=ALL MaxTime=UNLIMITED Priority=2 AllowAccounts=ALL
`

func TestReadGood(t *testing.T) {
	c, err := Read(strings.NewReader(good), "slurm.conf")
	if err != nil {
		t.Fatal(err)
	}
	if c.Weights != (Weights{Age: 1000, FairShare: 10000, JobSize: 100, Partition: 500, QOS: 2000, Assoc: 10}) {
		t.Errorf("weights %+v", c.Weights)
	}
	if c.DecayHalfLife != 14*86400 || c.MaxAge != 36*3600 || c.CalcPeriod != 120 || c.DampeningFactor != 5 {
		t.Errorf("times %v %v %v %v", c.DecayHalfLife, c.MaxAge, c.CalcPeriod, c.DampeningFactor)
	}
	if c.UsageResetPeriod != "MONTHLY" || !c.FavorSmall || c.FairTree() || !c.HasFlag("SMALL_RELATIVE_TO_TIME") {
		t.Errorf("flags %+v", c)
	}
	want := SchedParams{DefaultQueueDepth: 50, SchedInterval: 20, BfInterval: 60, BfWindow: 2880 * 60, BfResolution: 300, BfMaxJobTest: 100, BfMaxJobUser: 10, BfContinue: true}
	if c.Sched != want {
		t.Errorf("sched %+v", c.Sched)
	}
	if cpus, nodes := c.TotalCPUs(); cpus != 5*16 || nodes != 5 {
		t.Errorf("total %d CPUs %d nodes", cpus, nodes)
	}
	b, _ := c.Partition("batch")
	if b.CPUs != 64 || len(b.Nodes) != 4 || b.Nodes[0] != "n01" || b.MaxTime != 2*86400 || b.DefaultTime != 3600 ||
		b.MaxNodes != 4 || b.PriorityJobFactor != 10 || b.PriorityTier != 1 || !b.Default || b.Line != 23 {
		t.Errorf("batch %+v", b)
	}
	l, _ := c.Partition("long")
	if l.CPUs != 80 || !math.IsInf(l.MaxTime, 1) || !math.IsInf(l.DefaultTime, 1) || l.PriorityTier != 2 || l.PriorityJobFactor != 2 {
		t.Errorf("long %+v", l)
	}
	wantIgn := []string{
		"ignored: SchedulerParameters max_rpc_cnt (slurm.conf:17)",
		"ignored: ClusterName (slurm.conf:19)",
		"ignored: NodeName RealMemory (slurm.conf:20)",
		"ignored: PartitionName AllowAccounts (slurm.conf:24)",
	}
	if strings.Join(c.Ignored, "\n") != strings.Join(wantIgn, "\n") {
		t.Errorf("ignored:\n%s\nwant:\n%s", strings.Join(c.Ignored, "\n"), strings.Join(wantIgn, "\n"))
	}
}

func TestReadDefaults(t *testing.T) {
	c, err := Read(strings.NewReader("NodeName=a\nPartitionName=p Nodes=a\n"), "x")
	if err != nil {
		t.Fatal(err)
	}
	if c.DecayHalfLife != 7*86400 || c.MaxAge != 7*86400 || c.CalcPeriod != 300 || c.DampeningFactor != 1 ||
		!c.FairTree() || c.Sched.BfWindow != 86400 || c.Sched.DefaultQueueDepth != 100 || c.Partitions[0].CPUs != 1 {
		t.Errorf("defaults %+v", c)
	}
}

func TestReadBad(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"PriorityWeightAge=-1", "f:1: slurmconf: PriorityWeightAge: want an integer"},
		{"\n\nPriorityMaxAge=1-25", `f:3: slurmconf: PriorityMaxAge: time "1-25" is not`},
		{"PriorityFlags=DEPTH_OBLIVIOUS", "f:1: slurmconf: PriorityFlags=DEPTH_OBLIVIOUS: a priority flag, which schedsim does not model"},
		{"PriorityFlags=BOGUS", `f:1: slurmconf: PriorityFlags: unknown flag "BOGUS"`},
		{"SchedulerType=sched/gang", "f:1: slurmconf: SchedulerType=sched/gang: a scheduler other than"},
		{"SchedulerParameters=bf_min_prio_reserve=5", "f:1: slurmconf: SchedulerParameters bf_min_prio_reserve=5: a backfill parameter"},
		{"SchedulerParameters=bf_window=x", "f:1: slurmconf: SchedulerParameters bf_window: want an integer"},
		{"SchedulerParameters=bf_window=43201", "f:1: slurmconf: SchedulerParameters bf_window: want an integer in [1, 43200] (got \"43201\")"},
		{"SchedulerParameters=bf_interval=1,bf_max_job_test=1000001", "f:1: slurmconf: SchedulerParameters bf_max_job_test: want an integer in [1, 1000000]"},
		{"SchedulerParameters=sched_interval=999999999999", "f:1: slurmconf: SchedulerParameters sched_interval: want an integer in [1, 1000000000]"},
		{"SchedulerParameters=bf_max_job_user=99999999999", "f:1: slurmconf: SchedulerParameters bf_max_job_user: want an integer in [0, 1000000]"},
		{"PriorityUsageResetPeriod=HOURLY", "f:1: slurmconf: PriorityUsageResetPeriod: must be one of"},
		{"FairShareDampeningFactor=0", "f:1: slurmconf: FairShareDampeningFactor: want an integer in [1, 65535]"},
		{"PriorityType", `f:1: slurmconf: "PriorityType" is not Key=Value`},
		{"A=1 B=2", "f:1: slurmconf: one Key=Value a line"},
		{"NodeName=n[5-1]", "f:1: slurmconf: NodeName: host list"},
		{"NodeName=n[1-99999999]", "(the cap)"},
		{"NodeName=a CPUs=0", "f:1: slurmconf: NodeName a: cpus: want an integer"},
		{"NodeName=a\nPartitionName=p Nodes=b", "f:2: slurmconf: partition p: node b has no NodeName line"},
		{"NodeName=a\nPartitionName=p", "f:2: slurmconf: partition p: no Nodes="},
		{"NodeName=a\nNodeName=a", "f:2: slurmconf: node a: already on an earlier NodeName line"},
		{"NodeName=a\nPartitionName=p Nodes=a\nPartitionName=p Nodes=a", "f:3: slurmconf: partition p: already defined on line 2"},
		{"NodeName=a\nPartitionName=p Nodes=a State=DOWN", "f:2: slurmconf: PartitionName p State=DOWN: a partition that does not run jobs"},
		{"NodeName=a\nPartitionName=p Nodes=a MaxTime=1:2:3:4", `f:2: slurmconf: PartitionName p MaxTime: time "1:2:3:4"`},
		{"NodeName=a\nPartitionName=p Nodes=a MaxTime=10 DefaultTime=20", "f:2: slurmconf: PartitionName p DefaultTime is longer than MaxTime"},
		{"NodeName=a\nPartitionName=p Nodes=a OverSubscribe=FORCE", "OverSubscribe=FORCE: a partition setting that changes the schedule"},
		{"Include /etc/x", "f:1: slurmconf: Include /etc/x: an included file (paste its lines in)"},
		{"  include \t /etc/x", "f:1: slurmconf: Include /etc/x: an included file"},
		{"Include=/etc/x", "f:1: slurmconf: Include=/etc/x: an included file"},
		{"a=\"b", "f:1: slurmconf: an unclosed double quote"},
		{"x=\x00", "f:1: slurmconf: a NUL byte"},
		{strings.Repeat("x", MaxLineLength+1), "f:1: slurmconf: a line longer than"},
	} {
		_, err := Read(strings.NewReader(tc.in), "f")
		if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got %v, want %q on one line", tc.in, err, tc.want)
		}
	}
}

func TestAllowUnmodelled(t *testing.T) {
	c, err := ReadWith(strings.NewReader("PriorityFlags=DEPTH_OBLIVIOUS,NO_FAIR_TREE\nSchedulerType=sched/gang\n"), "f", Options{AllowUnmodelled: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "ignored: PriorityFlags=DEPTH_OBLIVIOUS (f:1): not modelled\nignored: SchedulerType=sched/gang (f:2): not modelled"
	if got := strings.Join(c.Ignored, "\n"); got != want || c.FairTree() || c.SchedulerType != "sched/backfill" {
		t.Errorf("got %q, fair tree %v", got, c.FairTree())
	}
}

func TestExpandHosts(t *testing.T) {
	got, err := expandHosts("n[01-03,10],login,x[8-9]y", 100)
	want := "n01 n02 n03 n10 login x8y x9y"
	if err != nil || strings.Join(got, " ") != want {
		t.Errorf("got %v %v", got, err)
	}
}

func FuzzRead(f *testing.F) {
	f.Add(good)
	f.Add("NodeName=n[1-3] CPUs=4\nPartitionName=p Nodes=ALL\\\n MaxTime=5")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ReadWith(strings.NewReader(s), "f", Options{AllowUnmodelled: len(s)%2 == 0})
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "f:") {
				t.Fatalf("error not one line naming the file: %q", err)
			}
			return
		}
		for _, p := range c.Partitions {
			if p.CPUs < len(p.Nodes) {
				t.Fatalf("partition %s: %d CPUs on %d nodes", p.Name, p.CPUs, len(p.Nodes))
			}
		}
	})
}

func TestNodeCPUsFromTopology(t *testing.T) {
	c, err := Read(strings.NewReader("NodeName=DEFAULT Sockets=2\nNodeName=a[1-2] CoresPerSocket=8 ThreadsPerCore=2\nNodeName=b Boards=2 Sockets=1 CPUs=3\n"), "f")
	if err != nil {
		t.Fatal(err)
	}
	if c.Nodes[0].CPUs != 32 || len(c.Nodes[0].Names) != 2 || c.Nodes[1].CPUs != 3 {
		t.Errorf("nodes %+v", c.Nodes)
	}
}

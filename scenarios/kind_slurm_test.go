package scenarios

import (
	"context"
	"io/fs"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

// slurmSite is the hand-made capture of a two-node site the tests replay.
const slurmSite = "testdata/slurm-site"

// newSiteParams returns the slurm kind's parameters on the test capture.
func newSiteParams() *SlurmParams {
	p := NewSlurmParams()
	p.Sacct, p.SlurmConf, p.Assoc, p.QOSFile = "sacct.txt", "slurm.conf", "assoc.txt", "qos.txt"
	p.SetBaseDir(slurmSite)
	return p
}

func to[T any](v T) *T { return &v }

func TestSlurmParamsValidate(t *testing.T) {
	noParts := filepath.Join(t.TempDir(), "slurm.conf") // read, then failed the run naming the sacct file
	if err := os.WriteFile(noParts, []byte("NodeName=n1 CPUs=8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		key string
		set func(p *SlurmParams)
	}{
		{"", func(p *SlurmParams) {}},
		{"", func(p *SlurmParams) { p.Assoc, p.QOSFile = "", "" }},
		{"", func(p *SlurmParams) {
			p.Sacct, p.SlurmConf = "builtin:slurm-site/sacct.txt", "builtin:slurm-site/slurm.conf"
			p.Assoc, p.QOSFile = "builtin:slurm-site/assoc.txt", "builtin:slurm-site/qos.txt"
		}},
		{"sacct", func(p *SlurmParams) { p.Sacct = "" }},
		{"sacct", func(p *SlurmParams) { p.Sacct = "no-such-file.txt" }},
		{"sacct", func(p *SlurmParams) { p.Sacct = "builtin:slurm-site/nope.txt" }},
		{"sacct", func(p *SlurmParams) { p.Sacct = "builtin:other/sacct.txt" }},
		{"slurm_conf", func(p *SlurmParams) { p.SlurmConf = "" }},
		{"slurm_conf", func(p *SlurmParams) { p.SlurmConf = "." }},
		{"slurm_conf", func(p *SlurmParams) { p.SlurmConf = "sacct.txt" }}, // not a slurm.conf: a line without '='
		{"slurm_conf", func(p *SlurmParams) { p.SlurmConf = noParts }},
		{"assoc", func(p *SlurmParams) { p.Assoc = "nope.txt" }},
		{"qos_file", func(p *SlurmParams) { p.QOSFile = "slurm.conf" }},
		{"sacct_tz", func(p *SlurmParams) { p.SacctTZ = "Mars/Olympus" }},
		{"tau", func(p *SlurmParams) { p.Tau = 0 }},
		{"scheduler", func(p *SlurmParams) { p.Scheduler = "gang" }},
		{"default_account", func(p *SlurmParams) { p.DefaultAccount = "" }},
		{"priority.fairshare", func(p *SlurmParams) { p.Priority.FairShare = "fair" }},
		{"priority.weight_age", func(p *SlurmParams) { p.Priority.WeightAge = to(-1.0) }},
		{"priority.usage_reset_period", func(p *SlurmParams) { p.Priority.UsageResetPeriod = to("HOURLY") }},
		{"backfill.bf_window", func(p *SlurmParams) { p.Backfill.BfWindow = to(0.0) }},
		{"backfill.bf_max_job_test", func(p *SlurmParams) { p.Backfill.BfMaxJobTest = to(0) }},
		{"backfill.sched_interval", func(p *SlurmParams) { p.Backfill.SchedInterval = to(math.NaN()) }},
		{"partition.gpu", func(p *SlurmParams) { p.Partition = map[string]SlurmPartition{"gpu": {MaxTime: to(60.0)}} }},
		{"partition.batch.max_time", func(p *SlurmParams) { p.Partition = map[string]SlurmPartition{"batch": {MaxTime: to(-1.0)}} }},
		{"partition.debug.max_nodes", func(p *SlurmParams) { p.Partition = map[string]SlurmPartition{"debug": {MaxNodes: to(0)}} }},
		{"qos.low", func(p *SlurmParams) { p.QOS = map[string]SlurmQOS{"low": {GrpCPUs: to(4)}} }},
		{"qos.high.grp_cpus", func(p *SlurmParams) { p.QOS = map[string]SlurmQOS{"high": {GrpCPUs: to(-4)}} }},
		{"qos.high", func(p *SlurmParams) { p.QOSFile, p.QOS = "", map[string]SlurmQOS{"high": {GrpCPUs: to(4)}} }},
		{"", func(p *SlurmParams) { p.QOSFile, p.QOS = "", map[string]SlurmQOS{"normal": {MaxJobsPerUser: to(1)}} }},
	}
	for _, c := range cases {
		p := newSiteParams()
		c.set(p)
		err := p.Validate()
		if c.key == "" {
			if err != nil {
				t.Errorf("valid params: %v", err)
			}
			continue
		}
		fe, ok := model.AsField(err)
		if !ok || fe.Path != c.key {
			t.Errorf("want a *model.FieldError for %q, got %v", c.key, err)
		}
	}
}

// TestSlurmOverrides: every override lands where the model reads it, on
// top of the slurm.conf, and leaves the next setup's slurm.conf alone.
func TestSlurmOverrides(t *testing.T) {
	p := newSiteParams()
	p.Scheduler = "builtin"
	p.Priority = SlurmPriority{FairShare: "multifactor-classic", WeightFairshare: to(5.0), NoDecay: to(true)}
	p.Backfill = SlurmBackfill{BfWindow: to(7200.0), BfMaxJobUser: to(3), SchedInterval: to(30.0)}
	p.Partition = map[string]SlurmPartition{"batch": {MaxTime: to(3600.0), PriorityTier: to(5)}}
	p.QOS = map[string]SlurmQOS{"high": {MaxJobsPerUser: to(1)}}
	s, err := p.setup()
	if err != nil {
		t.Fatal(err)
	}
	batch, _ := s.conf.Partition("batch")
	switch {
	case s.conf.SchedulerType != "sched/builtin", s.fairShare != "multifactor-classic":
		t.Errorf("scheduler %q, fair share %q", s.conf.SchedulerType, s.fairShare)
	case s.priority.WeightFairshare != 5 || !s.priority.NoDecay || s.priority.WeightAge != 1000:
		t.Errorf("priority %+v", s.priority)
	case s.conf.Sched.BfWindow != 7200 || s.conf.Sched.BfMaxJobUser != 3 || s.conf.Sched.BfInterval != 30 || s.schedInterval != 30:
		t.Errorf("backfill %+v, sched_interval %v", s.conf.Sched, s.schedInterval)
	case batch.MaxTime != 3600 || batch.DefaultTime != 3600 || batch.PriorityTier != 5 || batch.PriorityJobFactor != 1:
		t.Errorf("batch %+v", batch)
	case s.qos[1].Name != "high" || s.qos[1].MaxJobsPerUser != 1 || s.qos[1].GrpCPUs != 8:
		t.Errorf("qos %+v", s.qos)
	}
	fresh, err := newSiteParams().setup()
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := fresh.conf.Partition("batch"); b.MaxTime != 4*3600 || fresh.conf.SchedulerType != "sched/backfill" || fresh.fairShare != "multifactor-fairtree" {
		t.Errorf("a fresh setup sees the overrides: %+v", b)
	}
}

// slurmSweepYAML sweeps two dotted override keys on the test capture.
const slurmSweepYAML = `name: slurm-sweep
model: slurm
seed: 3
replications: 1
base_dir: testdata/slurm-site
params: {sacct: sacct.txt, slurm_conf: slurm.conf, assoc: assoc.txt, qos_file: qos.txt, compare_recorded: true}
sweep:
  - {key: backfill.bf_window, values: [600, 14400]}
  - {key: partition.debug.priority_tier, values: [1, 2]}
`

// TestSlurmDeterministic: the same sweep gives byte-identical metrics,
// per-job records and comparison files on both engines and with 1 or 3
// workers, and a dotted override key changes the schedule.
func TestSlurmDeterministic(t *testing.T) {
	var want map[string]string
	for _, eng := range sim.Kinds() {
		for _, workers := range []int{1, 3} {
			sc, err := Parse([]byte(slurmSweepYAML), "sweep.yaml", ".")
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			rep, err := Run(context.Background(), sc, Options{Engine: eng, Workers: workers, OutDir: dir, JobsCSV: true, Check: true})
			if err != nil {
				t.Fatal(err)
			}
			var csv strings.Builder
			if err := results.WriteCSV(&csv, rep); err != nil {
				t.Fatal(err)
			}
			got := map[string]string{"summary": csv.String()}
			err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
				if err != nil || d.IsDir() {
					return err
				}
				b, err := os.ReadFile(path)
				rel, _ := filepath.Rel(dir, path)
				got[rel] = string(b)
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{"jobs.csv", "points/backfill.bf_window=600_partition.debug.priority_tier=1/recorded.csv", "points/backfill.bf_window=600_partition.debug.priority_tier=1/recorded-summary.csv"} {
				if got[f] == "" {
					t.Fatalf("%s %d workers: no %s (files %v)", eng, workers, f, slices.Sorted(maps.Keys(got)))
				}
			}
			if want == nil {
				want = got
				continue
			}
			if !maps.Equal(got, want) {
				t.Fatalf("%s with %d workers differs from the first run", eng, workers)
			}
		}
	}
	// the override keys reach the model: the points differ
	rows := strings.Split(want["summary"], "\n")
	waits := map[string]bool{}
	for _, r := range rows {
		if strings.Contains(r, ",mean_wait,") {
			waits[r[strings.Index(r, ",mean_wait,"):]] = true
		}
	}
	if len(waits) < 2 {
		t.Errorf("every point has the same mean wait:\n%s", want["summary"])
	}
}

// TestSlurmStopAndMetrics: stop.completed_jobs replays the first N jobs,
// and the metrics are the declared ones, in order.
func TestSlurmStopAndMetrics(t *testing.T) {
	p := newSiteParams()
	p.CompareRecorded = true
	eng, _ := sim.New(sim.Fast)
	m, err := p.Run(RunContext{Engine: eng, Stop: Stop{CompletedJobs: 10}, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := metricNames(m), MetricNames(p); !slices.Equal(got, want) {
		t.Fatalf("metrics %v, declared %v", got, want)
	}
	if v, _ := m.Get("jobs"); v != 10 {
		t.Errorf("jobs %v, want 10", v)
	}
	for _, name := range []string{"mean_wait", "utilization", "same_order", "wait_ks"} {
		if v, _ := m.Get(name); math.IsNaN(v) || v < 0 {
			t.Errorf("%s = %v", name, v)
		}
	}
}

// TestSlurmShardsMerge: the sweep's points run as three shards (out of
// order) merge into the single run's report.
func TestSlurmShardsMerge(t *testing.T) {
	parse := func() *Scenario {
		sc, err := Parse([]byte(slurmSweepYAML), "sweep.yaml", ".")
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	dir := t.TempDir()
	for _, i := range []int{2, 0, 1} {
		if _, err := RunShard(context.Background(), parse(), Options{}, Shard{i, 3}, dir); err != nil {
			t.Fatal(err)
		}
	}
	_, merged, err := Merge([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	single, err := Run(context.Background(), parse(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !sameReport(merged, single) {
		t.Fatal("merged shards differ from the single run")
	}
}

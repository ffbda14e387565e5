package scenarios

import (
	"context"
	"errors"
	"fmt"
	"io"
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
	"github.com/schedsim/schedsim/model/slurmsim"
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

// readSite reads p's history as Run does and returns it with its
// spooled jobs, read back.
func readSite(t *testing.T, p *SlurmParams, limit int) (*slurmHistory, []slurmsim.Job, error) {
	t.Helper()
	s, err := p.setup()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := p.tree(s)
	if err != nil {
		t.Fatal(err)
	}
	h, err := p.readHistory(RunContext{}, tree, limit)
	if err != nil {
		return nil, nil, err
	}
	defer h.jobs.close()
	next, err := h.jobs.reader()
	if err != nil {
		t.Fatal(err)
	}
	var jobs []slurmsim.Job
	for {
		j, err := next()
		if errors.Is(err, io.EOF) {
			return h, jobs, nil
		}
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, j)
	}
}

// TestSlurmHistory: the sacct capture becomes the model's jobs, numbered
// as the importer numbers them, with the priority columns of their line,
// attached to their association; stop: completed_jobs keeps the first
// ones and counts the whole file.
func TestSlurmHistory(t *testing.T) {
	h, jobs, err := readSite(t, newSiteParams(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 60 || h.read != 60 || h.dropped != 0 {
		t.Fatalf("%d jobs, read %d, dropped %d", len(jobs), h.read, h.dropped)
	}
	j := jobs[0]
	if j.ID != 1 || j.Line != 2 || j.User != "ada" || j.Account != "chem" || j.Partition != "debug" || j.QOS != "normal" ||
		j.Submit != 0 || j.Eligible != 0 || j.CPUs != 2 || j.Nodes != 1 || j.TimeLimit != 1800 || j.Runtime != 711 || j.RecordedStart != 0 ||
		j.Assoc == nil || j.Assoc.Name != "ada" || j.Assoc.Parent.Name != "chem" {
		t.Errorf("job 1: %+v", j)
	}
	if j := jobs[1]; j.ID != 2 || j.Line != 4 || j.Submit != 30 || j.CPUs != 16 || j.Nodes != 2 || j.RecordedStart != 711 {
		t.Errorf("job 2: %+v", j)
	}
	if h.epoch != 1790841630 {
		t.Errorf("epoch %d", h.epoch)
	}
	h10, first, err := readSite(t, newSiteParams(), 10)
	if err != nil || len(first) != 10 || h10.read != 60 {
		t.Fatalf("limit 10: %d jobs, read %d, %v", len(first), h10.read, err)
	}
	for i := range first {
		if first[i].ID != jobs[i].ID || first[i].Assoc.Name != jobs[i].Assoc.Name {
			t.Errorf("limit 10, job %d: %+v, want %+v", i+1, first[i], jobs[i])
		}
	}
}

// TestSlurmHistoryErrors: a bad sacct line is one error naming the file
// and line; a job that never started is counted, not replayed; lines out
// of submit order are sorted, or an error when too far out.
func TestSlurmHistoryErrors(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(slurmSite, "sacct.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	dir := t.TempDir()
	write := func(ls []string) *SlurmParams {
		if err := os.WriteFile(filepath.Join(dir, "sacct.txt"), []byte(strings.Join(ls, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		p := newSiteParams()
		p.Sacct = filepath.Join(dir, "sacct.txt")
		return p
	}
	bad := append([]string{}, lines...)
	bad[3] = strings.Replace(bad[3], "cpu=16", "cpu=x", 1)
	if _, _, err := readSite(t, write(bad), 0); err == nil || !strings.Contains(err.Error(), "sacct.txt:4: job 101: ReqTRES cpu=\"x\"") {
		t.Errorf("bad ReqTRES: %v", err)
	}
	never := append([]string{}, lines[:3]...)
	never = append(never, "999|999|bob|users|batch|2026-10-01T08:00:40|None|2026-10-01T08:05:00|00:00:00|0|4|01:00:00|CANCELLED by 1000|chem|normal|2026-10-01T08:00:40|1000|cpu=4,node=1|None assigned")
	h, jobs, err := readSite(t, write(never), 0)
	if err != nil || len(jobs) != 1 || h.read != 2 || h.dropped != 1 || !strings.Contains(h.reasons, "1 never started") {
		t.Errorf("never started: %+v, %v", h, err)
	}
	// the capture's jobs, last first: the replay gets the same jobs
	// while they fit the window, and an error naming a line beyond it
	_, want, err := readSite(t, newSiteParams(), 0)
	if err != nil {
		t.Fatal(err)
	}
	rev := []string{lines[0]}
	for i := len(lines) - 1; i > 0; i-- {
		if lines[i] != "" {
			rev = append(rev, lines[i])
		}
	}
	_, got, err := readSite(t, write(rev), 0)
	if err != nil || len(got) != len(want) {
		t.Fatalf("reversed: %d jobs, %v", len(got), err)
	}
	for i := range got {
		if got[i].ID != want[i].ID || got[i].Submit != want[i].Submit || got[i].User != want[i].User {
			t.Errorf("reversed, job %d: %+v, want %+v", i+1, got[i], want[i])
		}
	}
	late := append([]string{}, lines[:2]...)
	for i := range sacctWindow + 1 {
		late = append(late, fmt.Sprintf("%d|%d|bob|users|batch|2026-10-02T08:00:00|2026-10-02T08:00:01|2026-10-02T08:00:02|00:00:01|1|1|01:00:00|COMPLETED|chem|normal|Unknown|1000|cpu=1|n1", 10000+i, 10000+i))
	}
	late = append(late, lines[3])
	if _, _, err := readSite(t, write(late), 0); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("sacct.txt:%d: job 101", len(late))) ||
		!strings.Contains(err.Error(), "sort the jobs by Submit") {
		t.Errorf("a line too far out of order: %v", err)
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

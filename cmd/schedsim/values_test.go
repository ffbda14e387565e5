package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// valueCase is a scenario (model and params lines) that validate must
// refuse with one line naming want (the file, line and key), exit 1.
type valueCase struct {
	name, model, params, want string
}

// scenarioFile writes a one-replication scenario of the model with the
// params lines (indented by two spaces) and returns its path.
func scenarioFile(t *testing.T, dir, name, model, params string) string {
	t.Helper()
	body := "name: " + name + "\nmodel: " + model + "\nseed: 1\nreplications: 1\nstop: {completed_jobs: 100}\nparams:\n" + params
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// checkRefused runs validate and run on every case: both must exit 1 with
// one line that contains want, before any replication runs.
func checkRefused(t *testing.T, cases []valueCase) {
	t.Helper()
	dir := t.TempDir()
	for _, c := range cases {
		path := scenarioFile(t, dir, c.name, c.model, c.params)
		for _, cmd := range []string{"validate", "run"} {
			code, _, stderr := runCLI(t, cmd, path)
			if code != exitRun || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("%s %s: exit %d, stderr %q; want exit %d and one line containing %q", cmd, c.name, code, stderr, exitRun, c.want)
			}
		}
	}
}

// Class 4 of issue 18: sizes whose product or ratio makes a cycle endless
// or huge are refused by validate, naming the key.
func TestValuesAbsurdSlotSizes(t *testing.T) {
	checkRefused(t, []valueCase{
		{"css-cycle", "css2014", "  cycles: 1\n  cycle: 1e9\n", "css-cycle.yaml:8: params.cycle: gives 4.667e+06 owner jobs per node"},
		{"css-owner-tiny", "css2014", "  cycles: 1\n  owners: {job_length: {min: 1e-9, max: 1e-9}}\n", "params.owners.job_length: gives 1.68e+11 owner jobs per node"},
		{"css-jobs", "css2014", "  cycles: 1\n  jobs: {count: 100000}\n", "params.jobs.count: gives 115.2 slots × 100000 jobs"},
		{"css-time", "css2014", "  cycles: 1\n  jobs: {time: {min: 1e308, max: 1e308}}\n", "params.jobs.time.max: must be ≤ 1e+09"},
		{"css-tiny-job", "css2014", "  cycles: 1\n  jobs: {time: {min: 1e-300, max: 1}}\n", "params.jobs.time.min: lets a cycle hold about"},
		{"ant-owner-jobs", "anticipation", "  batches: 1\n  owner_jobs: {min: 10000000, max: 10000000}\n  interval: 10000000\n", "params.owner_jobs.max: gives up to 1e+07 free slots per node"},
		{"ant-batch", "anticipation", "  batches: 1\n  batch: {count: 100000}\n", "params.batch.count: gives 160 slots × 100000 jobs"},
		{"ant-nodes", "anticipation", "  batches: 1\n  nodes: 100000\n", "params.nodes: gives 2e+05 free slots per cycle"},
		{"ant-length", "anticipation", "  batches: 1\n  batch: {length: {min: 100, max: 2000000000}}\n", "params.batch.length.max: must be ≤ 1e+09"},
		{"slots-gap", "slots", "  cycles: 1\n  slots: {gap: {min: 1e308, max: 1e308}}\n", "params.slots.gap.max: must be ≤ 1e+09"},
		{"slots-horizon", "slots", "  cycles: 1\n  slots: {gap: {min: 0, max: 1e8}}\n", "params.slots.gap.max: lets the last of 150 slots end at 1.5e+10"},
		{"slots-length", "slots", "  cycles: 1\n  slots: {length: {min: 1, max: 1e308}}\n", "params.slots.length.max: must be ≤ 1e+09"},
		{"slots-job-length", "slots", "  cycles: 1\n  jobs: {length: {min: 1, max: 1e308}}\n", "params.jobs.length.max: must be ≤ 1e+09"},
		{"slots-count", "slots", "  cycles: 1\n  slots: {count: {min: 1000000, max: 1000000}}\n", "params.slots.count.max: gives 1e+06 free slots per cycle"},
		{"slots-work", "slots", "  cycles: 1\n  slots: {count: {min: 10000, max: 10000}}\n  jobs: {count: {min: 1000, max: 1000}}\n", "params.jobs.count.max: gives 1e+04 slots × 1000 jobs"},
		{"slots-total", "slots", "  cycles: 100000000\n  slots: {count: {min: 1000, max: 1000}}\n", "params.cycles: 100000000 × 7000 slots × jobs per cycle = 7e+11 steps per replication, more than 1e+11"},
		{"ant-total", "anticipation", "  batches: 10000000\n  nodes: 300\n", "params.batches: 10000000 × 4.5e+04 slots × jobs per cycle"},
		{"css-total", "css2014", "  cycles: 100000000\n", "params.cycles: 100000000 × "},
		{"slots-tiny-job", "slots", "  cycles: 1\n  jobs: {length: {min: 1e-300, max: 1}}\n", "params.jobs.length.min: lets a cycle hold about"},
	})
}

// withTrace gives every case the example trace (the checks run before
// any job is read).
func withTrace(t *testing.T, cases []valueCase) []valueCase {
	t.Helper()
	abs, err := filepath.Abs("../../scenarios/examples/tiny.swf")
	if err != nil {
		t.Fatal(err)
	}
	out := make([]valueCase, len(cases))
	for i, c := range cases {
		c.params = "  trace: " + abs + "\n" + c.params
		out[i] = c
	}
	return out
}

// Class 5 of issue 18: what run would reject (a subnormal speed or rate
// that makes times +Inf) validate rejects first, naming the key.
func TestValuesValidateCatchesWhatRunRejects(t *testing.T) {
	checkRefused(t, withTrace(t, []valueCase{
		{"subnormal-speed", "multicluster", "  clusters:\n    - {name: a, processors: 64, speed: 5e-324}\n", "params.clusters[0].speed: must be in [1e-06, 1e+12] MIPS"},
		{"speed-ratio", "multicluster", "  ref_speed: 1e12\n  clusters:\n    - {name: a, processors: 64, speed: 1}\n", "params.clusters[0].speed: makes ref_speed / speed = 1e+12"},
	}))
	checkRefused(t, []valueCase{
		{"gang-rate", "karatza", "  gang_rate: 5e-324\n", "params.gang_rate: must be in [1e-12, 1e+12] (got 5e-324)"},
		{"local-rate", "karatza", "  local_rate: 5e-324\n", "params.local_rate: must be in [1e-12, 1e+12]"},
		{"service-mean", "karatza", "  service_mean: 1e308\n", "params.service_mean: must be in [1e-12, 1e+12]"},
		{"split-overhead", "karatza", "  split_overhead: 1e308\n", "params.split_overhead: must be in [0, 1e+12]"},
		{"mmc-arrival", "mmc", "  arrival_rate: 5e-324\n", "params.arrival_rate: must be in [1e-12, 1e+12]"},
		{"mmc-service", "mmc", "  arrival_rate: 1\n  service_rate: 1e308\n", "params.service_rate: must be in [1e-12, 1e+12]"},
		{"slot-performance", "slots", "  cycles: 1\n  slots: {performance: {min: 5e-324, max: 3}}\n", "params.slots.performance.min: makes the longest job run +Inf"},
		{"slot-price", "slots", "  cycles: 1\n  slots: {price_base: 1e300}\n", "params.slots.price_base: gives prices up to +Inf"},
		{"ant-price", "anticipation", "  batches: 1\n  price_base: 1e300\n", "params.price_base: gives prices up to +Inf"},
		{"fixed-slot-end", "slots", "  environment:\n    nodes: [{performance: 1, price: 4}]\n    slots: [{node: 0, start: 0, end: 1e300}]\n  batch: [{nodes: 1, length: 10, max_price: 10}]\n", "params.environment.slots[0]: start and end must lie in"},
		{"fixed-slow-node", "slots", "  environment:\n    nodes: [{performance: 5e-324, price: 4}]\n    slots: [{node: 0, start: 0, end: 100}]\n  batch: [{nodes: 1, length: 10, max_price: 10}]\n", "params.batch[0].length: makes the job run +Inf on the slowest node"},
		{"css-price", "css2014", "  cycles: 1\n  nodes: {price_per_performance: 1e308}\n", "params.nodes.price_per_performance: gives prices up to +Inf"},
	})
}

// Class 6 of issue 18: processor counts whose sum would overflow.
func TestValuesProcessorSums(t *testing.T) {
	checkRefused(t, withTrace(t, []valueCase{
		{"huge-cluster", "multicluster", "  clusters:\n    - {name: a, processors: 4611686018427387904, speed: 1000}\n    - {name: b, processors: 4611686018427387904, speed: 1000}\n", "params.clusters[0].processors: must be in [1, 16777216]"},
		{"huge-grid", "multicluster", "  clusters:\n" + gridOf(65, 1<<24), "params.clusters[64].processors: brings the grid to more than 1073741824 processors"},
	}))
}

// gridOf returns n clusters of procs processors each, as params lines.
func gridOf(n, procs int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("    - {name: c" + strconv.Itoa(i) + ", processors: " + strconv.Itoa(procs) + ", speed: 1000}\n")
	}
	return b.String()
}

// Class 7 of issue 18: names whose metrics or files would collide.
func TestValuesNameCollisions(t *testing.T) {
	checkRefused(t, withTrace(t, []valueCase{
		{"cluster-mean", "multicluster", "  clusters:\n    - {name: mean, processors: 64, speed: 1000}\n", `params.clusters[0].name: "mean" is reserved`},
		{"cluster-slash", "multicluster", "  clusters:\n    - {name: a/b, processors: 64, speed: 1000}\n    - {name: a_b, processors: 64, speed: 1000}\n", `params.clusters[0].name: "a/b" must be at most 64 letters`},
		{"cluster-case", "multicluster", "  clusters:\n    - {name: a, processors: 64, speed: 1000}\n    - {name: A, processors: 64, speed: 1000}\n", `params.clusters[1].name: "A" is already the name of clusters[0]`},
	}))
	checkRefused(t, []valueCase{
		{"variants-twice", "css2014", "  cycles: 1\n  variants: [css, css]\n", `params.variants[1]: "css" is already variants[0]`},
		{"criteria-twice", "anticipation", "  batches: 1\n  batch: {criteria: [cost, cost]}\n", `params.batch.criteria: criterion "cost" is listed twice`},
		{"plot-files", "mmc", "  load: 0.5\nsweep:\n  - key: servers\n    values: [1, 2]\nplots:\n  - {name: a/b, metric: waiting_time, x: servers}\n  - {name: a_b, metric: waiting_time, x: servers}\n",
			"plots: plots[0] (a/b) and plots[1] (a_b) would write the same file a_b.*"},
	})
}

// cliCase is a command line that must fail with exit code and one line of
// stderr containing want, writing nothing to the file noFile (if set).
type cliCase struct {
	args   []string
	code   int
	want   string
	noFile string
}

func checkCLI(t *testing.T, cases []cliCase) {
	t.Helper()
	for _, c := range cases {
		code, _, stderr := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line containing %q", c.args, code, stderr, c.code, c.want)
		}
		if c.noFile != "" {
			if _, err := os.Stat(c.noFile); err == nil {
				t.Errorf("%v: wrote %s", c.args, c.noFile)
			}
		}
	}
}

const sacctHeader = "JobIDRaw|JobID|User|Group|Partition|Submit|Start|End|Elapsed|AllocCPUS|ReqCPUS|Timelimit|State\n"

// Class 9 of issue 18: data that used to be accepted silently.
func TestValuesNothingSilentlyAccepted(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := "2|2|a|g|p|2026-11-01T10:00:00|2026-11-01T10:00:00|2026-11-01T10:10:00|00:10:00|4|4|01:00:00|COMPLETED\n"
	neg := write("neg.txt", sacctHeader+"1|1|a|g|p|2026-11-01T10:00:00|2026-11-01T09:00:00|2026-11-01T10:10:00|00:10:00|4|4|01:00:00|COMPLETED\n"+good)
	// 02:30 does not exist in Berlin on 2026-03-29 (clocks go 02:00 → 03:00).
	dst := write("dst.txt", sacctHeader+"1|1|a|g|p|2026-03-29T02:30:00|2026-03-29T03:10:00|2026-03-29T03:20:00|00:10:00|4|4|01:00:00|COMPLETED\n"+good)
	none := write("none.txt", sacctHeader+"1|1|a|g|p|2026-11-01T10:00:00|Unknown|Unknown|00:00:00|0|4|01:00:00|CANCELLED\n")
	het := write("het.txt", sacctHeader+"3|3+0|a|g|p|2026-11-01T10:00:00|2026-11-01T10:00:00|2026-11-01T10:10:00|00:10:00|9223372036854775807|4|01:00:00|COMPLETED\n"+good)

	// Skipped lines are counted as dropped, under their reason, in a replay.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "--sacct", neg, "--procs", "8", "--format", "csv"}, "records_dropped,count,1,1,"},
		{[]string{"replay", "--sacct", dst, "--sacct-tz", "Europe/Berlin", "--procs", "8", "--format", "csv"}, "records_dropped,count,1,1,"},
		{[]string{"replay", "--sacct", het, "--procs", "8", "--format", "csv"}, "records_dropped,count,1,1,"},
	} {
		code, stdout, stderr := runCLI(t, c.args...)
		if code != 0 || !strings.Contains(stdout, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, stdout, stderr, c.want)
		}
	}
	code, stdout, _ := runCLI(t, "trace", "import-sacct", neg, "--out", filepath.Join(dir, "neg.swf"))
	if code != 0 || !strings.Contains(stdout, "start before submit: 1 (line 2)") {
		t.Errorf("import-sacct of a start before submit: exit %d, %q", code, stdout)
	}
	code, stdout, _ = runCLI(t, "trace", "import-sacct", dst, "--tz", "Europe/Berlin", "--out", filepath.Join(dir, "dst.swf"))
	if code != 0 || !strings.Contains(stdout, `time "2026-03-29T02:30:00" does not exist in time zone Europe/Berlin`) {
		t.Errorf("import-sacct across a DST gap: exit %d, %q", code, stdout)
	}

	plat2 := write("plat2.yaml", "clusters:\n  - {name: a, processors: 4, speed: 1}\n---\nclusters:\n  - {name: b, processors: 4, speed: 1}\n")
	params2 := write("params2.yaml", "start_hour: 3\n---\nstart_hour: 4\n")
	out := filepath.Join(dir, "x.swf")
	checkCLI(t, []cliCase{
		{[]string{"trace", "import-sacct", none, "--out", out}, exitRun, "none.txt: no usable job (none started with a run time > 0): 1 lines, 1 jobs (1 never started)", out},
		{[]string{"generate", "lublin", "--procs", "128", "--jobs", "10", "--params", params2, "--out", out}, exitRun, "params2.yaml:2: a second YAML document", out},
		{[]string{"generate", "lublin", "--procs", "128", "--jobs", "10", "--cycle-compare", neg, "--out", out}, exitUsage, "--cycle-compare goes with --cycle-plot", out},
		{[]string{"slurm", "testdata/small.yaml", "--out", filepath.Join(dir, "sl"), "--tasks", "2", "--schedsim", "/nonexistent"}, exitUsage, `--schedsim "/nonexistent": no such file or directory`, filepath.Join(dir, "sl")},
	})
	abs, err := filepath.Abs("../../scenarios/examples/tiny.swf")
	if err != nil {
		t.Fatal(err)
	}
	checkRefused(t, []valueCase{
		{"empty-clusters", "multicluster", "  trace: " + abs + "\n  clusters: []\n", "params.clusters: is empty"},
		{"platform-two-docs", "multicluster", "  trace: " + abs + "\n  platform: " + plat2 + "\n", "plat2.yaml:3: a second YAML document"},
	})
}

// Class 10 of issue 18: errors name what the user gave (the flag, the
// --params file and its key), not an internal parameter or an SWF field.
func TestValuesErrorsNameWhatTheUserGave(t *testing.T) {
	dir := t.TempDir()
	startHour := filepath.Join(dir, "sh.yaml")
	if err := os.WriteFile(startHour, []byte("start_hour: 30\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	noProcs := filepath.Join(dir, "np.txt")
	if err := os.WriteFile(noProcs, []byte(sacctHeader+"2|2|a|g|p|2026-11-01T10:00:00|2026-11-01T10:00:00|2026-11-01T10:10:00|00:10:00|4|4|01:00:00|COMPLETED\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "x.swf")
	checkCLI(t, []cliCase{
		{[]string{"generate", "lublin", "--procs", "1", "--jobs", "10", "--out", out}, exitUsage, "schedsim: --procs 1: the model's default interactive.umed does not fit this machine size", out},
		{[]string{"generate", "lublin", "--procs", "128", "--jobs", "10", "--requested", "factor", "--requested-factor", "1e308", "--out", out}, exitUsage, "--requested-factor: 1e+308, want a value in [1, 1e+06]", out},
		{[]string{"generate", "lublin", "--procs", "128", "--jobs", "10", "--params", startHour, "--out", out}, exitRun, "sh.yaml: start_hour: 30, want 0 … 23", out},
		{[]string{"replay", "--sacct", noProcs}, exitRun, "schedsim: --procs: the header of", ""},
	})
}

// Class 8 of issue 18: a mean or a ratio over nothing is undefined (NaN,
// reported as such in every output), never 0.
func TestValuesMeanOverNothingIsUndefined(t *testing.T) {
	dir := t.TempDir()
	// jobs of 4 processors on a machine of 8
	big := filepath.Join(dir, "big.swf")
	trace := "; MaxProcs: 8\n1 0 0 10 4 -1 -1 4 10 -1 1 -1 -1 -1 -1 -1 -1 -1\n2 5 0 10 4 -1 -1 4 10 -1 1 -1 -1 -1 -1 -1 -1 -1\n"
	if err := os.WriteFile(big, []byte(trace), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, model, params string
		metrics             []string
	}{
		// no slot: no cycle counts, no job to divide by
		{"no-slots", "slots", "  cycles: 3\n  slots: {count: {min: 0, max: 0}}\n", []string{"ratio_timemin_time", "timemin_alp_time", "jobs_per_counted_cycle"}},
		// every job needs more nodes than the domain has: none is placed
		{"no-fit", "css2014", "  cycles: 2\n  jobs: {nodes: {min: 30, max: 30}}\n", []string{"css_start", "backfill_finish"}},
		// (almost) no gang arrives
		{"no-gang", "karatza", "  gang_rate: 1e-12\n  jobs: 100\n", []string{"gang_wrt", "gang_wsld", "gangs_split_fraction"}},
		// every job is larger than the grid
		{"all-rejected", "multicluster", "  trace: " + big + "\n  clusters:\n    - {name: a, processors: 2, speed: 1000}\n", []string{"mean_wait", "utilization_a", "coalloc_mean_clusters"}},
		{"cluster-all-rejected", "cluster", "  trace: " + big + "\n  procs: 2\n", []string{"mean_wait", "mean_bsld", "utilization"}},
	} {
		path := scenarioFile(t, dir, c.name, c.model, c.params)
		code, stdout, stderr := runCLI(t, "run", path, "--format", "csv")
		if code != exitOK {
			t.Errorf("%s: exit %d: %s", c.name, code, stderr)
			continue
		}
		for _, m := range c.metrics {
			if row := csvRow(stdout, m); row["mean"] != "" || row["undefined_replications"] != "1" {
				t.Errorf("%s: %s is not undefined:\n%s", c.name, m, stdout)
			}
		}
	}
}

// csvRow returns the row of metric in a summary CSV (without sweep
// axes), keyed by the header's column names; nil when there is none.
func csvRow(csv, metric string) map[string]string {
	lines := strings.Split(csv, "\n")
	header := strings.Split(lines[0], ",")
	for _, line := range lines[1:] {
		if cells := strings.Split(line, ","); cells[0] == metric && len(cells) == len(header) {
			row := map[string]string{}
			for i, h := range header {
				row[h] = cells[i]
			}
			return row
		}
	}
	return nil
}

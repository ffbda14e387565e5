package main

import (
	"os"
	"path/filepath"
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
		{"slots-tiny-job", "slots", "  cycles: 1\n  jobs: {length: {min: 1e-300, max: 1}}\n", "params.jobs.length.min: lets a cycle hold about"},
	})
}

package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const sacctCapture = "../../workloads/slurm/testdata/sacct-capture.txt"

// replay --compare-recorded prints the comparison after the metrics and
// writes its two files into --out, readable by a CSV reader.
func TestReplayCompareRecorded(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "replay", "--sacct", sacctCapture, "--procs", "2", "--compare-recorded", "--out", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	metrics, table := strings.Index(stdout, "same_order"), strings.Index(stdout, "Compared with the recorded history: 9 jobs")
	if metrics < 0 || table < metrics {
		t.Fatalf("want the metric same_order, then the comparison table:\n%s", stdout)
	}
	for _, want := range []string{"recorded mean wait (s)", "same start order, LCS / jobs (0–1)"} {
		if !strings.Contains(stdout[table:], want) {
			t.Errorf("table lacks %q:\n%s", want, stdout[table:])
		}
	}
	for file, header := range map[string]string{
		"recorded.csv":         "job,user,partition,submit_s,recorded_start_s,simulated_start_s,error_s",
		"recorded-summary.csv": "metric,group,recorded,simulated,unit",
	} {
		f, err := os.Open(filepath.Join(out, file))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil || len(rows) < 2 || strings.Join(rows[0], ",") != header {
			t.Errorf("%s: %v, %d rows, header %q", file, err, len(rows), rows[0])
		}
	}
}

// Several policies: one table per point, each under its name; the files
// go into points/NAME; data formats on stdout get no table.
func TestReplayCompareRecordedSweep(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "replay", "--sacct", sacctCapture, "--procs", "2", "--policy", "easy,fcfs", "--compare-recorded", "--out", out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, p := range []string{"policy=easy", "policy=fcfs"} {
		if !strings.Contains(stdout, "["+p+"]\nCompared with the recorded history") {
			t.Errorf("no table under [%s]:\n%s", p, stdout)
		}
		if _, err := os.Stat(filepath.Join(out, "points", p, "recorded-summary.csv")); err != nil {
			t.Error(err)
		}
	}
	code, stdout, _ = runCLI(t, "replay", "--sacct", sacctCapture, "--procs", "2", "--compare-recorded", "--format", "csv")
	if code != exitOK || strings.Contains(stdout, "Compared with") {
		t.Errorf("--format csv: exit %d, stdout has the table:\n%s", code, stdout)
	}
}

// A replay whose jobs are not the recorded ones is refused, naming the
// flag.
func TestReplayCompareRecordedRefusesLoad(t *testing.T) {
	code, _, stderr := runCLI(t, "replay", "--sacct", sacctCapture, "--procs", "2", "--load", "2", "--compare-recorded")
	if code != exitUsage || !strings.Contains(stderr, "--compare-recorded: needs the jobs as recorded") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

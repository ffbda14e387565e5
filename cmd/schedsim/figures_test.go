package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFigureFlagsBadInput: one line naming the flag (and the allowed
// values), exit 2, no output directory left behind.
func TestFigureFlagsBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "o")
	tiny := "../../scenarios/examples/tiny.swf"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"run", "karatza-quick", "--schedule", "--out", out}, "--schedule: model karatza places no job on processors or nodes (schedule views are for cluster, multicluster, anticipation, css2014, slots)"},
		{[]string{"run", "toporkov-alp-amp", "--schedule", "--cycle", "20", "--out", out}, "--cycle must be in [0, 19]"},
		{[]string{"run", "toporkov-alp-amp", "--schedule", "--cycle", "-1", "--out", out}, "--cycle must be in [0, 19]"},
		{[]string{"run", "toporkov-alp-amp", "--schedule", "--from", "1d", "--out", out}, "model slots draws one cycle: use --cycle"},
		{[]string{"run", "toporkov-alp-amp", "--cycle", "2", "--out", out}, "--cycle and --color-by shape the schedule views: they go with --schedule"},
		{[]string{"replay", "--trace", tiny, "--schedule", "--color-by", "queue", "--out", out}, `--color-by must be size or user (got "queue")`},
		{[]string{"replay", "--trace", tiny, "--schedule", "--cycle", "3", "--out", out}, "--cycle chooses the cycle of anticipation, css2014, slots; model cluster has a Gantt chart: use --from/--to"},
		{[]string{"run", "toporkov-alp-amp", "--schedule", "--color-by", "user", "--out", out}, "--color-by colours the Gantt chart of cluster, multicluster; model slots colours its windows by job"},
		{[]string{"plot", "schedule", dir, "--color-by", "rainbow"}, `--color-by must be size or user (got "rainbow")`},
		{[]string{"replay", "--trace", tiny, "--policy", "fcfs,easy", "--baseline", "policy=sjf", "--out", out}, `--baseline: baseline "policy=sjf" names no point (allowed: policy=fcfs, policy=easy)`},
		{[]string{"replay", "--trace", tiny, "--schedule", "--from", "2d", "--to", "1d", "--out", out}, "--from 2d is not before --to 1d"},
		{[]string{"replay", "--trace", tiny, "--schedule", "--from", "yesterday", "--out", out}, `--from: "yesterday" is not a time`},
		{[]string{"replay", "--trace", tiny, "--from", "1d", "--out", out}, "--from and --to window the schedule views: they go with --schedule"},
		{[]string{"run", "mmc-erlang", "--plot-format", "png,gif", "--out", out}, `--plot-format: unknown plot format "gif" (allowed: png, svg, pdf)`},
		{[]string{"run", "mmc-erlang", "--baseline", "servers=2"}, "--baseline needs --out DIR"},
		{[]string{"plot", "schedule"}, "plot schedule needs one output directory"},
		{[]string{"plot", "schedule", dir}, "has no per-job CSV (jobs.csv): run with --schedule or --per-job"},
		{[]string{"plot", "draw"}, "plot needs the subcommand schedule"},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line with %q", c.args, code, stderr, exitUsage, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("bad input left an output directory")
	}
}

// TestReplayWritesComparisonFiguresAndReport: a replay of two policies
// gets dot charts, paired differences, schedule views and report.html;
// `plot schedule` redraws a window of the views from the output directory.
func TestReplayWritesComparisonFiguresAndReport(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o")
	if code, _, stderr := runCLI(t, "replay", "--trace", "../../scenarios/examples/tiny.swf", "--policy", "fcfs,easy", "--out", out,
		"--baseline", "policy=fcfs", "--schedule", "--plot-format", "svg,pdf", "--progress", "never"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, f := range []string{"plots/mean_wait.svg", "plots/mean_wait.pdf", "plots/diff_mean_wait.svg", "plots/schedule/gantt_policy=easy.svg",
		"plots/schedule/load.svg", "plots/schedule/ecdf_wait.pdf", "jobs.csv", "report.html"} {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "plots", "mean_wait.png")); err == nil {
		t.Error("--plot-format svg,pdf wrote a PNG")
	}
	page, _ := os.ReadFile(filepath.Join(out, "report.html"))
	for _, want := range []string{"<svg", "Provenance", "mean_wait", "href=\"summary.csv\"", "Gantt chart"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("report.html lacks %s", want)
		}
	}
	code, stdout, stderr := runCLI(t, "plot", "schedule", out, "--from", "12h", "--to", "1d", "--plot-format", "png")
	if code != exitOK || !strings.Contains(stdout, "gantt_policy=fcfs.png") {
		t.Fatalf("plot schedule: exit %d: %s %s", code, stdout, stderr)
	}
}

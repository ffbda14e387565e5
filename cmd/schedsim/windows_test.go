package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// slotSweep is a css2014 sweep small enough for a test: two points of 5
// cycles, four variants.
const slotSweep = `name: css2014-tiny
model: css2014
seed: 2014
replications: 1
params:
  cycles: 5
  load_level: medium
  variants: [css, shift, hybrid, backfill]
sweep:
  - key: nodes.count
    values: [10, 20]
`

// TestSlotKindScheduleViews: --schedule on a slot kind writes
// windows.csv (axis columns first) and a chart of the chosen windows of
// the asked cycle, which `plot schedule --cycle` redraws for another one;
// a cycle the file does not hold is one line naming the flag and the
// range; without --schedule the outputs are those of a run that never
// heard of windows.
func TestSlotKindScheduleViews(t *testing.T) {
	dir := t.TempDir()
	yaml := filepath.Join(dir, "tiny.yaml")
	if err := os.WriteFile(yaml, []byte(slotSweep), 0o644); err != nil {
		t.Fatal(err)
	}
	with, without := filepath.Join(dir, "with"), filepath.Join(dir, "without")
	if code, _, stderr := runCLI(t, "run", yaml, "--out", with, "--schedule", "--cycle", "2", "--plot-format", "svg", "--progress", "never"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "run", yaml, "--out", without, "--plot-format", "svg", "--progress", "never"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	csv, err := os.ReadFile(filepath.Join(with, "windows.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if head, _, _ := strings.Cut(string(csv), "\n"); head != "nodes.count,replication,cycle,variant,job,alternative,chosen,node,start,end,cost" {
		t.Errorf("windows.csv header %q", head)
	}
	for _, f := range []string{"plots/schedule/windows_cycle2_nodes.count=20.svg"} {
		if st, err := os.Stat(filepath.Join(with, f)); err != nil || st.Size() == 0 {
			t.Errorf("%s: %v", f, err)
		}
	}
	page, _ := os.ReadFile(filepath.Join(with, "report.html"))
	if !strings.Contains(string(page), "Chosen windows of cycle 2") {
		t.Error("report.html lacks the chosen windows")
	}
	for _, f := range []string{"summary.csv", "summary.json"} {
		a, _ := os.ReadFile(filepath.Join(with, f))
		b, _ := os.ReadFile(filepath.Join(without, f))
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs with --schedule", f)
		}
	}
	for _, f := range []string{"windows.csv", "plots/schedule", ".windows", "jobs.csv"} {
		if _, err := os.Stat(filepath.Join(without, f)); err == nil {
			t.Errorf("a run without --schedule wrote %s", f)
		}
	}
	if _, err := os.Stat(filepath.Join(with, ".windows")); err == nil {
		t.Error("the per-task window files were left behind")
	}
	code, stdout, stderr := runCLI(t, "plot", "schedule", with, "--cycle", "4", "--plot-format", "png")
	if code != exitOK || !strings.Contains(stdout, "windows_cycle4_nodes.count=10.png") {
		t.Fatalf("plot schedule --cycle 4: exit %d: %s %s", code, stdout, stderr)
	}
	code, _, stderr = runCLI(t, "plot", "schedule", with, "--from", "1d")
	if want := "--from, --to and --color-by are for Gantt charts"; code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("plot schedule --from on windows: exit %d, stderr %q; want %q", code, stderr, want)
	}
	code, _, stderr = runCLI(t, "plot", "schedule", without, "--cycle", "1")
	if want := "holds no windows.csv"; code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("plot schedule --cycle without windows: exit %d, stderr %q; want %q", code, stderr, want)
	}
	code, _, stderr = runCLI(t, "plot", "schedule", with, "--cycle", "7")
	if want := "--cycle 7 is out of range: windows.csv holds cycles 0 to 4"; code != exitUsage || !strings.Contains(stderr, want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("plot schedule --cycle 7: exit %d, stderr %q; want one line with %q", code, stderr, want)
	}
}

// TestGanttColouredByUser: the cluster kind's per-job CSV has the SWF
// user, and --color-by user puts the users in the Gantt chart's legend.
func TestGanttColouredByUser(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o")
	if code, _, stderr := runCLI(t, "replay", "--trace", "../../scenarios/examples/tiny.swf", "--policy", "easy", "--out", out,
		"--schedule", "--color-by", "user", "--plot-format", "svg", "--progress", "never"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	jobs, err := os.ReadFile(filepath.Join(out, "jobs.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(jobs)), "\n")
	if !strings.HasSuffix(lines[0], ",bsld,user") || !strings.HasSuffix(lines[1], ",1") {
		t.Errorf("jobs.csv: %q, %q: want a user column holding SWF field 12 (1)", lines[0], lines[1])
	}
	svg, err := os.ReadFile(filepath.Join(out, "plots", "schedule", "gantt.svg"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte("user 1")) || bytes.Contains(svg, []byte("2–4 processors")) {
		t.Error("the Gantt chart's legend does not list the users")
	}
}

package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/scenarios"
)

// kindRuns are small scenarios, one or more per model kind, whose outputs
// the data-file tests read: typed sweep axes (int, float, bool, text),
// no sweep, one replication and several, per-job records and parts.
// TRACE stands for the SDSC-SP2 excerpt.
var kindRuns = map[string]string{
	"mmc": `model: mmc
replications: 2
stop: {completed_jobs: 300}
params: {warmup_jobs: 0}
sweep:
  - {key: servers, values: [1, 2]}
  - {key: load, label: "ρ", values: [0.5, 0.75]}
claims:
  - {name: wait-grows, paper: "waiting grows with the load", order: {metric: waiting_time, axis: load, goal: increasing}}
`,
	"karatza": `model: karatza
replications: 2
stop: {completed_jobs: 400}
sweep:
  - {key: approach, values: [1, 2]}
`,
	"cluster": `model: cluster
replications: 1
params: {trace: TRACE, jobs: 300}
sweep:
  - {key: policy, values: [fcfs, easy]}
  - {key: kill_at_estimate, values: [false, true]}
`,
	"multicluster": `model: multicluster
replications: 1
params: {trace: TRACE, jobs: 300}
sweep:
  - {key: policy, values: [fcfs, coarp]}
`,
	"slots": `model: slots
replications: 2
params: {cycles: 20}
`,
	"anticipation": `model: anticipation
replications: 2
params: {experiment: comparison, batches: 2}
sweep:
  - {key: method, values: [bf, ant]}
`,
	"css2014": `model: css2014
replications: 2
params: {cycles: 5}
sweep:
  - {key: slices, values: [1, 2]}
`,
}

// runKinds runs every kindRuns scenario with --per-job (and the slot
// kinds with --schedule, for windows.csv) into dir and
// returns the output directories (the trace-driven ones are skipped,
// with a log line, when the excerpt is absent).
func runKinds(t *testing.T, dir string) []string {
	t.Helper()
	trace, _ := filepath.Abs(excerpt)
	_, traceErr := os.Stat(trace)
	var outs []string
	for _, kind := range []string{"mmc", "karatza", "cluster", "multicluster", "slots", "anticipation", "css2014"} {
		src := kindRuns[kind]
		if strings.Contains(src, "TRACE") {
			if traceErr != nil {
				t.Logf("%s: skipped, no trace: %v", kind, traceErr)
				continue
			}
			src = strings.ReplaceAll(src, "TRACE", trace)
		}
		file := filepath.Join(dir, kind+".yaml")
		os.WriteFile(file, []byte("name: "+kind+"-data\n"+src), 0o644)
		out := filepath.Join(dir, kind)
		args := []string{"run", file, "--out", out, "--per-job", "all", "--progress", "never"}
		if slices.Contains(scenarios.WindowKinds, kind) {
			args = append(args, "--schedule", "--plot-format", "svg") // windows.csv
		}
		if code, _, stderr := runCLI(t, args...); code != exitOK {
			t.Fatalf("%s: exit %d: %s", kind, code, stderr)
		}
		outs = append(outs, out)
	}
	return outs
}

// Every column of every CSV file a run of each kind writes is documented
// in docs/reference/outputs.md; and, where pandas is installed (Debian's
// python3-pandas), testdata/check_outputs.py reads every file with it and
// checks the dtypes and that summary.csv equals summary.json.
func TestOutputFilesAreTidy(t *testing.T) {
	doc, err := os.ReadFile("../../docs/reference/outputs.md")
	if err != nil {
		t.Fatal(err)
	}
	outs := runKinds(t, t.TempDir())
	for _, out := range outs {
		var summary struct{ Axes []struct{ Column string } }
		b, _ := os.ReadFile(filepath.Join(out, "summary.json"))
		if err := json.Unmarshal(b, &summary); err != nil {
			t.Fatalf("%s/summary.json: %v", out, err)
		}
		axis := map[string]bool{}
		for _, a := range summary.Axes {
			axis[a.Column] = true
		}
		filepath.Walk(out, func(path string, info os.FileInfo, err error) error {
			if err != nil || info.IsDir() || filepath.Ext(path) != ".csv" {
				return err
			}
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			defer f.Close()
			sc := bufio.NewScanner(f)
			sc.Scan()
			for _, col := range strings.Split(sc.Text(), ",") {
				if !axis[col] && !strings.Contains(string(doc), "`"+col+"`") {
					t.Errorf("%s: column %s is not documented in docs/reference/outputs.md", path, col)
				}
			}
			return nil
		})
		if _, err := os.Stat(filepath.Join(out, "jobs.csv")); err != nil && !strings.HasSuffix(out, "slots") && !strings.HasSuffix(out, "css2014") {
			t.Errorf("%s: no jobs.csv: %v", out, err)
		}
	}
	python := pandasPython()
	if python == "" {
		t.Skip("pandas is not installed (apt-get install python3-pandas): the data files were not read with it")
	}
	cmd := exec.Command(python, append([]string{"testdata/check_outputs.py"}, outs...)...)
	b, err := cmd.CombinedOutput()
	t.Logf("%s", b)
	if err != nil {
		t.Fatalf("check_outputs.py: %v", err)
	}
}

// pandasPython returns a Python that imports pandas: python3 on the PATH,
// else the system's (a pyenv shim may hide Debian's python3-pandas); ""
// when neither does.
func pandasPython() string {
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(p, "-c", "import pandas").Run() == nil {
			return p
		}
	}
	return ""
}

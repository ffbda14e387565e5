package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCLI(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestBadInputGivesOneLineAndExitCode(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		// Data errors: the file is there but its content is wrong.
		{[]string{"run", "testdata/unknown-key.yaml"}, exitRun, "testdata/unknown-key.yaml:9: params.colour: unknown key"},
		{[]string{"run", "testdata/negative-rate.yaml"}, exitRun, "testdata/negative-rate.yaml:8: params.arrival_rate: must be > 0 (got -1)"},
		{[]string{"run", "testdata/zero-servers.yaml"}, exitRun, "testdata/zero-servers.yaml:7: params.servers: must be in [1, 1048576] (got 0)"},
		{[]string{"run", "testdata/unreadable.yaml"}, exitRun, "testdata/unreadable.yaml:"},
		{[]string{"validate", "testdata/zero-servers.yaml"}, exitRun, "params.servers"},
		// Usage errors: the command line is wrong.
		{[]string{"run", "testdata/missing.yaml"}, exitUsage, "testdata/missing.yaml: no such scenario file or built-in scenario"},
		{[]string{"run", "--engine", "warp", "testdata/small.yaml"}, exitUsage, `--engine: unknown engine "warp"`},
		{[]string{"run", "--format", "xml", "testdata/small.yaml"}, exitUsage, "--format must be one of table, wide, long, csv, json, markdown"},
		{[]string{"run", "--no-such-flag"}, exitUsage, "schedsim: flag provided but not defined: -no-such-flag (see `schedsim run --help`)"},
		{[]string{"run", "--replications", "abc"}, exitUsage, "schedsim: invalid value \"abc\" for flag -replications: parse error (see `schedsim run --help`)"},
		{[]string{"run", "--workers", "0", "testdata/small.yaml"}, exitUsage, "--workers must be ≥ 1 (got 0)"},
		{[]string{"replay", "--policy"}, exitUsage, "flag needs an argument: -policy (see `schedsim replay --help`)"},
		{[]string{"trace", "info"}, exitUsage, "trace info needs at least one SWF file"},
		{[]string{"list", "x"}, exitUsage, "list takes no arguments"},
		{[]string{"frobnicate"}, exitUsage, `unknown command "frobnicate"`},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, stderr)
		}
		if !strings.Contains(stderr, c.want) {
			t.Errorf("%v: stderr %q does not contain %q", c.args, stderr, c.want)
		}
		if lines := strings.Count(strings.TrimSpace(stderr), "\n") + 1; lines != 1 {
			t.Errorf("%v: %d-line error %q, want one line", c.args, lines, stderr)
		}
	}
	// The bare command prints the usage text.
	if code, _, stderr := runCLI(t); code != exitUsage || !strings.Contains(stderr, "usage:") {
		t.Errorf("schedsim without arguments: exit %d %q", code, stderr)
	}
}

// --help on every command prints its usage on stdout and exits 0.
func TestHelpExitsZero(t *testing.T) {
	for _, args := range [][]string{
		{"--help"}, {"-h"}, {"help"}, {"run", "--help"}, {"run", "-h"}, {"replay", "--help"},
		{"trace", "--help"}, {"trace", "info", "--help"}, {"list", "--help"},
		{"validate", "--help"}, {"version", "--help"},
	} {
		code, stdout, stderr := runCLI(t, args...)
		if code != exitOK || !strings.Contains(stdout, "usage:") || stderr != "" {
			t.Errorf("%v: exit %d, stdout %.40q, stderr %q", args, code, stdout, stderr)
		}
	}
}

func TestRunWritesOutputsReproducibly(t *testing.T) {
	dir := t.TempDir()
	var outputs []string
	for i, engine := range []string{"fast", "simgo"} {
		out := filepath.Join(dir, engine)
		code, stdout, stderr := runCLI(t, "run", "testdata/small.yaml", "--out", out, "--per-job", "--engine", engine, "--seed", "11", "--replications", "2")
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if !strings.Contains(stdout, "waiting_time") {
			t.Fatalf("table lacks metrics: %s", stdout)
		}
		for _, f := range []string{"summary.csv", "summary.json", "scenario.yaml", "jobs.csv"} {
			if _, err := os.Stat(filepath.Join(out, f)); err != nil {
				t.Fatal(err)
			}
		}
		sum, _ := os.ReadFile(filepath.Join(out, "summary.csv"))
		outputs = append(outputs, string(sum))
		resolved, _ := os.ReadFile(filepath.Join(out, "scenario.yaml"))
		if !strings.Contains(string(resolved), "seed: 11") || !strings.Contains(string(resolved), "replications: 2") || !strings.Contains(string(resolved), "engine: "+engine) {
			t.Fatalf("resolved scenario lacks the overrides:\n%s", resolved)
		}
		if i == 0 {
			// Re-running the resolved scenario gives the same summary.
			again := filepath.Join(dir, "again")
			if code, _, stderr := runCLI(t, "run", filepath.Join(out, "scenario.yaml"), "--out", again); code != exitOK {
				t.Fatalf("re-run: %s", stderr)
			}
			b, _ := os.ReadFile(filepath.Join(again, "summary.csv"))
			if string(b) != string(sum) {
				t.Fatal("re-running the resolved scenario changed the summary")
			}
		}
	}
	if outputs[0] != outputs[1] {
		t.Fatal("engines gave different summaries")
	}
}

func TestListAndVersion(t *testing.T) {
	code, out, _ := runCLI(t, "list")
	if code != exitOK || !strings.Contains(out, "mmc-validation") || !strings.Contains(out, "mmc ") {
		t.Fatalf("list: %d %s", code, out)
	}
	if code, out, _ := runCLI(t, "version"); code != exitOK || !strings.HasPrefix(out, "schedsim ") {
		t.Fatalf("version: %d %q", code, out)
	}
	if code, out, _ := runCLI(t, "validate", "testdata/small.yaml"); code != exitOK || !strings.Contains(out, "ok") {
		t.Fatalf("validate: %d %q", code, out)
	}
}

func TestFormats(t *testing.T) {
	for f, want := range map[string]string{
		"csv":      "metric,unit,n,mean,",
		"json":     `"scenario": "small"`,
		"table":    "utilization fraction",
		"long":     "events count",
		"wide":     "events count",
		"markdown": "| utilization | fraction |",
	} {
		code, out, stderr := runCLI(t, "run", "testdata/small.yaml", "--format", f, "--replications", "2")
		if code != exitOK {
			t.Fatalf("%s: %s", f, stderr)
		}
		if !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
			t.Errorf("%s output lacks %q:\n%s", f, want, out)
		}
	}
	// --metrics chooses the rows; a typo is one line naming the flag,
	// the allowed values and the nearest one.
	code, out, _ := runCLI(t, "run", "testdata/small.yaml", "--metrics", "utilization,waiting_time", "--replications", "2")
	if code != exitOK || !strings.Contains(out, "utilization") || strings.Contains(out, "response_time") {
		t.Errorf("--metrics: exit %d:\n%s", code, out)
	}
	code, _, stderr := runCLI(t, "run", "testdata/small.yaml", "--metrics", "utilisation")
	if code != exitUsage || strings.Count(strings.TrimSpace(stderr), "\n") > 0 ||
		!strings.Contains(stderr, "--metrics") || !strings.Contains(stderr, "did you mean utilization?") || !strings.Contains(stderr, "response_time") {
		t.Errorf("--metrics utilisation: exit %d: %q", code, stderr)
	}
}

const excerpt = "../../../shared/traces/SDSC-SP2-1998-4.2-cln.first2000.swf"

func needTraces(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(excerpt); err != nil {
		t.Skip("../shared/traces not present")
	}
}

func TestTraceInfo(t *testing.T) {
	needTraces(t)
	code, out, stderr := runCLI(t, "trace", "info", excerpt)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"2,000", "Victor Hazlewood", "Feitelson"} {
		if !strings.Contains(out, want) {
			t.Errorf("trace info lacks %q:\n%s", want, out)
		}
	}
	if code, _, stderr := runCLI(t, "trace", "info", "testdata/missing.swf"); code != exitUsage || !strings.Contains(stderr, "missing.swf") {
		t.Fatalf("missing trace: exit %d %q", code, stderr)
	}
}

func TestReplay(t *testing.T) {
	needTraces(t)
	dir := t.TempDir()
	code, out, stderr := runCLI(t, "replay", "--trace", excerpt, "--policy", "fcfs,easy", "--jobs", "500", "--out", dir, "--per-job")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// A policy comparison: one row per policy, the headline metrics across.
	if !strings.Contains(out, "\nfcfs ") || !strings.Contains(out, "\neasy ") || !strings.Contains(out, "mean_bsld (ratio)") {
		t.Fatalf("replay table:\n%s", out)
	}
	// The resolved scenario of a replay runs again as a file, identically.
	again := filepath.Join(dir, "again")
	resolved := filepath.Join(dir, "scenario.yaml")
	if code, _, stderr := runCLI(t, "run", resolved, "--out", again); code != exitOK {
		t.Fatalf("re-run: %s", stderr)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "summary.csv"))
	b, _ := os.ReadFile(filepath.Join(again, "summary.csv"))
	if string(a) != string(b) {
		t.Fatal("re-running the replay's resolved scenario changed the summary")
	}
	for _, c := range []struct{ args, want string }{
		{"--policy sjf-magic", "--policy: must be one of"},
		{"--load -1", "--load: must be in"},
		{"--estimates guess", "--estimates: must be one of"},
	} {
		args := append([]string{"replay", "--trace", excerpt}, strings.Fields(c.args)...)
		if code, _, stderr := runCLI(t, args...); code != exitUsage || !strings.Contains(stderr, c.want) {
			t.Errorf("%s: exit %d %q, want %q", c.args, code, stderr, c.want)
		}
	}
	if code, _, stderr := runCLI(t, "replay", "--trace", "nope.swf"); code != exitUsage || !strings.Contains(stderr, `--trace: file "nope.swf" does not exist`) {
		t.Errorf("missing trace: exit %d %q", code, stderr)
	}
}

package main

import (
	"bytes"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/schedsim/schedsim/workloads/swf"
)

func TestGenerateLublin(t *testing.T) {
	dir := t.TempDir()
	params := filepath.Join(dir, "p.yaml")
	if err := os.WriteFile(params, []byte("classes: combined\ncombined: {serial_prob: 0.3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "l.swf.gz")
	code, stdout, stderr := runCLI(t, "generate", "lublin", "--procs", "128", "--jobs", "2000", "--load", "0.8",
		"--params", params, "--requested", "factor", "--requested-factor", "2", "--out", out, "--cycle-plot", filepath.Join(dir, "c.png"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "wrote 2000 jobs on 128 processors") {
		t.Errorf("stdout %q", stdout)
	}
	in, err := swf.InfoFile(out, swf.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if in.Records != 2000 || in.Header.MaxProcs != 128 || in.StatusCounts[1] != 2000 {
		t.Errorf("info %+v", in)
	}
	if _, err := os.Stat(filepath.Join(dir, "c.png")); err != nil {
		t.Error(err)
	}
	code, stdout, _ = runCLI(t, "trace", "info", out)
	if code != 0 || !strings.Contains(stdout, "Records:         2,000") {
		t.Errorf("trace info: %d %s", code, stdout)
	}
	svg := filepath.Join(dir, "c.svg")
	code, _, stderr = runCLI(t, "generate", "lublin", "--procs", "64", "--jobs", "100", "--out", filepath.Join(dir, "m.swf"),
		"--cycle-plot", svg, "--cycle-compare", out)
	if b, err := os.ReadFile(svg); code != 0 || err != nil || !strings.Contains(string(b), "l.swf.gz (2000 jobs)") {
		t.Errorf("--cycle-compare: exit %d, %v, stderr %s", code, err, stderr)
	}
}

func TestGenerateLublinErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.swf")
	badParams := writeFile(t, filepath.Join(dir, "bad.yaml"), "classes: combined\nbatch: {serail_prob: 0.3}\n")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"generate"}, 2, "generate needs the model lublin"},
		{[]string{"generate", "lublin", "--procs", "64", "--jobs", "5"}, 2, "--out"},
		{[]string{"generate", "lublin", "--procs", "0", "--jobs", "5", "--out", out}, 2, "--procs: 0"},
		{[]string{"generate", "lublin", "--procs", "64", "--out", out}, 2, "--jobs: set jobs or days"},
		{[]string{"generate", "lublin", "--procs", "64", "--jobs", "5", "--classes", "x", "--out", out}, 2, "--classes"},
		{[]string{"generate", "lublin", "--procs", "64", "--jobs", "99999999999", "--out", out}, 2, "--jobs: 99999999999, want 0 … 1073741824"},
		{[]string{"generate", "lublin", "--procs", "64", "--days", "1e9", "--out", out}, 2, "--days: 1e+09, want 0 … 36525 (a century)"},
		{[]string{"generate", "lublin", "--procs", "64", "--jobs", "5", "--params", "no.yaml", "--out", out}, 2, "no.yaml"},
		{[]string{"generate", "lublin", "--procs", "64", "--jobs", "5", "--params", badParams, "--out", out}, 1, "line 2: batch.serail_prob: unknown key"},
	} {
		code, _, stderr := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", c.args, code, stderr, c.code, c.want)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed run left %s", out)
	}
}

func TestImportSacct(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s.swf.gz")
	code, stdout, stderr := runCLI(t, "trace", "import-sacct", "../../workloads/slurm/testdata/edge-cases.txt", "--out", out, "--procs", "64")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "8 jobs written") || !strings.Contains(stdout, "unknown state: 1 (line 18)") {
		t.Errorf("stdout %q", stdout)
	}
	code, stdout, _ = runCLI(t, "trace", "info", out)
	if code != 0 || !strings.Contains(stdout, "Processors:      64") {
		t.Errorf("trace info: %d %s", code, stdout)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"trace", "import-sacct", "--out", out}, "exactly one"},
		{[]string{"trace", "import-sacct", "x.txt"}, "--out"},
		{[]string{"trace", "import-sacct", "no-such.txt", "--out", out}, "no-such.txt"},
		{[]string{"trace", "import-sacct", "x.txt", "--out", out, "--tz", "Mars/Olympus"}, "--tz"},
	} {
		code, _, stderr := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// An operator replays the site's own sacct dump directly: the same jobs
// and numbers as replaying the SWF that import-sacct writes from it.
func TestReplaySacct(t *testing.T) {
	const capture = "../../workloads/slurm/testdata/sacct-capture.txt"
	swfOut := filepath.Join(t.TempDir(), "capture.swf")
	if code, _, stderr := runCLI(t, "trace", "import-sacct", capture, "--out", swfOut, "--procs", "2"); code != 0 {
		t.Fatalf("import-sacct: exit %d: %s", code, stderr)
	}
	code, direct, stderr := runCLI(t, "replay", "--sacct", capture, "--procs", "2", "--policy", "easy,conservative", "--format", "wide")
	if code != 0 {
		t.Fatalf("replay --sacct: exit %d: %s", code, stderr)
	}
	code, viaSWF, stderr := runCLI(t, "replay", "--trace", swfOut, "--policy", "easy,conservative", "--format", "wide")
	if code != 0 {
		t.Fatalf("replay --trace: exit %d: %s", code, stderr)
	}
	if direct != viaSWF || !strings.Contains(direct, "jobs_completed") {
		t.Errorf("replay --sacct\n%s\ndiffers from replaying the imported SWF\n%s", direct, viaSWF)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", "--sacct", capture, "--trace", swfOut}, "give one of them"},
		{[]string{"replay", "--trace", swfOut, "--sacct-tz", "UTC"}, "--sacct-tz goes with --sacct"},
		{[]string{"replay", "--sacct", "no-such.txt"}, "--sacct"},
		{[]string{"replay", "--sacct", capture, "--procs", "2", "--sacct-tz", "Mars/Olympus"}, "--sacct-tz"},
	} {
		code, _, stderr := runCLI(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// Ctrl-C stops a long generation within a second and leaves --out as it
// was (no partial file, no temporary file beside it).
func TestSignalStopsGenerate(t *testing.T) {
	dir := t.TempDir()
	out := writeFile(t, filepath.Join(dir, "l.swf.gz"), "earlier\n")
	before := snapshot(t, out)
	cmd := exec.Command(binary, "generate", "lublin", "--procs", "64", "--jobs", "1000000000", "--out", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // well into the billion jobs
	stop(t, cmd, &stderr, syscall.SIGINT)
	if after := snapshot(t, out); !maps.Equal(before, after) {
		t.Errorf("an interrupted generate changed %s: before %v, after %v", dir, before, after)
	}
}

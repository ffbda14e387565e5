package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// binary is the schedsim command built once by TestMain, for the tests
// that send it real signals.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "schedsim-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "schedsim")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building schedsim: %v\n%s", err, out)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// stopLimit is how soon a command must exit after SIGINT or SIGTERM.
const stopLimit = time.Second

// started starts the binary and returns once a line of its stderr contains
// ready (the command has reached the phase under test), with the rest of
// stderr being collected.
func started(t *testing.T, ready string, args ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Stdout = io.Discard
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	found := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(pipe)
		seen := false
		for sc.Scan() {
			stderr.WriteString(sc.Text() + "\n")
			if !seen && strings.Contains(sc.Text(), ready) {
				seen = true
				found <- true
			}
		}
		if !seen {
			found <- false
		}
	}()
	select {
	case ok := <-found:
		if !ok {
			cmd.Wait()
			t.Fatalf("%v exited before %q: %s", args, ready, stderr.String())
		}
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("%v: no %q within 30 s", args, ready)
	}
	return cmd, &stderr
}

// stop sends sig and requires the command to exit within stopLimit with
// exit code 1; it returns stderr.
func stop(t *testing.T, cmd *exec.Cmd, stderr *bytes.Buffer, sig syscall.Signal) string {
	t.Helper()
	sent := time.Now()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	select {
	case <-waited:
	case <-time.After(5 * time.Second):
		cmd.Process.Kill()
		<-waited
		t.Fatalf("%v still running 5 s after %v", cmd.Args[1:], sig)
	}
	if cmd.ProcessState.ExitCode() == exitOK && strings.HasPrefix(cmd.Args[1], "validate") {
		t.Skip("validate finished before the signal")
	}
	if took := time.Since(sent); took > stopLimit {
		t.Errorf("%v took %v to stop after %v, want ≤ %v", cmd.Args[1:], took.Round(time.Millisecond), sig, stopLimit)
	}
	if code := cmd.ProcessState.ExitCode(); code != exitRun {
		t.Errorf("%v: exit %d after %v, want %d; stderr %q", cmd.Args[1:], code, sig, exitRun, stderr.String())
	}
	return stderr.String()
}

// snapshot returns every file below dir (and beside it) with its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	filepath.WalkDir(filepath.Dir(dir), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := os.ReadFile(path)
			files[path] = string(b)
		} else if err == nil && path != filepath.Dir(dir) {
			files[path+"/"] = ""
		}
		return nil
	})
	return files
}

func writeFile(t *testing.T, path, data string) string {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A replication that would run for ever (10^18 jobs) stops within a second
// and leaves an earlier output in --out untouched.
func TestSignalStopsALongReplication(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if code, _, stderr := runCLI(t, "run", "testdata/small.yaml", "--out", out, "--replications", "2"); code != exitOK {
		t.Fatal(stderr)
	}
	long := writeFile(t, filepath.Join(dir, "long.yaml"), "name: long\nmodel: mmc\nreplications: 2\nparams: {servers: 2, load: 0.5, jobs: 1099511627776}\n")
	before := snapshot(t, out)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		cmd, stderr := started(t, "INF run ", "run", long, "--out", out, "--log-level", "info")
		time.Sleep(200 * time.Millisecond) // well inside the replication
		msg := stop(t, cmd, stderr, sig)
		if !strings.Contains(msg, "interrupted") {
			t.Errorf("%v: stderr %q does not say interrupted", sig, msg)
		}
		if after := snapshot(t, out); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("%v changed --out or left files beside it:\nbefore %v\nafter  %v", sig, keys(before), keys(after))
		}
	}
}

func keys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

// A sweep of 10^5 points stops within a second while it is expanded and
// while it runs.
func TestSignalStopsAHugeSweep(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("name: huge\nmodel: mmc\nreplications: 1\nparams: {servers: 1, load: 0.5, jobs: 20000, warmup_jobs: 0}\nsweep:\n  - key: warmup_jobs\n    values: [")
	for i := range 1000 {
		fmt.Fprintf(&b, "%d,", i)
	}
	b.WriteString("]\n  - key: load\n    values: [")
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&b, "%g,", float64(i)/101)
	}
	b.WriteString("]\n")
	huge := writeFile(t, filepath.Join(dir, "huge.yaml"), b.String())
	out := filepath.Join(dir, "out")
	cmd, stderr := started(t, "INF run ", "run", huge, "--out", out, "--log-level", "info")
	time.Sleep(300 * time.Millisecond)
	stop(t, cmd, stderr, syscall.SIGINT)
	if files := snapshot(t, out); len(files) > 1 { // huge.yaml only
		t.Fatalf("an interrupted run that kept nothing left %v", keys(files))
	}
	// validate, while it expands the points (about a second).
	cmd = exec.Command(binary, "validate", huge)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	var none bytes.Buffer
	stop(t, cmd, &none, syscall.SIGINT)
}

// endless feeds a named pipe with line for ever (until the reader goes),
// a thousand lines at a time, pausing between writes when slow.
func endless(t *testing.T, line string, slow bool) string {
	t.Helper()
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		chunk := []byte(strings.Repeat(line+"\n", 1000))
		for {
			if _, err := f.Write(chunk); err != nil {
				return
			}
			if slow {
				time.Sleep(50 * time.Millisecond)
			}
		}
	}()
	return fifo
}

// Inputs that never end: a scenario file, a trace for trace info and
// for replay, and a pipe that never delivers a byte.
func TestSignalStopsEndlessInput(t *testing.T) {
	job := "1 0 0 10 1 -1 -1 1 10 -1 1 1 1 1 1 -1 -1 -1"
	cases := []struct {
		name string
		args func() []string
	}{
		{"trace info", func() []string { return []string{"trace", "info", endless(t, job, false)} }},
		{"trace info, comments", func() []string { return []string{"trace", "info", endless(t, "; comment", true)} }},
		{"replay", func() []string { return []string{"replay", "--trace", endless(t, job, false), "--procs", "4"} }},
		{"trace import-sacct", func() []string {
			return []string{"trace", "import-sacct", endless(t, "JobID|Submit|Start|End|AllocCPUS|State", false), "--out", filepath.Join(t.TempDir(), "x.swf")}
		}},
		{"validate, comments", func() []string { return []string{"validate", endless(t, "# comment", true)} }},
		{"validate, silent pipe", func() []string {
			fifo := filepath.Join(t.TempDir(), "silent")
			if err := syscall.Mkfifo(fifo, 0o644); err != nil {
				t.Skip("no named pipes:", err)
			}
			return []string{"validate", fifo}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(binary, c.args()...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(300 * time.Millisecond)
			if msg := stop(t, cmd, &stderr, syscall.SIGINT); !strings.HasPrefix(msg, "schedsim: ") || !strings.Contains(msg, "interrupted") || strings.Count(msg, "\n") != 1 {
				t.Errorf("stderr %q, want one line saying interrupted", msg)
			}
		})
	}
}

// An interrupted run keeps whole replication rounds: every file says so,
// and its scenario.yaml re-runs exactly what was kept.
func TestSignalKeepsAConsistentOutput(t *testing.T) {
	dir := t.TempDir()
	many := writeFile(t, filepath.Join(dir, "many.yaml"), "name: many\nmodel: mmc\nreplications: 100000\nparams: {servers: 1, load: 0.5, jobs: 200, warmup_jobs: 0}\nsweep:\n  - key: load\n    values: [0.3, 0.6]\n")
	out := filepath.Join(dir, "out")
	cmd, stderr := started(t, "INF run ", "run", many, "--out", out, "--log-level", "info", "--workers", "2")
	time.Sleep(500 * time.Millisecond)
	msg := stop(t, cmd, stderr, syscall.SIGINT)
	if !strings.Contains(msg, "interrupted: kept ") {
		t.Fatalf("stderr %q", msg)
	}
	sum, err := os.ReadFile(filepath.Join(out, "summary.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(sum)), "\n")
	if !strings.HasSuffix(lines[0], ",n,mean,sd,ci_half_width,ci_low,ci_high,min,max,reference,undefined_replications,requested_replications,interrupted") {
		t.Fatalf("summary.csv header %q lacks the fixed columns", lines[0])
	}
	// load,metric,unit,n,…: every row summarises the kept replications of
	// the 100000 requested, and says it was interrupted.
	var kept int
	if _, err := fmt.Sscanf(strings.Split(lines[1], ",")[3], "%d", &kept); err != nil || kept < 1 {
		t.Fatalf("summary.csv row %q: %v", lines[1], err)
	}
	for _, l := range lines[1:] {
		if f := strings.Split(l, ","); f[3] != fmt.Sprint(kept) || !strings.HasSuffix(l, ",100000,true") {
			t.Fatalf("row %q does not summarise %d of 100000 replications, interrupted", l, kept)
		}
	}
	js, _ := os.ReadFile(filepath.Join(out, "summary.json"))
	if !strings.Contains(string(js), `"interrupted": true`) || !strings.Contains(string(js), `"requested_replications": 100000`) {
		t.Fatalf("summary.json is not marked:\n%.300s", js)
	}
	resolved, _ := os.ReadFile(filepath.Join(out, "scenario.yaml"))
	if !strings.HasPrefix(string(resolved), "# interrupted: kept") || !strings.Contains(string(resolved), fmt.Sprintf("replications: %d\n", kept)) {
		t.Fatalf("scenario.yaml:\n%.300s", resolved)
	}
	again := filepath.Join(dir, "again")
	if code, _, stderr := runCLI(t, "run", filepath.Join(out, "scenario.yaml"), "--out", again); code != exitOK {
		t.Fatal(stderr)
	}
	rerun, _ := os.ReadFile(filepath.Join(again, "summary.csv"))
	// The same rows, but for what was requested and whether interrupted.
	want := []string{lines[0]}
	for _, l := range lines[1:] {
		want = append(want, strings.TrimSuffix(l, ",100000,true")+fmt.Sprintf(",%d,false", kept))
	}
	if strings.Join(want, "\n")+"\n" != string(rerun) {
		t.Fatalf("re-running scenario.yaml does not give the kept summary:\nkept\n%s\nre-run\n%s", strings.Join(want, "\n"), rerun)
	}
}

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// Every long loop outside the event engines stops on its own within a
// second: the slot kinds' cycles and batches (the anticipation kind's
// searches also ask between the jobs of a batch; the largest batches the
// caps of docs/explanation/robustness-values.md allow are used here), the
// Lublin generator (which leaves no temporary file), and the engines'
// kinds (cluster and multicluster on a trace of 300 000 jobs, replayed 100
// times: one replay takes well under a second on an idle machine).
// (The DP choice of a batch is not interrupted: the caps keep it short.)
func TestSignalStopsEveryLongLoop(t *testing.T) {
	dir := t.TempDir()
	scenarioN := func(name string, reps int, body string) string {
		return writeFile(t, filepath.Join(dir, name+".yaml"), "name: "+name+"\nreplications: "+strconv.Itoa(reps)+"\n"+body)
	}
	scenario := func(name, body string) string { return scenarioN(name, 1, body) }
	trace := filepath.Join(dir, "trace.swf")
	if code, _, stderr := runCLI(t, "generate", "lublin", "--procs", "256", "--jobs", "300000", "--out", trace); code != exitOK {
		t.Fatal(stderr)
	}
	for _, c := range []struct{ name, file string }{
		{"cluster", scenarioN("cluster", 100, "model: cluster\nparams: {trace: "+trace+", policy: conservative}\n")},
		{"multicluster", scenarioN("multicluster", 100, "model: multicluster\nparams: {trace: "+trace+", policy: coarp}\n")},
		{"anticipation, a large batch", scenario("ant-replication", "model: anticipation\nparams: {experiment: replication, batches: 100000, nodes: 200, interval: 8000, batch: {count: 300, length: {min: 3000, max: 3500}}}\n")},
		{"anticipation, comparison", scenario("ant-comparison", "model: anticipation\nparams: {experiment: comparison, method: bf, batches: 100000, nodes: 200, interval: 8000, batch: {count: 300, length: {min: 3000, max: 3500}}}\n")},
		{"anticipation, many batches", scenario("ant-batches", "model: anticipation\nparams: {experiment: comparison, method: css, batches: 1000000}\n")},
		{"slots", scenario("slots", "model: slots\nparams: {cycles: 10000000}\n")},
		{"css2014", scenario("css2014", "model: css2014\nparams: {cycles: 10000000}\n")},
		{"karatza", scenario("karatza", "model: karatza\nstop: {completed_jobs: 1099511627776}\nparams: {approach: 2}\n")},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd, stderr := started(t, "INF run ", "run", c.file, "--out", filepath.Join(dir, "out"), "--log-level", "info")
			time.Sleep(700 * time.Millisecond) // inside the first replication
			stop(t, cmd, stderr, syscall.SIGINT)
		})
	}
	t.Run("generate lublin", func(t *testing.T) {
		out := filepath.Join(dir, "g.swf.gz")
		cmd := exec.Command(binary, "generate", "lublin", "--procs", "128", "--jobs", "1000000000", "--out", out)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(500 * time.Millisecond)
		stop(t, cmd, &stderr, syscall.SIGINT)
		if left, _ := filepath.Glob(filepath.Join(dir, "*g.swf.gz*")); len(left) > 0 {
			t.Errorf("an interrupted generate left %v", left)
		}
	})
}

// silentPipe returns a named pipe whose writer opens it and never writes
// (open is false: no writer ever opens it).
func silentPipe(t *testing.T, open bool) string {
	t.Helper()
	fifo := filepath.Join(t.TempDir(), "silent")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes:", err)
	}
	if open {
		go func() {
			if f, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
				time.Sleep(10 * time.Second)
				f.Close()
			}
		}()
	}
	return fifo
}

// A command blocked on a pipe that never delivers a byte, or that no
// writer opens, stops on its own within a second.
func TestSignalStopsBlockedReads(t *testing.T) {
	dir := t.TempDir()
	gen := []string{"generate", "lublin", "--procs", "64", "--jobs", "10", "--out", filepath.Join(dir, "g.swf")}
	for _, open := range []bool{true, false} {
		cases := []struct {
			name string
			args func() []string
		}{
			{"trace info", func() []string { return []string{"trace", "info", silentPipe(t, open)} }},
			{"replay", func() []string { return []string{"replay", "--trace", silentPipe(t, open), "--procs", "4"} }},
			{"trace import-sacct", func() []string {
				return []string{"trace", "import-sacct", silentPipe(t, open), "--out", filepath.Join(dir, "s.swf")}
			}},
			{"validate", func() []string { return []string{"validate", silentPipe(t, open)} }},
			{"run, trace: a pipe", func() []string {
				sc := writeFile(t, filepath.Join(t.TempDir(), "p.yaml"), "name: p\nmodel: cluster\nreplications: 1\nparams: {trace: "+silentPipe(t, open)+", procs: 4}\n")
				return []string{"run", sc, "--out", filepath.Join(dir, "o")}
			}},
			{"generate --params", func() []string { return append(gen, "--params", silentPipe(t, open)) }},
			{"generate --cycle-compare", func() []string {
				return append(gen, "--cycle-plot", filepath.Join(dir, "c.png"), "--cycle-compare", silentPipe(t, open))
			}},
		}
		for _, c := range cases {
			name := c.name + ", writer silent"
			if !open {
				name = c.name + ", no writer"
			}
			t.Run(name, func(t *testing.T) {
				cmd := exec.Command(binary, c.args()...)
				var stderr bytes.Buffer
				cmd.Stderr = &stderr
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				time.Sleep(300 * time.Millisecond)
				stop(t, cmd, &stderr, syscall.SIGINT)
			})
		}
	}
	for _, f := range []string{"g.swf", "s.swf", "o", "c.png"} {
		if exists(filepath.Join(dir, f)) {
			t.Errorf("an interrupted command wrote %s", f)
		}
	}
}

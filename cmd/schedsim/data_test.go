package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A trace without a usable job is a data error that counts every reason.
func TestTraceWithoutUsableJobIsAnError(t *testing.T) {
	code, _, stderr := runCLI(t, "replay", "--trace", "testdata/no-usable.swf")
	want := "schedsim: trace: testdata/no-usable.swf: no usable job: read 5 records, dropped all: " +
		"run time ≤ 0: 1 (first line 3); submit time < 0 or > 1e10 s: 1 (first line 4); " +
		"processors > header MaxProcs: 1 (first line 5); run time > 1e10 s: 1 (first line 6); processors ≤ 0: 1 (first line 7)\n"
	if code != exitRun || stderr != want {
		t.Errorf("replay: exit %d\n%q\nwant\n%q", code, stderr, want)
	}
	code, _, stderr = runCLI(t, "replay", "--trace", "testdata/header-only.swf")
	if code != exitRun || stderr != "schedsim: trace: testdata/header-only.swf: no usable job: the trace has no job records\n" {
		t.Errorf("header only: exit %d %q", code, stderr)
	}
	code, out, stderr := runCLI(t, "trace", "info", "testdata/no-usable.swf")
	if code != exitRun || !strings.Contains(stderr, "no usable job in 5 records") || !strings.Contains(out, "implausible (submit < 0 or > 1e10 s, run time > 1e10 s, procs > MaxProcs): 3") {
		t.Errorf("trace info: exit %d %q\n%s", code, stderr, out)
	}
}

// A run that fails leaves --out as it found it: an earlier output intact,
// an absent directory absent, nothing beside it.
func TestFailedRunLeavesOutAsItWas(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if code, _, stderr := runCLI(t, "run", "testdata/small.yaml", "--out", out, "--replications", "2"); code != exitOK {
		t.Fatal(stderr)
	}
	before := snapshot(t, out)
	for _, target := range []string{out, filepath.Join(dir, "new", "deeper")} {
		// One point, one replication: no "point …, replication …" prefix.
		if code, _, stderr := runCLI(t, "run", "testdata/no-usable.yaml", "--out", target); code != exitRun || !strings.HasPrefix(stderr, "schedsim: trace: no-usable.swf: no usable job: read 5 records") {
			t.Fatalf("exit %d %q", code, stderr)
		}
		if after := snapshot(t, out); fmt.Sprint(after) != fmt.Sprint(before) {
			t.Fatalf("a failed run changed the file system:\nbefore %v\nafter  %v", keys(before), keys(after))
		}
	}
	// A directory of other files is refused before anything runs.
	mine := filepath.Join(dir, "mine")
	os.Mkdir(mine, 0o755)
	os.WriteFile(filepath.Join(mine, "notes.txt"), []byte("keep"), 0o644)
	code, _, stderr := runCLI(t, "run", "testdata/small.yaml", "--out", mine)
	if code != exitUsage || !strings.Contains(stderr, "output directory not written by schedsim: ") {
		t.Fatalf("exit %d %q", code, stderr)
	}
}

// A sweep whose points write nothing of their own leaves no points/
// directory.
func TestNoEmptyPointDirectories(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if code, _, stderr := runCLI(t, "run", "mmc-erlang", "--out", out, "--replications", "1"); code != exitOK {
		t.Fatal(stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "points")); !os.IsNotExist(err) {
		t.Fatalf("points/ exists (%v) though no point wrote a file", err)
	}
}

// Two runs aimed at one --out at the same time: both succeed and --out
// holds the files of one of them, whole.
func TestConcurrentRunsOnOneOutNeverMix(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	done := make(chan error, 2)
	for _, seed := range []string{"1", "2"} {
		go func() {
			cmd := exec.Command(binary, "run", "testdata/small.yaml", "--out", out, "--seed", seed, "--replications", "3", "--per-job")
			if b, err := cmd.CombinedOutput(); err != nil {
				done <- fmt.Errorf("seed %s: %v\n%s", seed, err, b)
				return
			}
			done <- nil
		}()
	}
	for range 2 {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	resolved, _ := os.ReadFile(filepath.Join(out, "scenario.yaml"))
	summary, _ := os.ReadFile(filepath.Join(out, "summary.json"))
	var seed string
	for _, s := range []string{"1", "2"} {
		if strings.Contains(string(resolved), "\nseed: "+s+"\n") {
			seed = s
		}
	}
	if seed == "" || !strings.Contains(string(summary), `"seed": `+seed+",") {
		t.Fatalf("scenario.yaml and summary.json are from different runs:\n%s\n%.200s", resolved, summary)
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) != 1 {
		t.Fatalf("left beside --out: %v", entries)
	}
}

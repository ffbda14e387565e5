package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/workloads/catalog"
)

// fakeExecutable makes os.Executable report path for the test.
func fakeExecutable(t *testing.T, path string) {
	t.Helper()
	old := executable
	executable = func() (string, error) { return path, nil }
	t.Cleanup(func() { executable = old })
}

// TestSlurmCopiesATemporaryBinary: run as with go run (the binary in the
// temporary directory), slurm copies it next to the scripts, and the
// scripts exec the copy.
func TestSlurmCopiesATemporaryBinary(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "go-build123", "exe", "schedsim")
	os.MkdirAll(filepath.Dir(bin), 0o755)
	os.WriteFile(bin, []byte("#!/bin/sh\necho fake schedsim\n"), 0o755)
	if !isTransient(bin) {
		t.Fatalf("%s is not seen as temporary (TMPDIR %s)", bin, os.TempDir())
	}
	fakeExecutable(t, bin)
	dir := filepath.Join(t.TempDir(), "sweep")
	code, stdout, stderr := runCLI(t, "slurm", "testdata/small.yaml", "--out", dir, "--tasks", "2")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	copied := filepath.Join(dir, "schedsim")
	if !strings.Contains(stdout, "copied it to "+copied) {
		t.Errorf("no note of the copy:\n%s", stdout)
	}
	st, err := os.Stat(copied)
	if err != nil || st.Mode()&0o111 == 0 {
		t.Fatalf("copy: %v %v", st, err)
	}
	if b, _ := os.ReadFile(copied); string(b) != "#!/bin/sh\necho fake schedsim\n" {
		t.Errorf("copy differs: %q", b)
	}
	for _, script := range []string{"submit.sbatch", "merge.sbatch"} {
		b, _ := os.ReadFile(filepath.Join(dir, script))
		if !strings.Contains(string(b), "exec '"+copied+"' ") {
			t.Errorf("%s does not exec the copy:\n%s", script, b)
		}
	}
}

// TestSlurmRefusesWhenTheCopyFails names the go build command to run.
func TestSlurmRefusesWhenTheCopyFails(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "schedsim")
	os.WriteFile(bin, []byte("x"), 0o755)
	fakeExecutable(t, bin)
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "schedsim", "in-the-way"), 0o755)
	code, _, stderr := runCLI(t, "slurm", "testdata/small.yaml", "--out", dir, "--tasks", "2")
	if code != exitRun || !strings.Contains(stderr, "go build -o bin/schedsim ./cmd/schedsim") || !strings.Contains(stderr, "--schedsim bin/schedsim") {
		t.Errorf("exit %d: %q", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "submit.sbatch")); err == nil {
		t.Error("scripts written although the binary is missing")
	}
}

// TestSlurmKeepsAnInstalledBinary: a binary outside the temporary and
// build-cache directories is used where it is.
func TestSlurmKeepsAnInstalledBinary(t *testing.T) {
	wd, _ := os.Getwd()
	bin := filepath.Join(wd, "testdata", "small.yaml") // any file outside TMPDIR
	if isTransient(bin) {
		t.Skip("the source tree is inside the temporary directory")
	}
	fakeExecutable(t, bin)
	dir := filepath.Join(t.TempDir(), "sweep")
	code, stdout, stderr := runCLI(t, "slurm", "testdata/small.yaml", "--out", dir, "--tasks", "2")
	if code != exitOK || strings.Contains(stdout, "copied") {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "schedsim")); err == nil {
		t.Error("an installed binary was copied")
	}
}

// TestSlurmForwardsTraces: --traces reaches the array jobs' command line.
func TestSlurmForwardsTraces(t *testing.T) {
	t.Cleanup(func() { catalog.SetTracesDir("") })
	traces := t.TempDir()
	dir := filepath.Join(t.TempDir(), "sweep")
	bin := filepath.Join(t.TempDir(), "schedsim") // --schedsim must name an executable
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "slurm", "testdata/small.yaml", "--out", dir, "--tasks", "2", "--schedsim", bin, "--traces", traces)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "submit.sbatch"))
	if !strings.Contains(string(b), "--progress never --traces '"+traces+"'\n") {
		t.Errorf("submit.sbatch:\n%s", b)
	}
}

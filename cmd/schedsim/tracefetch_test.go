package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/scenarios"
	"github.com/schedsim/schedsim/workloads/catalog"
)

// sharedTraces is ../shared/traces beside the module root.
var sharedTraces = filepath.Join("..", "..", "..", "shared", "traces")

// traceSource returns the directory holding the named traces' files:
// ../shared/traces, or the user's cache (filled by schedsim trace fetch);
// it skips the test, saying how to get them, when neither holds them all.
func traceSource(t *testing.T, names ...string) string {
	t.Helper()
	dirs := []string{sharedTraces}
	if c, err := catalog.CacheDir(); err == nil {
		dirs = append(dirs, c)
	}
	for _, d := range dirs {
		all := true
		for _, n := range names {
			e, _ := catalog.Lookup(n)
			if _, err := os.Stat(filepath.Join(d, e.File)); err != nil {
				all = false
			}
		}
		if all {
			abs, _ := filepath.Abs(d)
			return abs
		}
	}
	t.Skipf("needs the traces: schedsim trace fetch %s", strings.Join(names, " "))
	return ""
}

// isolateTraces points the trace cache at a fresh directory and hides
// ../shared/traces by running from a directory outside the module; it
// returns the cache's traces directory.
func isolateTraces(t *testing.T) string {
	t.Helper()
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv(catalog.EnvTraces, "")
	t.Cleanup(func() { catalog.SetTracesDir("") })
	return filepath.Join(cache, "schedsim", "traces")
}

func TestTraceFetchUnknownNameSuggests(t *testing.T) {
	isolateTraces(t)
	code, _, stderr := runCLI(t, "trace", "fetch", "sdsc-sp3")
	if code != exitUsage || !strings.Contains(stderr, `unknown trace "sdsc-sp3"; did you mean SDSC-SP2?`) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("not one line: %q", stderr)
	}
	code, _, stderr = runCLI(t, "trace", "fech", "SDSC-SP2")
	if code != exitUsage || !strings.Contains(stderr, "did you mean fetch?") {
		t.Errorf("trace fech: exit %d, stderr %q", code, stderr)
	}
}

func TestTraceFetchCacheNotWritable(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-dir")
	os.WriteFile(file, nil, 0o644)
	t.Setenv("XDG_CACHE_HOME", file)
	code, _, stderr := runCLI(t, "trace", "fetch", "KTH-SP2")
	if code != exitRun || !strings.Contains(stderr, "is not writable") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("not one line: %q", stderr)
	}
}

// TestTraceFetchExcerptOffline makes the SDSC-SP2 excerpt from the
// shipped SDSC-SP2 log, without the network, and checks it against its
// published checksum.
func TestTraceFetchExcerptOffline(t *testing.T) {
	src := traceSource(t, "SDSC-SP2")
	dir := isolateTraces(t)
	t.Chdir(t.TempDir())
	code, stdout, stderr := runCLI(t, "trace", "fetch", "--traces", src, "--progress", "never", "sdsc-sp2-excerpt")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"SDSC-SP2-first2000: downloaded, checksum ok: " + filepath.Join(dir, "SDSC-SP2-1998-4.2-cln.first2000.swf"), "Victor Hazlewood", "Experience with using the Parallel Workloads Archive"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	_, stdout, _ = runCLI(t, "trace", "fetch", "--progress", "never", "SDSC-SP2-first2000")
	if !strings.Contains(stdout, "already cached") {
		t.Errorf("second fetch: %s", stdout)
	}
	catalog.SetTracesDir("")
	_, stdout, _ = runCLI(t, "trace", "list")
	if !strings.Contains(stdout, filepath.Join(dir, "SDSC-SP2-1998-4.2-cln.first2000.swf")) || !strings.Contains(stdout, "not downloaded: schedsim trace fetch ANL-Intrepid") {
		t.Errorf("trace list:\n%s", stdout)
	}
}

// TestListFromAnotherDirectoryWithCachedTraces: once the traces are in
// the cache, `schedsim list` run outside the repository shows every
// built-in valid; before, it names the fetch command.
func TestListFromAnotherDirectoryWithCachedTraces(t *testing.T) {
	var needed []string
	for _, b := range scenarios.Builtins() {
		needed = append(needed, scenarios.BuiltinTraces(b)...)
	}
	src := traceSource(t, needed...)
	dir := isolateTraces(t)
	t.Chdir(t.TempDir())
	_, stdout, _ := runCLI(t, "list")
	if !strings.Contains(strings.Join(strings.Fields(stdout), " "), "needs trace SDSC-BLUE: schedsim trace fetch SDSC-BLUE") || strings.Contains(stdout, "INVALID") {
		t.Errorf("list without traces:\n%s", stdout)
	}
	os.MkdirAll(dir, 0o755)
	for _, n := range needed {
		e, _ := catalog.Lookup(n)
		copyFile(t, filepath.Join(src, e.File), filepath.Join(dir, e.File))
	}
	code, stdout, stderr := runCLI(t, "list")
	if code != exitOK || strings.Contains(stdout, "INVALID") || strings.Contains(stdout, "needs trace") {
		t.Errorf("list with the cached traces: exit %d %s\n%s", code, stderr, stdout)
	}
	if !strings.Contains(stdout, "replay-sdsc-sp2-excerpt") {
		t.Errorf("list:\n%s", stdout)
	}
}

// TestTracesFlagComesFirst: --traces DIR is searched before the cache.
func TestTracesFlagComesFirst(t *testing.T) {
	src := traceSource(t, "SDSC-SP2-first2000")
	isolateTraces(t)
	t.Chdir(t.TempDir())
	code, stdout, stderr := runCLI(t, "replay", "--traces", src, "--trace", "SDSC-SP2-first2000", "--policy", "easy", "--jobs", "200", "--format", "csv")
	if code != exitOK || !strings.Contains(stdout, "jobs_completed,count,1,200,") {
		t.Errorf("replay by name with --traces: exit %d %s\n%s", code, stderr, stdout)
	}
	catalog.SetTracesDir("")
	code, _, stderr = runCLI(t, "replay", "--trace", "SDSC-SP2-first2000", "--policy", "easy", "--jobs", "200")
	if code != exitUsage || !strings.Contains(stderr, "schedsim trace fetch SDSC-SP2-first2000") {
		t.Errorf("replay by name without it: exit %d %q", code, stderr)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestTraceInfoByName: trace info takes a catalogue name too, and names
// the fetch command when the trace is nowhere.
func TestTraceInfoByName(t *testing.T) {
	src := traceSource(t, "KTH-SP2")
	isolateTraces(t)
	t.Chdir(t.TempDir())
	code, _, stderr := runCLI(t, "trace", "info", "kth-sp2")
	if code != exitUsage || !strings.Contains(stderr, "run `schedsim trace fetch KTH-SP2`") {
		t.Errorf("without the trace: exit %d %q", code, stderr)
	}
	code, stdout, stderr := runCLI(t, "trace", "info", "--traces", src, "kth-sp2")
	if code != exitOK || !strings.Contains(stdout, "KTH-SP2-1996-2.1-cln.swf.gz") {
		t.Errorf("with --traces: exit %d %s\n%s", code, stderr, stdout)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTraceResample writes a resampled excerpt, reads it back with trace
// info, and checks that the same seed writes the same file and another
// seed another one.
func TestTraceResample(t *testing.T) {
	needTraces(t)
	dir := t.TempDir()
	out := func(name string, args ...string) string {
		t.Helper()
		p := filepath.Join(dir, name)
		code, stdout, stderr := runCLI(t, append([]string{"trace", "resample", excerpt, "--out", p}, args...)...)
		if code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		if !strings.Contains(stdout, "long-term users kept") {
			t.Errorf("summary: %q", stdout)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	a, b, c := out("a.swf", "--seed", "5"), out("b.swf", "--seed", "5"), out("c.swf", "--seed", "6")
	if a != b {
		t.Error("the same seed wrote two different workloads")
	}
	if a == c {
		t.Error("two seeds wrote the same workload")
	}
	code, info, stderr := runCLI(t, "trace", "info", filepath.Join(dir, "a.swf"))
	if code != exitOK || !strings.Contains(info, "Offered load") || !strings.Contains(info, "Problems:        none") {
		t.Fatalf("trace info of the resampled trace: exit %d %s\n%s", code, stderr, info)
	}
}

// TestTraceResampleErrors checks the one-line errors: no user ids, an
// unreachable load, bad flags.
func TestTraceResampleErrors(t *testing.T) {
	needTraces(t)
	dir := t.TempDir()
	nousers := filepath.Join(dir, "nousers.swf")
	var b strings.Builder
	b.WriteString("; MaxProcs: 8\n")
	for i := range 3000 {
		b.WriteString(strconv.Itoa(i+1) + " " + strconv.Itoa(i*600) + " 0 100 2 -1 -1 2 200 -1 1 -1 -1 -1 -1 -1 -1 -1\n")
	}
	if err := os.WriteFile(nousers, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	o := filepath.Join(dir, "o.swf")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{nousers, "--out", o}, exitRun, "shake"},
		{[]string{excerpt, "--out", o, "--load", "0.01"}, exitRun, "cannot be reached"},
		{[]string{excerpt, "--out", o, "--load", "1000"}, exitUsage, "load"},
		{[]string{excerpt}, exitUsage, "--out"},
		{[]string{"--out", o}, exitUsage, "exactly one"},
	} {
		code, _, stderr := runCLI(t, append([]string{"trace", "resample"}, c.args...)...)
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
			t.Errorf("%v: exit %d %q, want exit %d and one line with %q", c.args, code, stderr, c.code, c.want)
		}
	}
	if _, err := os.Stat(o); err == nil {
		t.Error("a failed resample wrote its output")
	}
}

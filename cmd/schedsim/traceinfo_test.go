package main

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
)

var updateTraceInfo = flag.Bool("update-trace-info", false, "rewrite testdata/trace-info.golden")

// TestTraceInfoSideBySide resamples testdata/users.swf (a small
// Lublin–Feitelson workload with user ids) and shows both with one trace
// info: the table must be testdata/trace-info.golden (rewrite it with
// -update-trace-info and read the difference), every row label must name
// its unit in parentheses, and three files must fit 80 columns.
func TestTraceInfoSideBySide(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "resampled.swf")
	if code, _, stderr := runCLI(t, "trace", "resample", "testdata/users.swf", "--out", res, "--seed", "1"); code != exitOK {
		t.Fatalf("trace resample: exit %d: %s", code, stderr)
	}
	code, out, stderr := runCLI(t, "trace", "info", "testdata/users.swf", res)
	if code != exitOK {
		t.Fatalf("trace info: exit %d: %s", code, stderr)
	}
	const golden = "testdata/trace-info.golden"
	if *updateTraceInfo {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if out != string(want) {
		t.Errorf("trace info of two files differs from %s (rewrite it with -update-trace-info):\n%s", golden, out)
	}
	code, out, stderr = runCLI(t, "trace", "info", "testdata/users.swf", res, "../../scenarios/examples/tiny.swf")
	if code != exitOK {
		t.Fatalf("trace info of three files: exit %d: %s", code, stderr)
	}
	rows := 0
	legend := regexp.MustCompile(`^[0-9]+: `)
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("line of %d columns: %q", n, l)
		}
		if l == "" {
			break // the notes under the table
		}
		r := []rune(l)
		label := strings.TrimSpace(string(r[:min(len(r), infoLabelWidth)]))
		if legend.MatchString(l) || label == "" {
			continue // the legend of long file names, the heading
		}
		rows++
		if !strings.Contains(label, "(") {
			t.Errorf("row %q names no unit", label)
		}
		if got := len(strings.Fields(string(r[infoLabelWidth:]))); got != 3 {
			t.Errorf("row %q has %d cells, want 3", label, got)
		}
	}
	if rows < 20 {
		t.Errorf("%d rows:\n%s", rows, out)
	}
}

// TestTraceInfoSideBySideErrors: a missing file is a usage error naming
// it, and a file without a usable job is named with where to look.
func TestTraceInfoSideBySideErrors(t *testing.T) {
	if code, _, stderr := runCLI(t, "trace", "info", "testdata/users.swf", "testdata/missing.swf"); code != exitUsage || !strings.Contains(stderr, "missing.swf") {
		t.Errorf("missing file: exit %d %q", code, stderr)
	}
	code, _, stderr := runCLI(t, "trace", "info", "testdata/users.swf", "testdata/no-usable.swf")
	if code == exitOK || !strings.Contains(stderr, "no-usable.swf: no usable job") || !strings.Contains(stderr, "trace info testdata/no-usable.swf") {
		t.Errorf("no usable job: exit %d %q", code, stderr)
	}
}

package main

import (
	"bytes"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/scenarios"
)

var updateMetrics = flag.Bool("update-metrics", false, "rewrite docs/reference/metrics.md from the kinds' declarations")

// docs/reference/metrics.md is what `schedsim metrics --markdown` prints:
// regenerate it (go generate ./cmd/schedsim) when a kind's metrics change.
func TestMetricsDocIsCurrent(t *testing.T) {
	t.Chdir("../..") // built-in trace paths are relative to the module root
	for _, name := range scenarios.Builtins() {
		if _, err := scenarios.Load(name); err != nil && strings.Contains(err.Error(), "shared/traces") {
			t.Skipf("%s: trace absent, its metrics cannot be listed: %v", name, err)
		}
	}
	var b bytes.Buffer
	if err := cmdMetrics([]string{"--markdown"}, &b); err != nil {
		t.Fatal(err)
	}
	if *updateMetrics {
		if err := os.WriteFile("docs/reference/metrics.md", b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("docs/reference/metrics.md")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(b.Bytes(), want) {
		t.Errorf("docs/reference/metrics.md is out of date: run `go generate ./cmd/schedsim`")
	}
	for _, k := range scenarios.Kinds() {
		if !bytes.Contains(want, []byte("\n## "+k.Name+"\n")) {
			t.Errorf("docs/reference/metrics.md has no section for kind %s", k.Name)
		}
	}
}

// `schedsim metrics KIND` lists the kind's metrics with units; a name
// that is neither a kind nor a scenario is one line naming the kinds.
func TestMetricsCommand(t *testing.T) {
	code, out, _ := runCLI(t, "metrics", "mmc")
	if code != exitOK || !strings.Contains(out, "response_time *") || !strings.Contains(out, "model time units") {
		t.Errorf("metrics mmc: exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "metrics", "testdata/small.yaml")
	if code != exitOK || !strings.Contains(out, "little_lambda_w") {
		t.Errorf("metrics small.yaml: exit %d:\n%s", code, out)
	}
	code, _, stderr := runCLI(t, "metrics", "nosuch")
	if code != exitUsage || !strings.Contains(stderr, "karatza") || strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
		t.Errorf("metrics nosuch: exit %d: %q", code, stderr)
	}
}

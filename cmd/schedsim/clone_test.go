package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// fiveMinuteHeading starts the README section that TestPlainClone runs.
const fiveMinuteHeading = "## Five minutes"

// section returns the lines of a Markdown document from the heading that
// starts with heading to the next heading of the same level.
func section(doc, heading string) string {
	lines := strings.Split(doc, "\n")
	level := heading[:strings.Index(heading, " ")+1]
	for i, l := range lines {
		if !strings.HasPrefix(l, heading) {
			continue
		}
		for j := i + 1; j < len(lines); j++ {
			if strings.HasPrefix(lines[j], level) {
				return strings.Join(lines[i:j], "\n")
			}
		}
		return strings.Join(lines[i:], "\n")
	}
	return ""
}

// A newcomer's first commands work on a plain clone: the repository is
// cloned (git clone of this checkout's HEAD) into a temporary directory
// with no ../shared beside it, no SCHEDSIM_TRACES and an empty trace
// cache; there `make run` runs the default scenario, `make build` builds
// bin/schedsim, and every command of README's five-minute path runs as
// written, printing what README shows.
//
// It compiles schedsim afresh in the clone (a minute or two), so -short
// (make test) skips it; make test-clone and make test-long run it, and CI
// runs make test-clone.
func TestPlainClone(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles schedsim in a fresh clone: run by make test-clone (CI) and make test-long")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	if err := exec.Command("git", "-C", repoRoot, "rev-parse", "--git-dir").Run(); err != nil {
		t.Skip("not a git checkout: nothing to clone")
	}
	root := t.TempDir()
	clone := filepath.Join(root, "schedsim")
	cacheDir := filepath.Join(root, "cache")
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	env := []string{"GOCACHE=" + strings.TrimSpace(string(gocache)), "XDG_CACHE_HOME=" + cacheDir, "CI=1",
		"PATH=" + filepath.Join(clone, "bin") + string(os.PathListSeparator) + os.Getenv("PATH")}
	for _, e := range os.Environ() {
		if k, _, _ := strings.Cut(e, "="); !slices.Contains([]string{"SCHEDSIM_TRACES", "GOCACHE", "XDG_CACHE_HOME", "CI", "PATH"}, k) {
			env = append(env, e)
		}
	}
	sh := func(line string) (string, string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		cmd := exec.CommandContext(ctx, "bash", "-e", "-o", "pipefail", "-c", line)
		cmd.Dir, cmd.Env = clone, env
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		err := cmd.Run()
		t.Logf("%s (%.1f s)", line, time.Since(start).Seconds())
		if err != nil {
			t.Fatalf("%s: %v\n%s%s", line, err, stdout.String(), stderr.String())
		}
		return stdout.String(), stderr.String()
	}
	if out, err := exec.Command("git", "clone", "--quiet", repoRoot, clone).CombinedOutput(); err != nil {
		t.Fatalf("git clone: %v\n%s", err, out)
	}
	if exists(filepath.Join(root, "shared")) {
		t.Fatal("the clone has a ../shared beside it")
	}

	out, _ := sh("make run")
	if !strings.Contains(out, "scenario "+defaultScenario()) {
		t.Errorf("make run printed no table of %s:\n%s", defaultScenario(), out)
	}
	sh("make build")

	readme, err := os.ReadFile(filepath.Join(clone, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	path := section(string(readme), fiveMinuteHeading)
	if path == "" {
		t.Fatalf("README.md has no section %q", fiveMinuteHeading)
	}
	cmds, shown := docCommands(path)
	if len(cmds) < 3 {
		t.Fatalf("README's five-minute path has %d commands", len(cmds))
	}
	outputs := map[string]string{}
	for _, c := range cmds {
		if c.notRun != "" {
			t.Fatalf("README's five-minute path marks a command as not run: %s", c.text)
		}
		out, _ := sh(c.text)
		if c.args != nil {
			outputs[strings.Join(c.args, " ")] = out
		}
	}
	if len(shown) == 0 {
		t.Error("README's five-minute path shows no output")
	}
	for command, lines := range shown {
		out, ok := outputs[command]
		if !ok {
			t.Errorf("README's five-minute path shows the output of `schedsim %s`, which it does not run", command)
			continue
		}
		for _, l := range lines {
			if !strings.Contains(out, strings.TrimRight(l, " ")) {
				t.Errorf("README shows this line of `schedsim %s`, which it does not print:\n%s\noutput:\n%s", command, l, out)
			}
		}
	}
}

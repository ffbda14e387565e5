package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hostile is a directory name made to break out of a shell word, a
// comment and an #SBATCH line: each payload creates a file if it runs.
const hostile = `my runs #1 $(touch PWNED1) ` + "`touch PWNED2`" + ` '; touch PWNED3; ' "x" 100%`

// The generated scripts keep a hostile --out and --schedsim whole: bash
// runs the binary with exactly the paths given and nothing else, and
// sbatch's parser reads the --output directive back as the path.
func TestSlurmScriptsQuoteHostileNames(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	root := t.TempDir()
	dir := filepath.Join(root, hostile)
	record := filepath.Join(root, "args")
	bin := filepath.Join(root, "bin "+hostile)
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	// The fake schedsim writes its arguments one per line.
	writeFile(t, bin, "#!/bin/sh\nprintf '%s\\n' \"$@\" > "+shellQuote(record)+"\n")
	if err := os.Chmod(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := runCLI(t, "slurm", "testdata/small.yaml", "--out", dir, "--tasks", "2", "--schedsim", bin)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, c := range []struct {
		script, log string
		want        []string
	}{
		{"submit.sbatch", "shard-%a.out", []string{"run", filepath.Join(dir, "scenario.yaml"), "--shard", "1/2", "--out", filepath.Join(dir, "shards"), "--workers", "1", "--progress", "never"}},
		{"merge.sbatch", "merge.out", []string{"merge", filepath.Join(dir, "shards"), "--out", filepath.Join(dir, "result")}},
	} {
		os.Remove(record)
		script := filepath.Join(dir, c.script)
		cmd := exec.Command("bash", script)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "SLURM_ARRAY_TASK_ID=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("bash %s: %v: %s", c.script, err, out)
		}
		got, err := os.ReadFile(record)
		if err != nil {
			t.Fatalf("%s did not run the binary: %v", c.script, err)
		}
		if g, w := strings.TrimSuffix(string(got), "\n"), strings.Join(c.want, "\n"); g != w {
			t.Errorf("%s ran the binary with\n%s\nwant\n%s", c.script, g, w)
		}
		b, _ := os.ReadFile(script)
		output := sbatchDirective(t, string(b), "--output=")
		if want := strings.ReplaceAll(filepath.Join(dir, "logs"), "%", "%%") + "/" + c.log; output != want {
			t.Errorf("%s: sbatch reads --output as %q, want %q", c.script, output, want)
		}
	}
	for _, p := range []string{"PWNED1", "PWNED2", "PWNED3"} {
		if matches, _ := filepath.Glob(filepath.Join(root, "*", p)); len(matches) > 0 || exists(filepath.Join(root, p)) {
			t.Errorf("a payload ran: %s exists", p)
		}
	}
}

// Paths no batch script can carry are refused with one line, before
// anything is written.
func TestSlurmRefusesUnscriptablePaths(t *testing.T) {
	root := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", filepath.Join(root, "dir\ntouch X\n")}, `--out "` + root + `/dir\ntouch X\n": a control character`},
		{[]string{"--out", filepath.Join(root, "o"), "--schedsim", "/bin\ntouch X"}, `--schedsim "/bin\ntouch X": a control character`},
		{[]string{"--out", filepath.Join(root, `back\slash`)}, "a backslash cannot go into a batch script"},
		{[]string{"--out", filepath.Join(root, "o"), "--tasks", "4000002"}, "--tasks must be in [1, 4000001]"},
	} {
		args := append([]string{"slurm", "testdata/small.yaml", "--tasks", "2"}, c.args...)
		code, _, stderr := runCLI(t, args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
	}
	if entries, _ := os.ReadDir(root); len(entries) > 0 {
		t.Errorf("refused commands wrote %v", entries)
	}
}

// An --out whose shards are of another run is refused before anything is
// written (the array tasks would all fail on the cluster); shards of the
// same run are kept for a resubmission.
func TestSlurmRefusesShardsOfAnotherRun(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "o")
	slurm := []string{"slurm", "testdata/small.yaml", "--out", dir, "--tasks", "2", "--schedsim", "/bin/sh"}
	if code, _, stderr := runCLI(t, slurm...); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	scenario := filepath.Join(dir, "scenario.yaml")
	if code, _, stderr := runCLI(t, "run", scenario, "--shard", "0/2", "--out", filepath.Join(dir, "shards"), "--progress", "never"); code != exitOK {
		t.Fatalf("shard 0/2: exit %d: %s", code, stderr)
	}
	before, _ := os.ReadFile(scenario)
	code, _, stderr := runCLI(t, append(slurm, "--seed", "9")...)
	if want := "shard-0-of-2.json is shard 0/2 of another run (scenario small, seed 5,"; code != exitRun || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
		t.Errorf("another seed: exit %d, stderr %q, want %q", code, stderr, want)
	}
	if after, _ := os.ReadFile(scenario); string(after) != string(before) {
		t.Error("the refused command rewrote scenario.yaml")
	}
	if code, _, stderr := runCLI(t, slurm...); code != exitOK {
		t.Errorf("the same run again: exit %d: %s", code, stderr)
	}
}

// An --out holding a scenario.yaml or scripts that schedsim slurm did not
// write is refused (slurm s.yaml --out . replaced s.yaml's own directory's
// scenario.yaml, the input itself, with the resolved one); the directory
// of an earlier schedsim slurm is written again.
func TestSlurmKeepsAUsersFiles(t *testing.T) {
	root := t.TempDir()
	small, err := os.ReadFile("testdata/small.yaml")
	if err != nil {
		t.Fatal(err)
	}
	mine := "# my comments\n" + string(small)
	for _, name := range []string{"scenario.yaml", "submit.sbatch"} {
		dir := filepath.Join(root, strings.TrimSuffix(name, filepath.Ext(name)))
		os.Mkdir(dir, 0o755)
		file := writeFile(t, filepath.Join(dir, name), mine)
		code, _, stderr := runCLI(t, "slurm", "testdata/small.yaml", "--out", dir, "--tasks", "1", "--schedsim", "/bin/sh")
		if want := "holds " + name + " that schedsim slurm did not write"; code != exitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q, want %q", name, code, stderr, want)
		}
		if b, _ := os.ReadFile(file); string(b) != mine {
			t.Errorf("%s was replaced", name)
		}
	}
	dir := filepath.Join(root, "again")
	for range 2 {
		if code, _, stderr := runCLI(t, "slurm", "testdata/small.yaml", "--out", dir, "--tasks", "1", "--schedsim", "/bin/sh"); code != exitOK {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	}
}

// sbatchDirective returns the value of the #SBATCH option with prefix as
// sbatch's script parser (_get_argument in src/sbatch/opt.c) reads it:
// quotes group, a backslash escapes the next character, an unquoted #
// ends the line.
func sbatchDirective(t *testing.T, script, prefix string) string {
	t.Helper()
	for _, line := range strings.Split(script, "\n") {
		rest, ok := strings.CutPrefix(line, "#SBATCH ")
		if !ok {
			continue
		}
		var arg strings.Builder
		var quote rune
		escaped := false
	scan:
		for _, r := range rest {
			switch {
			case escaped:
				escaped = false
			case r == '\\':
				escaped = true
				continue
			case quote != 0 && r == quote:
				quote = 0
				continue
			case quote != 0:
			case r == '"' || r == '\'':
				quote = r
				continue
			case r == '#' || r == ' ' || r == '\t':
				break scan
			}
			arg.WriteRune(r)
		}
		if quote != 0 {
			t.Fatalf("unmatched %c in %q", quote, line)
		}
		if v, ok := strings.CutPrefix(arg.String(), prefix); ok {
			return v
		}
	}
	t.Fatalf("no #SBATCH %s in\n%s", prefix, script)
	return ""
}

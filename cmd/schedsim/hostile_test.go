package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// quickCLI runs a command line that must end within limit, and returns
// its exit code and stderr.
func quickCLI(t *testing.T, limit time.Duration, args ...string) (int, string) {
	t.Helper()
	type result struct {
		code   int
		stderr string
	}
	done := make(chan result, 1)
	go func() {
		code, _, stderr := runCLI(t, args...)
		done <- result{code, stderr}
	}()
	select {
	case r := <-done:
		return r.code, r.stderr
	case <-time.After(limit):
		t.Fatalf("%q still running after %v", args, limit)
		return 0, ""
	}
}

// Inputs without an end or without text (/dev/zero, an oversized file,
// a run's claims.json or jobs.csv that never ends) fail within seconds with one line naming the file and the cap, or the
// NUL byte, and write nothing.
func TestUnboundedInputsFailFast(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir := t.TempDir()
	big := writeFile(t, filepath.Join(dir, "big.yaml"), "# padding\n"+strings.Repeat("#", 2<<20)+"\n")
	replay := writeFile(t, filepath.Join(dir, "replay.yaml"), "name: z\nmodel: cluster\nreplications: 1\nparams: {trace: /dev/zero, procs: 4}\n")
	platform := writeFile(t, filepath.Join(dir, "platform.yaml"), "name: p\nmodel: multicluster\nreplications: 1\nparams: {trace: /dev/zero, platform: /dev/zero}\n")
	bigPlatform := writeFile(t, filepath.Join(dir, "big-platform.yaml"), "name: p\nmodel: multicluster\nreplications: 1\nparams: {platform: big.yaml}\n")
	shards := filepath.Join(dir, "shards")
	os.Mkdir(shards, 0o755)
	if err := os.Symlink("/dev/zero", filepath.Join(shards, "shard-0-of-1.json")); err != nil {
		t.Fatal(err)
	}
	zeroRun := filepath.Join(dir, "zero-run") // a run's --out whose files never end
	os.Mkdir(zeroRun, 0o755)
	for _, f := range []string{"claims.json", "jobs.csv"} {
		if err := os.Symlink("/dev/zero", filepath.Join(zeroRun, f)); err != nil {
			t.Fatal(err)
		}
	}
	gen := []string{"generate", "lublin", "--procs", "64", "--jobs", "10", "--out", filepath.Join(dir, "g.swf")}
	nul := "a NUL byte"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"trace", "info", "/dev/zero"}, "/dev/zero:1: swf: " + nul},
		{[]string{"replay", "--trace", "/dev/zero", "--procs", "4"}, "/dev/zero:1: swf: " + nul},
		{[]string{"trace", "import-sacct", "/dev/zero", "--out", filepath.Join(dir, "s.swf")}, "slurm: /dev/zero:1: " + nul},
		{[]string{"run", replay, "--out", filepath.Join(dir, "o")}, "/dev/zero:1: swf: " + nul},
		{[]string{"validate", "/dev/zero"}, "input: /dev/zero: " + nul + " at offset 0: binary data, not a scenario file"},
		{[]string{"validate", platform}, "params.platform: input: /dev/zero: " + nul + " at offset 0: binary data, not a platform file"},
		{[]string{"validate", bigPlatform}, "params.platform: input: " + big + ": longer than 1 MiB (1048576 bytes), the cap for a platform file"},
		{append(gen, "--params", "/dev/zero"), "input: /dev/zero: " + nul + " at offset 0: binary data, not a parameter file"},
		{append(gen, "--params", big), "input: " + big + ": longer than 1 MiB (1048576 bytes), the cap for a parameter file"},
		{append(gen, "--cycle-plot", filepath.Join(dir, "c.png"), "--cycle-compare", "/dev/zero"), "/dev/zero:1: swf: " + nul},
		{[]string{"merge", shards, "--out", filepath.Join(dir, "m")}, "input: " + shards + "/shard-0-of-1.json: " + nul},
		{[]string{"claims", zeroRun}, "input: " + zeroRun + "/claims.json: " + nul},
		{[]string{"plot", "schedule", zeroRun}, zeroRun + "/jobs.csv:1: a line longer than 65536 bytes"},
	}
	for _, c := range cases {
		code, stderr := quickCLI(t, 5*time.Second, c.args...)
		if code == exitOK || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q, want one line containing %q", c.args, code, stderr, c.want)
		}
	}
	for _, f := range []string{"o", "s.swf", "g.swf", "c.png", "m"} {
		if exists(filepath.Join(dir, f)) {
			t.Errorf("a failed command wrote %s", f)
		}
	}
}

// Values that made the Lublin generator loop for ever end: a tiny load
// generates its jobs, parameters whose draws never fall below their bound
// are refused naming the key.
func TestLublinExtremesEnd(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "g.swf")
	gen := []string{"generate", "lublin", "--procs", "128", "--jobs", "10", "--out", out}
	if code, stderr := quickCLI(t, 20*time.Second, append(gen, "--load", "1e-9")...); code != exitOK {
		t.Fatalf("--load 1e-9: exit %d: %s", code, stderr)
	}
	os.Remove(out)
	for params, want := range map[string]string{
		"max_log_runtime: 0.001":           "p.yaml: interactive.a1: ",
		"max_log_interarrival: 0.0001":     "p.yaml: interactive.aarr: ",
		"batch: {a1: 1e300, pa: 0, pb: 1}": "p.yaml: batch.a1: ",
	} {
		p := writeFile(t, filepath.Join(dir, "p.yaml"), params+"\n")
		code, stderr := quickCLI(t, 20*time.Second, append(gen, "--params", p)...)
		if code == exitOK || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stderr %q, want %q", params, code, stderr, want)
		}
	}
	if exists(out) {
		t.Error("a refused generate wrote --out")
	}
}

// generate lublin checks --cycle-compare before it writes --out, and
// leaves --out as it was when the plot cannot be written.
func TestGenerateWritesNothingOnALaterFailure(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "X.swf")
	gen := []string{"generate", "lublin", "--procs", "64", "--jobs", "50", "--out", out}
	code, _, stderr := runCLI(t, append(gen, "--cycle-plot", filepath.Join(dir, "c.png"), "--cycle-compare", filepath.Join(dir, "missing.swf"))...)
	if code == exitOK || !strings.Contains(stderr, "missing.swf") || exists(out) {
		t.Fatalf("a missing --cycle-compare: exit %d, %s; --out written: %v", code, stderr, exists(out))
	}
	writeFile(t, out, "old\n")
	plot := filepath.Join(dir, "file", "c.png") // under a regular file: cannot be created
	writeFile(t, filepath.Join(dir, "file"), "")
	if code, _, stderr := runCLI(t, append(gen, "--cycle-plot", plot)...); code == exitOK {
		t.Fatalf("an unwritable --cycle-plot: exit 0: %s", stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != "old\n" {
		t.Errorf("--out changed by a failed generate: %.40q", b)
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*")); len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

// A command never writes its --out over its own input (by any name), and
// an --out that is a directory is named as such: import-sacct replaced
// the sacct file with its SWF.
func TestOutputNeverReplacesItsInput(t *testing.T) {
	dir := t.TempDir()
	sacct, err := os.ReadFile("../../workloads/slurm/testdata/sacct-capture.txt")
	if err != nil {
		t.Fatal(err)
	}
	in := writeFile(t, filepath.Join(dir, "sacct.txt"), string(sacct))
	trace := writeFile(t, filepath.Join(dir, "t.swf"), "; MaxProcs: 4\n1 0 0 10 1 -1 -1 1 20 -1 1 1 1 -1 1 -1 -1 -1\n")
	params := writeFile(t, filepath.Join(dir, "p.yaml"), "procs: 64\n")
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"trace", "import-sacct", in, "--out", in}, "--out " + in + " is the input file " + in + ": it would be replaced"},
		{[]string{"trace", "import-sacct", in, "--out", link}, "--out " + link + " is the input file"},
		{[]string{"trace", "import-sacct", in, "--out", dir}, "--out " + dir + ": is a directory, not a file"},
		{[]string{"trace", "resample", trace, "--out", trace}, "--out " + trace + " is the input file"},
		{[]string{"generate", "lublin", "--jobs", "5", "--params", params, "--out", params}, "--out " + params + " is the input file"},
	} {
		code, _, stderr := runCLI(t, c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q, want %q", c.args, code, stderr, c.want)
		}
	}
	if b, _ := os.ReadFile(in); string(b) != string(sacct) {
		t.Error("the sacct input was replaced")
	}
	if b, _ := os.ReadFile(params); string(b) != "procs: 64\n" {
		t.Error("the --params file was replaced")
	}
}

// --seed is a decimal integer and nothing else: fmt.Sscan read "12abc" as
// 12, "7 8" as 7 and "0x10" as 16.
func TestSeedFlagIsWhole(t *testing.T) {
	dir := t.TempDir()
	for _, seed := range []string{"12abc", "7 8", "0x10", "-1", ""} {
		for _, args := range [][]string{
			{"run", "testdata/small.yaml", "--out", filepath.Join(dir, "r")},
			{"slurm", "testdata/small.yaml", "--tasks", "1", "--out", filepath.Join(dir, "s")},
		} {
			code, _, stderr := runCLI(t, append(args, "--seed", seed)...)
			want := `invalid value "` + seed + `" for flag -seed: want a decimal integer ≥ 0`
			if code != exitUsage || !strings.Contains(stderr, want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%s --seed %q: exit %d, stderr %q, want %q", args[0], seed, code, stderr, want)
			}
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) > 0 {
		t.Errorf("refused commands wrote %v", entries)
	}
}

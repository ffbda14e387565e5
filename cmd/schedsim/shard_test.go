package main

import (
	"bytes"
	"errors"
	"github.com/schedsim/schedsim/internal/testtrace"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/schedsim/schedsim/results/claims"
	"github.com/schedsim/schedsim/scenarios"
)

// reducedBuiltin writes a quick version of a built-in scenario into dir
// and returns its path: the first two values of each sweep axis, the plots
// that still have their points, 2 replications and at most jobs completed
// jobs per replication. It skips the test when the scenario's traces are
// absent.
func reducedBuiltin(t *testing.T, name, dir string, jobs int) string {
	t.Helper()
	sc, err := scenarios.Load(name)
	if err != nil {
		if strings.Contains(err.Error(), "shared/traces") {
			testtrace.SkipFor(t, err)
		}
		t.Fatal(err)
	}
	sc.Replications = 2
	if sc.Stop.CompletedJobs > jobs || (sc.Stop.CompletedJobs == 0 && sc.Stop.Time == 0 && sc.Stop.Events == 0) {
		sc.Stop.CompletedJobs = jobs
	}
	kept := map[string]map[string]bool{}
	for i := range sc.Sweep {
		ax := &sc.Sweep[i]
		ax.Values = ax.Values[:min(2, len(ax.Values))]
		kept[ax.Key] = map[string]bool{}
		for _, v := range ax.Values {
			kept[ax.Key][v.Value] = true
		}
	}
	plots := sc.Plots[:0]
	for _, p := range sc.Plots {
		ok := true
		for k, v := range p.Where {
			ok = ok && kept[k][v]
		}
		if ok {
			plots = append(plots, p)
		}
	}
	sc.Plots = plots
	sc.Claims = keptClaims(sc)
	data, err := sc.Resolved()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name+".yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// keptClaims are the claims of sc that still hold on its reduced sweep
// (their values kept, a peak over three or more).
func keptClaims(sc *scenarios.Scenario) []claims.Claim {
	var axes []claims.Axis
	for _, ax := range sc.Sweep {
		a := claims.Axis{Key: ax.Key}
		for _, v := range ax.Values {
			a.Values = append(a.Values, v.Value)
		}
		axes = append(axes, a)
	}
	metrics := scenarios.MetricNames(sc.Points[0].Params)
	var kept []claims.Claim
	for _, c := range sc.Claims {
		if claims.Validate([]claims.Claim{c}, metrics, axes) == nil {
			kept = append(kept, c)
		}
	}
	return kept
}

// outputFiles returns the files a merge reproduces (summaries, resolved
// scenario, plots) below dir, by relative path.
func outputFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for _, name := range []string{"summary.csv", "summary.json", "scenario.yaml", "claims.csv", "claims.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, os.ErrNotExist) && strings.HasPrefix(name, "claims.") {
			continue // a scenario without claims
		}
		if err != nil {
			t.Fatal(err)
		}
		out[name] = b
	}
	plots, _ := filepath.Glob(filepath.Join(dir, "plots", "*"))
	for _, p := range plots {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out["plots/"+filepath.Base(p)] = b
	}
	return out
}

// TestShardsMergeToTheSingleRun is the sharding property: for every
// built-in scenario (reduced) and N ∈ {1, 2, 3, 7}, the N shards run in a
// shuffled order and merged give files byte-identical to one run.
func TestShardsMergeToTheSingleRun(t *testing.T) {
	t.Chdir("../..") // built-in trace paths are relative to the module root
	for _, name := range scenarios.Builtins() {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			file := reducedBuiltin(t, name, dir, 400)
			single := filepath.Join(dir, "single")
			if code, _, stderr := runCLI(t, "run", file, "--out", single, "--progress", "never"); code != exitOK {
				t.Fatalf("run: exit %d: %s", code, stderr)
			}
			want := outputFiles(t, single)
			rng := rand.New(rand.NewPCG(uint64(len(name)), 12))
			for _, n := range shardCounts() {
				shards := filepath.Join(dir, "shards", strings.Repeat("n", n))
				for _, i := range rng.Perm(n) {
					shard := strconv.Itoa(i) + "/" + strconv.Itoa(n)
					if code, _, stderr := runCLI(t, "run", file, "--shard", shard, "--out", shards, "--workers", "2"); code != exitOK {
						t.Fatalf("shard %s: exit %d: %s", shard, code, stderr)
					}
				}
				merged := filepath.Join(dir, "merged", strconv.Itoa(n))
				if code, _, stderr := runCLI(t, "merge", shards, "--out", merged); code != exitOK {
					t.Fatalf("merge of %d shards: exit %d: %s", n, code, stderr)
				}
				got := outputFiles(t, merged)
				if len(got) != len(want) {
					t.Errorf("N=%d: merged %d files, the single run %d", n, len(got), len(want))
				}
				for f, b := range want {
					if !bytes.Equal(got[f], b) {
						t.Errorf("N=%d: %s differs from the single run", n, f)
					}
				}
			}
		})
	}
}

// shardCounts are the shard counts TestShardsMergeToTheSingleRun splits
// every built-in into: 1 and an uneven 3 with -short (make test), also 2
// and 7 in make test-long.
func shardCounts() []int {
	if testing.Short() {
		return []int{1, 3}
	}
	return []int{1, 2, 3, 7}
}

// TestShardBadInput: one line each, exit 2 for usage and 1 for the
// environment, and nothing written.
func TestShardBadInput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a-file")
	os.WriteFile(file, []byte("x"), 0o644)
	t.Setenv("PATH", dir) // no sbatch
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"run", "testdata/small.yaml", "--shard", "3/2", "--out", filepath.Join(dir, "o")}, exitUsage, `--shard: scenarios: shard "3/2": want 0 ≤ I < N`},
		{[]string{"run", "testdata/small.yaml", "--shard", "0/0", "--out", filepath.Join(dir, "o")}, exitUsage, `shard "0/0"`},
		{[]string{"run", "testdata/small.yaml", "--shard", "0/2"}, exitUsage, "--shard needs --out DIR"},
		{[]string{"run", "testdata/small.yaml", "--shard", "0/2", "--out", file}, exitUsage, "is a file, not a directory"},
		{[]string{"run", "testdata/small.yaml", "--shard", "0/2", "--out", filepath.Join(file, "sub")}, exitRun, "cannot create the directory: not a directory"},
		{[]string{"run", "testdata/small.yaml", "--out", file}, exitUsage, "not a directory"},
		{[]string{"slurm", "testdata/small.yaml", "--tasks", "0", "--out", filepath.Join(dir, "o")}, exitUsage, "--tasks must be in [1, 4000001], the largest job array Slurm allows (MaxArraySize) (got 0)"},
		{[]string{"slurm", "testdata/small.yaml", "--tasks", "2"}, exitUsage, "slurm needs --out DIR"},
		{[]string{"slurm", "testdata/small.yaml", "--tasks", "2", "--out", filepath.Join(dir, "o"), "--time", "1 day"}, exitUsage, `--time "1 day": not a Slurm value`},
		{[]string{"slurm", "testdata/small.yaml", "--tasks", "2", "--out", file}, exitUsage, "is a file, not a directory"},
		{[]string{"slurm", "testdata/small.yaml", "--tasks", "2", "--out", filepath.Join(dir, "o"), "--submit"}, exitRun, "sbatch is not on PATH"},
		{[]string{"merge", "--out", filepath.Join(dir, "o")}, exitUsage, "merge needs at least one directory"},
		{[]string{"merge", dir}, exitUsage, "merge needs --out DIR"},
		{[]string{"merge", file, "--out", filepath.Join(dir, "o")}, exitUsage, "not a directory of shards"},
		{[]string{"merge", dir, "--out", filepath.Join(dir, "o")}, exitRun, "no finished shard in it"},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line with %q", c.args, code, stderr, c.code, c.want)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("bad input left files behind: %v", entries)
	}
}

// TestNotWritableOut needs a user the file permissions apply to.
func TestNotWritableOut(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root writes into read-only directories")
	}
	dir := t.TempDir()
	os.Chmod(dir, 0o555)
	defer os.Chmod(dir, 0o755)
	code, _, stderr := runCLI(t, "run", "testdata/small.yaml", "--shard", "0/2", "--out", dir)
	if code != exitRun || !strings.Contains(stderr, "not writable") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

func TestSlurmScripts(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sweep")
	bin := filepath.Join(t.TempDir(), "schedsim") // --schedsim must name an executable
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, "slurm", "testdata/small.yaml", "--out", dir, "--tasks", "4", "--partition", "short",
		"--time", "0:30:00", "--mem", "2G", "--cpus-per-task", "3", "--account", "proj", "--seed", "9", "--per-job", "all", "--schedsim", bin)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "sbatch --parsable '"+dir+"/submit.sbatch'") || !strings.Contains(stdout, "--dependency=afterok:") || !strings.Contains(stdout, "note: the scenario has 3 tasks (points × replications): 1 of the 4 array tasks will have none") {
		t.Fatalf("printed commands:\n%s", stdout)
	}
	submit, _ := os.ReadFile(filepath.Join(dir, "submit.sbatch"))
	for _, want := range []string{"#SBATCH --array=0-3\n", "#SBATCH --cpus-per-task=3\n", "#SBATCH --partition=short\n", "#SBATCH --time=0:30:00\n",
		"#SBATCH --mem=2G\n", "#SBATCH --account=proj\n", `'` + bin + `' run '` + dir + `/scenario.yaml' --shard "${SLURM_ARRAY_TASK_ID}/4"`, "--per-job=all"} {
		if !strings.Contains(string(submit), want) {
			t.Errorf("submit.sbatch lacks %q:\n%s", want, submit)
		}
	}
	merge, _ := os.ReadFile(filepath.Join(dir, "merge.sbatch"))
	if !strings.Contains(string(merge), `'`+bin+`' merge '`+dir+`/shards' --out '`+dir+`/result'`) {
		t.Errorf("merge.sbatch:\n%s", merge)
	}
	resolved, _ := os.ReadFile(filepath.Join(dir, "scenario.yaml"))
	if !strings.Contains(string(resolved), "seed: 9") {
		t.Errorf("scenario.yaml lacks the seed override:\n%s", resolved)
	}
}

func TestPerJobAll(t *testing.T) {
	out := filepath.Join(t.TempDir(), "o")
	if code, _, stderr := runCLI(t, "run", "testdata/small.yaml", "--out", out, "--per-job", "all", "--progress", "never"); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// One file in long format: the replication is a column.
	b, err := os.ReadFile(filepath.Join(out, "jobs.csv"))
	if err != nil || !bytes.HasPrefix(b, []byte("replication,id,")) || bytes.Count(b, []byte("\n")) != 3*3000+1 {
		t.Errorf("jobs.csv: %d bytes, %d lines, %v", len(b), bytes.Count(b, []byte("\n")), err)
	}
	for _, rep := range []string{"\n0,", "\n1,", "\n2,"} {
		if !bytes.Contains(b, []byte(rep)) {
			t.Errorf("jobs.csv has no row of replication %s", rep[1:2])
		}
	}
	if left, _ := filepath.Glob(filepath.Join(out, "*", "*.csv")); len(left) > 0 {
		t.Errorf("per-task files left behind: %v", left)
	}
}

// The per-job records of shards merge into the jobs.csv of one run, byte
// for byte, axis columns first.
func TestShardsMergePerJob(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "s.yaml")
	os.WriteFile(file, []byte("name: s\nmodel: mmc\nseed: 3\nreplications: 2\nstop: {completed_jobs: 300}\nparams: {load: 0.5, warmup_jobs: 0}\nsweep:\n  - key: servers\n    values: [1, 2, 3]\n"), 0o644)
	single := filepath.Join(dir, "single")
	if code, _, stderr := runCLI(t, "run", file, "--out", single, "--per-job", "all", "--progress", "never"); code != exitOK {
		t.Fatalf("run: exit %d: %s", code, stderr)
	}
	shards := filepath.Join(dir, "shards")
	for _, s := range []string{"1/2", "0/2"} {
		if code, _, stderr := runCLI(t, "run", file, "--shard", s, "--out", shards, "--per-job", "all"); code != exitOK {
			t.Fatalf("shard %s: exit %d: %s", s, code, stderr)
		}
	}
	merged := filepath.Join(dir, "merged")
	if code, _, stderr := runCLI(t, "merge", shards, "--out", merged); code != exitOK {
		t.Fatalf("merge: exit %d: %s", code, stderr)
	}
	want, _ := os.ReadFile(filepath.Join(single, "jobs.csv"))
	got, err := os.ReadFile(filepath.Join(merged, "jobs.csv"))
	if err != nil || !bytes.Equal(got, want) || !bytes.HasPrefix(want, []byte("servers,replication,id,")) || bytes.Count(want, []byte("\n")) != 3*2*300+1 {
		t.Errorf("merged jobs.csv (%d bytes, %v) differs from the single run's (%d bytes, %d lines)", len(got), err, len(want), bytes.Count(want, []byte("\n")))
	}
}

// TestKilledShardRunsAgain kills a shard with SIGKILL halfway: it leaves no
// manifest, merge names a missing task, and running the shard again
// completes the set, equal to the single run.
func TestKilledShardRunsAgain(t *testing.T) {
	dir := t.TempDir()
	shards := filepath.Join(dir, "shards")
	cmd := exec.Command(binary, "run", "karatza-quick", "--replications", "20", "--shard", "0/2", "--out", shards, "--workers", "1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(250 * time.Millisecond)
	cmd.Process.Kill()
	cmd.Wait()
	if _, err := os.Stat(filepath.Join(shards, "shard-0-of-2.json")); err == nil {
		t.Skip("the shard finished before it was killed")
	}
	if code, _, stderr := runCLI(t, "run", "karatza-quick", "--replications", "20", "--shard", "1/2", "--out", shards); code != exitOK {
		t.Fatal(stderr)
	}
	if code, _, stderr := runCLI(t, "merge", shards, "--out", filepath.Join(dir, "merged")); code != exitRun || !strings.Contains(stderr, "(it belongs to shard 0/2: run that shard again)") {
		t.Fatalf("merge with a killed shard: exit %d: %s", code, stderr)
	}
	for _, i := range []string{"0/2", "1/2"} {
		code, stdout, stderr := runCLI(t, "run", "karatza-quick", "--replications", "20", "--shard", i, "--out", shards)
		if code != exitOK || strings.Contains(stdout, "skipped") != (i == "1/2") {
			t.Fatalf("shard %s again: exit %d: %s%s", i, code, stdout, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "merge", shards, "--out", filepath.Join(dir, "merged")); code != exitOK {
		t.Fatal(stderr)
	}
	if code, _, stderr := runCLI(t, "run", "karatza-quick", "--replications", "20", "--out", filepath.Join(dir, "single")); code != exitOK {
		t.Fatal(stderr)
	}
	want, got := outputFiles(t, filepath.Join(dir, "single")), outputFiles(t, filepath.Join(dir, "merged"))
	for f, b := range want {
		if !bytes.Equal(got[f], b) {
			t.Errorf("%s differs from the single run", f)
		}
	}
	if leftovers, _ := filepath.Glob(filepath.Join(shards, ".*")); len(leftovers) > 0 {
		t.Errorf("temporary files or journals left: %v", leftovers)
	}
}

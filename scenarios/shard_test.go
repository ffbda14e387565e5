package scenarios

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

const shardYAML = `name: sharded
model: mmc
seed: 7
replications: 3
stop: {completed_jobs: 500}
params: {servers: 2, load: 0.7, warmup_jobs: 50}
sweep:
  - {key: servers, values: [1, 2]}
`

func shardScenario(t *testing.T, seed string) *Scenario {
	t.Helper()
	sc, err := Parse([]byte(strings.Replace(shardYAML, "seed: 7", "seed: "+seed, 1)), "sharded.yaml", ".")
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

func TestParseShard(t *testing.T) {
	for _, bad := range []string{"3/2", "2/2", "0/0", "-1/2", "1", "a/b", "1/2/3", ""} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
	s, err := ParseShard("2/3")
	if err != nil || s != (Shard{2, 3}) || s.String() != "2/3" {
		t.Fatalf("ParseShard(2/3) = %v, %v", s, err)
	}
	// The shards of a split hold every task exactly once.
	for n := 1; n <= 8; n++ {
		seen := make([]int, 20)
		for i := range n {
			for _, task := range (Shard{i, n}).Tasks(20) {
				seen[task]++
			}
		}
		for task, c := range seen {
			if c != 1 {
				t.Fatalf("N=%d: task %d in %d shards", n, task, c)
			}
		}
	}
}

func runShard(t *testing.T, ctx context.Context, sc *Scenario, s Shard, dir string) (ShardResult, error) {
	t.Helper()
	return RunShard(ctx, sc, Options{}, s, dir)
}

func TestShardResumeAndRefusals(t *testing.T) {
	dir := t.TempDir()
	sc := shardScenario(t, "7")
	// A shard killed before it finished leaves no manifest; merge names
	// the first task it misses and the shard to run again.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := runShard(t, ctx, sc, Shard{1, 3}, dir); !errors.Is(err, sim.ErrInterrupted) {
		t.Fatalf("cancelled shard: %v", err)
	}
	for _, i := range []int{2, 0} {
		if _, err := runShard(t, context.Background(), sc, Shard{i, 3}, dir); err != nil {
			t.Fatal(err)
		}
	}
	_, _, err := Merge([]string{dir})
	if err == nil || !strings.Contains(err.Error(), `task 1 (point "servers=2", replication 0) is missing`) || !strings.Contains(err.Error(), "shard 1/3") || !strings.Contains(err.Error(), "2 tasks are missing in all") {
		t.Fatalf("missing shard: %v", err)
	}
	// Running the set again redoes only the unfinished shard.
	for i := range 3 {
		res, err := runShard(t, context.Background(), sc, Shard{i, 3}, dir)
		if err != nil || res.Skipped != (i != 1) {
			t.Fatalf("rerun of shard %d: skipped %v, %v", i, res.Skipped, err)
		}
	}
	mergesToTheSingleRun(t, dir)

	// A shard held twice: the duplicated task is named.
	dup := t.TempDir()
	copyFile(t, filepath.Join(dir, "shard-2-of-3.json"), filepath.Join(dup, "shard-2-of-3.json"))
	copyFile(t, filepath.Join(dir, "shard-2-of-3.csv"), filepath.Join(dup, "shard-2-of-3.csv"))
	if _, _, err := Merge([]string{dir, dup}); err == nil || !strings.Contains(err.Error(), `task 2 (point "servers=1", replication 1) is in two shards`) {
		t.Fatalf("duplicated shard: %v", err)
	}

	// A shard of another seed, in its own directory, is refused; so is
	// running it into a directory of the first run.
	other := t.TempDir()
	if _, err := runShard(t, context.Background(), shardScenario(t, "8"), Shard{0, 3}, other); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Merge([]string{dir, other}); err == nil || !strings.Contains(err.Error(), "different runs") || !strings.Contains(err.Error(), "seed 8") {
		t.Fatalf("different seeds: %v", err)
	}
	if _, err := runShard(t, context.Background(), shardScenario(t, "8"), Shard{0, 3}, dir); err == nil || !strings.Contains(err.Error(), "another run") {
		t.Fatalf("shard of another seed into the same directory: %v", err)
	}

	// A truncated data file, a corrupt manifest.
	data := filepath.Join(dir, "shard-0-of-3.csv")
	b, _ := os.ReadFile(data)
	os.WriteFile(data, b[:len(b)/2], 0o644)
	if _, _, err := Merge([]string{dir}); !errors.Is(err, results.ErrCorruptShard) || !strings.Contains(err.Error(), "shard-0-of-3.csv") {
		t.Fatalf("truncated data: %v", err)
	}
	os.WriteFile(filepath.Join(dir, "shard-2-of-3.json"), []byte(`{"format": 1, "scen`), 0o644)
	if _, _, err := Merge([]string{dir}); !errors.Is(err, results.ErrCorruptShard) || !strings.Contains(err.Error(), "shard-2-of-3.json") {
		t.Fatalf("corrupt manifest: %v", err)
	}
	// A damaged shard is run again rather than skipped.
	if res, err := runShard(t, context.Background(), sc, Shard{0, 3}, dir); err != nil || res.Skipped {
		t.Fatalf("rerun of a damaged shard: skipped %v, %v", res.Skipped, err)
	}
	if _, _, err := Merge([]string{t.TempDir()}); err == nil || !strings.Contains(err.Error(), "no finished shard") {
		t.Fatalf("empty directory: %v", err)
	}
}

// mergesToTheSingleRun requires the shards in dir to merge into the
// report of one run of the seed-7 scenario.
func mergesToTheSingleRun(t *testing.T, dir string) {
	t.Helper()
	_, merged, err := Merge([]string{dir})
	if err != nil {
		t.Fatal(err)
	}
	single, err := Run(context.Background(), shardScenario(t, "7"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !sameReport(merged, single) {
		t.Fatal("merged report differs from the single run")
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestShardResumesFromItsJournal: a shard interrupted after some tasks
// keeps them in its journal; running it again runs only the others, and
// the merged result is the single run's.
func TestShardResumesFromItsJournal(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	opts := Options{Workers: 1, Progress: func(done, total int, events uint64) { cancel() }}
	if _, err := RunShard(ctx, shardScenario(t, "7"), opts, Shard{0, 1}, dir); !errors.Is(err, sim.ErrInterrupted) {
		t.Fatalf("interrupted shard: %v", err)
	}
	res, err := RunShard(context.Background(), shardScenario(t, "7"), Options{}, Shard{0, 1}, dir)
	if err != nil || res.Resumed < 1 || res.Resumed >= res.Tasks {
		t.Fatalf("resumed %d of %d tasks: %v", res.Resumed, res.Tasks, err)
	}
	mergesToTheSingleRun(t, dir)
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Fatalf("journal or temporary files left: %v", left)
	}
}

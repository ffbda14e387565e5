package scenarios

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

// Shard is one of Count deterministic shares of a scenario's tasks: shard
// I holds the tasks t with t mod Count = I, so that every shard gets a
// mix of the points (the expensive ones too) and the shards together hold
// every task exactly once.
type Shard struct {
	// Index is I, from 0 to Count−1 (a Slurm array task id).
	Index int
	// Count is the number of shards N ≥ 1.
	Count int
}

// ParseShard reads "I/N" with 0 ≤ I < N.
func ParseShard(s string) (Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil {
		return Shard{}, fmt.Errorf("scenarios: shard %q: want I/N, e.g. 0/4", s)
	}
	if n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("scenarios: shard %q: want 0 ≤ I < N and N ≥ 1 (I counts from 0, like a Slurm array task id)", s)
	}
	return Shard{Index: i, Count: n}, nil
}

// String returns "I/N".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Tasks returns the tasks of the shard, ascending, among total tasks.
func (s Shard) Tasks(total int) []int {
	var out []int
	for t := s.Index; t < total; t += s.Count {
		out = append(out, t)
	}
	return out
}

// Hash returns the SHA-256 of the resolved scenario YAML (hex) and that
// YAML: two runs with the same hash run the same experiment.
func (sc *Scenario) Hash() (string, []byte, error) {
	resolved, err := sc.Resolved()
	if err != nil {
		return "", nil, err
	}
	sum := sha256.Sum256(resolved)
	return hex.EncodeToString(sum[:]), resolved, nil
}

// ShardResult says what RunShard did.
type ShardResult struct {
	// Skipped is true when dir already held the finished shard.
	Skipped bool
	// Tasks is the number of tasks of the shard.
	Tasks int
	// Resumed is the number of tasks taken from the journal of an earlier
	// run of the shard that was killed.
	Resumed int
	// Manifest is the path of the shard's manifest.
	Manifest string
}

// errShardInterrupted is returned by RunShard when the context was
// cancelled before every task of the shard finished; the shard is not
// marked finished, and running it again redoes the tasks that had not
// finished (the others are in its journal). It wraps sim.ErrInterrupted.
var errShardInterrupted = sim.NewInterrupted("scenarios: shard interrupted: not marked finished, run it again")

// RunShard runs one shard of the scenario (with opts applied) and writes
// its raw per-replication metrics and manifest into dir (see
// results.WriteShard); per-job CSV and the kinds' extra files of its tasks
// go to dir as with Run. A shard whose finished manifest for the same
// scenario is already in dir is skipped, so that a re-submitted job array
// redoes only the shards that failed; a manifest of another scenario is an
// error. Tasks are journalled as they finish (results.Journal): a shard
// killed halfway redoes only its unfinished tasks. A cancelled shard
// returns an error wrapping sim.ErrInterrupted.
func RunShard(ctx context.Context, sc *Scenario, opts Options, shard Shard, dir string) (ShardResult, error) {
	if err := sc.Apply(opts); err != nil {
		return ShardResult{}, err
	}
	hash, resolved, err := sc.Hash()
	if err != nil {
		return ShardResult{}, err
	}
	tasks := shard.Tasks(sc.Tasks())
	out := ShardResult{Tasks: len(tasks), Manifest: results.ShardManifestPath(dir, shard.Index, shard.Count)}
	if m, err := results.ReadShardManifest(out.Manifest); err == nil {
		if m.ScenarioHash != hash {
			return out, fmt.Errorf("scenarios: %s is shard %d/%d of another run (scenario %s, seed %d, sha256 %.12s; this run is %s, seed %d, sha256 %.12s): use another --out",
				out.Manifest, m.Shard, m.Shards, m.Scenario, m.Seed, m.ScenarioHash, sc.Name, sc.Seed, hash)
		}
		if _, err := results.ReadShardTasks(dir, m); err == nil {
			out.Skipped = true
			return out, nil
		}
		// A finished manifest with damaged data: run the shard again.
	} else if !errors.Is(err, fs.ErrNotExist) {
		opts.Log.Warn().Err(err).Msg("unreadable shard manifest: running the shard again")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return out, err
	}
	results.RemoveShardTemps(dir, shard.Index, shard.Count)
	journal, prior, err := results.OpenJournal(dir, shard.Index, shard.Count, hash)
	if err != nil {
		return out, err
	}
	defer journal.Close()
	have := map[int]results.TaskResult{}
	for _, t := range prior {
		if pi, rep := sc.taskOf(t.Task); t.Task%shard.Count == shard.Index && t.Task < sc.Tasks() && t.Point == pi && t.Replication == rep {
			have[t.Task] = t
		}
	}
	var todo []int
	for _, t := range tasks {
		if _, ok := have[t]; !ok {
			todo = append(todo, t)
		}
	}
	out.Resumed = len(have)
	opts.OutDir = dir
	done, err := RunTasks(ctx, sc, opts, todo, func(t results.TaskResult) {
		if err := journal.Add(t); err != nil {
			opts.Log.Warn().Err(err).Msg("shard journal: a killed shard will redo this task")
		}
	})
	if err != nil {
		return out, err
	}
	if len(done) < len(todo) {
		if len(done) == 0 && len(have) == 0 {
			journal.Remove() // nothing to resume from
		}
		return out, errShardInterrupted
	}
	for _, t := range done {
		have[t.Task] = t
	}
	all := make([]results.TaskResult, len(tasks))
	for i, t := range tasks {
		all[i] = have[t]
	}
	m := results.ShardManifest{
		Scenario: sc.Name, ScenarioHash: hash, Seed: sc.Seed, Engine: sc.Engine,
		Points: len(sc.Points), Replications: sc.Replications,
		Shard: shard.Index, Shards: shard.Count, Tasks: tasks, Resolved: string(resolved),
	}
	if m.Tasks == nil {
		m.Tasks = []int{}
	}
	if err := results.WriteShard(dir, m, all); err != nil {
		return out, err
	}
	return out, journal.Remove()
}

package scenarios

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"sort"

	"github.com/schedsim/schedsim/results"
)

// Merge reads the finished shards in dirs (every shard-I-of-N.json in
// each) and aggregates them into the report a single run of the scenario
// would have produced, byte for byte in every output file. It returns the
// scenario the shards ran. It refuses shards of different runs (scenario,
// seed, engine, replications), a task that no shard holds or that two
// shards hold, and shard files that are truncated or corrupt; each error
// is one line naming the file or the task.
func Merge(dirs []string) (*Scenario, *results.Report, error) {
	type shardFile struct {
		dir, path string
		m         *results.ShardManifest
	}
	var shards []shardFile
	for _, dir := range dirs {
		paths, err := filepath.Glob(filepath.Join(dir, "shard-*-of-*.json"))
		if err != nil {
			return nil, nil, err
		}
		if len(paths) == 0 {
			return nil, nil, fmt.Errorf("scenarios: merge: %s: no finished shard in it (no shard-I-of-N.json)", dir)
		}
		sort.Strings(paths)
		for _, p := range paths {
			m, err := results.ReadShardManifest(p)
			if err != nil {
				return nil, nil, fmt.Errorf("scenarios: merge: %w", err)
			}
			shards = append(shards, shardFile{dir, p, m})
		}
	}
	first := shards[0]
	for _, s := range shards[1:] {
		if s.m.ScenarioHash != first.m.ScenarioHash {
			return nil, nil, fmt.Errorf("scenarios: merge: %s and %s are shards of different runs (scenario %s seed %d engine %s replications %d, sha256 %.12s vs scenario %s seed %d engine %s replications %d, sha256 %.12s)",
				first.path, s.path, first.m.Scenario, first.m.Seed, first.m.Engine, first.m.Replications, first.m.ScenarioHash,
				s.m.Scenario, s.m.Seed, s.m.Engine, s.m.Replications, s.m.ScenarioHash)
		}
	}
	if sum := sha256.Sum256([]byte(first.m.Resolved)); hex.EncodeToString(sum[:]) != first.m.ScenarioHash {
		return nil, nil, fmt.Errorf("scenarios: merge: %s: %w: the resolved scenario does not match its sha256", first.path, results.ErrCorruptShard)
	}
	sc, err := Parse([]byte(first.m.Resolved), first.path+" (resolved_scenario)", first.dir)
	if err != nil {
		return nil, nil, fmt.Errorf("scenarios: merge: %w", err)
	}
	if again, err := sc.Resolved(); err != nil || !bytes.Equal(again, []byte(first.m.Resolved)) {
		return nil, nil, fmt.Errorf("scenarios: merge: %s: %w: the resolved scenario does not read back to itself", first.path, results.ErrCorruptShard)
	}
	if len(sc.Points) != first.m.Points || sc.Replications != first.m.Replications {
		return nil, nil, fmt.Errorf("scenarios: merge: %s: %w: %d points × %d replications, the scenario has %d × %d",
			first.path, results.ErrCorruptShard, first.m.Points, first.m.Replications, len(sc.Points), sc.Replications)
	}
	total := sc.Tasks()
	owner := make([]string, total)
	var done []results.TaskResult
	for _, s := range shards {
		tasks, err := results.ReadShardTasks(s.dir, s.m)
		if err != nil {
			return nil, nil, fmt.Errorf("scenarios: merge: %w", err)
		}
		for _, t := range tasks {
			if t.Task < 0 || t.Task >= total {
				return nil, nil, fmt.Errorf("scenarios: merge: %s: %w: task %d out of range [0, %d)", s.path, results.ErrCorruptShard, t.Task, total)
			}
			if owner[t.Task] != "" {
				return nil, nil, fmt.Errorf("scenarios: merge: %s is in two shards: %s and %s", sc.taskName(t.Task), owner[t.Task], s.path)
			}
			owner[t.Task] = s.path
			pi, rep := sc.taskOf(t.Task)
			if len(t.Metrics) > 0 && (t.Point != pi || t.Replication != rep) {
				return nil, nil, fmt.Errorf("scenarios: merge: %s: %w: task %d is labelled point %d replication %d", s.path, results.ErrCorruptShard, t.Task, t.Point, t.Replication)
			}
			t.Point, t.Replication = pi, rep
			done = append(done, t)
		}
	}
	n := first.m.Shards
	for _, s := range shards {
		if s.m.Shards != n {
			n = 0 // shards of several splits: no single shard to name
		}
	}
	missing := []int{}
	for t, o := range owner {
		if o == "" {
			missing = append(missing, t)
		}
	}
	if len(missing) > 0 {
		t := missing[0]
		hint := ""
		if n > 0 {
			hint = fmt.Sprintf(" (it belongs to shard %d/%d: run that shard again)", t%n, n)
		}
		if len(missing) > 1 {
			hint += fmt.Sprintf("; %d tasks are missing in all", len(missing))
		}
		return nil, nil, fmt.Errorf("scenarios: merge: %s is missing: no finished shard holds it%s", sc.taskName(t), hint)
	}
	rep, err := Aggregate(sc, done)
	if err != nil {
		return nil, nil, fmt.Errorf("scenarios: merge: %w", err)
	}
	return sc, rep, nil
}

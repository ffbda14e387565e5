package results

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestShardRoundTrip: the raw metrics read back bit for bit (NaN, ±Inf,
// −0 and subnormals included), and a changed byte is caught.
func TestShardRoundTrip(t *testing.T) {
	dir := t.TempDir()
	odd := []float64{math.NaN(), math.Inf(1), math.Inf(-1), math.Copysign(0, -1), 5e-324, 0.1 + 0.2, 1e300}
	var tasks []TaskResult
	for i, v := range odd {
		tasks = append(tasks, TaskResult{Task: 3 * i, Point: i % 2, Replication: i, PointName: `a="x, y"`, Events: uint64(i) << 40,
			Metrics: Metrics{{"m", v}, {"n", float64(i)}}})
	}
	m := ShardManifest{Scenario: "s", ScenarioHash: "h", Shard: 0, Shards: 3, Points: 2, Replications: 7}
	for _, t := range tasks {
		m.Tasks = append(m.Tasks, t.Task)
	}
	stale := filepath.Join(dir, ".shard-0-of-3.csv.tmp123")
	os.WriteFile(stale, []byte("half"), 0o644)
	RemoveShardTemps(dir, 0, 3)
	if _, err := os.Stat(stale); err == nil {
		t.Fatal("RemoveShardTemps left a killed run's temporary file")
	}
	if err := WriteShard(dir, m, tasks); err != nil {
		t.Fatal(err)
	}
	back, err := ReadShardManifest(ShardManifestPath(dir, 0, 3))
	if err != nil {
		t.Fatal(err)
	}
	got, err := ReadShardTasks(dir, back)
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range got {
		w := tasks[i]
		if g.Task != w.Task || g.Point != w.Point || g.Replication != w.Replication || g.PointName != w.PointName || g.Events != w.Events || len(g.Metrics) != 2 {
			t.Fatalf("task %d: %+v, want %+v", i, g, w)
		}
		for j := range g.Metrics {
			if g.Metrics[j].Name != w.Metrics[j].Name || math.Float64bits(g.Metrics[j].Value) != math.Float64bits(w.Metrics[j].Value) {
				t.Fatalf("task %d metric %d: %v, want %v", i, j, g.Metrics[j], w.Metrics[j])
			}
		}
	}
	data := filepath.Join(dir, back.Data)
	b, _ := os.ReadFile(data)
	b[len(b)-2] ^= 1
	os.WriteFile(data, b, 0o644)
	if _, err := ReadShardTasks(dir, back); !errors.Is(err, ErrCorruptShard) {
		t.Fatalf("altered data file: %v", err)
	}
}

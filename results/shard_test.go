package results

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
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
	// a second JSON value after the manifest is not ignored (issue 18, class 9)
	manifest := ShardManifestPath(dir, 0, 3)
	mb, _ := os.ReadFile(manifest)
	os.WriteFile(manifest, append(mb, []byte("\n{\"format\": 99}\n")...), 0o644)
	if _, err := ReadShardManifest(manifest); !errors.Is(err, ErrCorruptShard) || !strings.Contains(err.Error(), "data after the manifest") {
		t.Fatalf("manifest with a second JSON value: %v", err)
	}
}

// TestJournalKeepsWholeTasks: a journal cut in the middle of a task (a
// kill) gives back the whole tasks before the cut, and appends after them.
func TestJournalKeepsWholeTasks(t *testing.T) {
	dir := t.TempDir()
	j, prior, err := OpenJournal(dir, 1, 4, "abc")
	if err != nil || len(prior) != 0 {
		t.Fatalf("new journal: %v, %v", prior, err)
	}
	tasks := []TaskResult{
		{Task: 1, Point: 1, Replication: 0, PointName: "p=1", Events: 10, Metrics: Metrics{{"a", 0.1}, {"b", math.NaN()}}},
		{Task: 5, Point: 0, Replication: 1, PointName: "p=0", Events: 20}, // no metrics
		{Task: 9, Point: 1, Replication: 1, PointName: "p=1", Events: 30, Metrics: Metrics{{"a", 3}}},
	}
	for _, task := range tasks[:2] {
		if err := j.Add(task); err != nil {
			t.Fatal(err)
		}
	}
	j.Close()
	path := journalPath(dir, 1, 4, "abc")
	whole, _ := os.ReadFile(path)
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("9,1,p=1,1,30,a,3\n9,1,p=1,1,3") // the third task, cut
	f.Close()
	j, prior, err = OpenJournal(dir, 1, 4, "abc")
	if err != nil || len(prior) != 2 || prior[0].Task != 1 || len(prior[0].Metrics) != 2 || !math.IsNaN(prior[0].Metrics[1].Value) || prior[1].Task != 5 || prior[1].Events != 20 {
		t.Fatalf("reopened: %+v, %v", prior, err)
	}
	if now, _ := os.ReadFile(path); string(now) != string(whole) {
		t.Fatalf("the cut task was not truncated away")
	}
	j.Add(tasks[2])
	j.Close()
	if _, prior, _ = OpenJournal(dir, 1, 4, "abc"); len(prior) != 3 || prior[2].Metrics[0].Value != 3 {
		t.Fatalf("after append: %+v", prior)
	}
	// Another scenario's journal for the same shard is dropped.
	j, prior, _ = OpenJournal(dir, 1, 4, "other")
	if len(prior) != 0 {
		t.Fatalf("journal of another hash: %+v", prior)
	}
	j.Remove()
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Fatalf("left: %v", left)
	}
}

package results

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzShardManifest feeds arbitrary manifests and metrics files to
// ReadShardManifest and ReadShardTasks: never a panic, every error names
// the file it is about, and whatever is accepted has one result per task
// of the manifest.
func FuzzShardManifest(f *testing.F) {
	dir := f.TempDir()
	m := ShardManifest{Scenario: "s", ScenarioHash: "h", Shard: 0, Shards: 1, Points: 1, Replications: 2, Tasks: []int{0, 1}}
	tasks := []TaskResult{{Task: 0, Metrics: Metrics{{"m", 1}}}, {Task: 1, Replication: 1, Metrics: Metrics{{"m", 2}}}}
	if err := WriteShard(dir, m, tasks); err != nil {
		f.Fatal(err)
	}
	manifest, _ := os.ReadFile(ShardManifestPath(dir, 0, 1))
	data, _ := os.ReadFile(filepath.Join(dir, ShardName(0, 1)+".csv"))
	f.Add(manifest, data)
	f.Add([]byte(`{"format":1,"finished":true,"shard":0,"shards":1,"data":"shard-0-of-1.csv","data_bytes":-5,"tasks":[0,0,-1]}`), data)
	f.Add([]byte("{}"), []byte{})
	f.Add([]byte("\x00"), []byte("\x00"))
	f.Add([]byte(`{"format":1,"finished":true,"shard":0,"shards":1,"data":"../x","data_bytes":1e18}`), data)
	f.Fuzz(func(t *testing.T, manifest, data []byte) {
		dir := t.TempDir()
		mpath := ShardManifestPath(dir, 0, 1)
		os.WriteFile(mpath, manifest, 0o644)
		os.WriteFile(filepath.Join(dir, ShardName(0, 1)+".csv"), data, 0o644)
		m, err := ReadShardManifest(mpath)
		if err != nil {
			if !strings.Contains(err.Error(), mpath) {
				t.Fatalf("error does not name the manifest: %v", err)
			}
			return
		}
		got, err := ReadShardTasks(dir, m)
		if err != nil {
			if !strings.Contains(err.Error(), dir) {
				t.Fatalf("error does not name the data file: %v", err)
			}
			return
		}
		if len(got) != len(m.Tasks) {
			t.Fatalf("%d results for %d tasks", len(got), len(m.Tasks))
		}
	})
}

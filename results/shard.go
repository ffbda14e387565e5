package results

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/internal/input"
)

// TaskResult is the raw outcome of one task of a scenario: one
// replication of one point.
type TaskResult struct {
	// Task is the index of the task: Point × replications + Replication.
	Task int
	// Point is the index of the scenario point, Replication that of the
	// replication.
	Point, Replication int
	// PointName is the point's "key=value …" name (for readers only).
	PointName string
	// Events is the number of events the replication processed.
	Events uint64
	// Metrics are the replication's metrics.
	Metrics Metrics
	// Notes are the kind's extra tables of replication 0 (see Note); shard
	// files do not keep them.
	Notes []Note
}

// A Note is an extra table a kind gives for replication 0 of a point,
// which the run prints after the metric tables (recorded.Summary, the
// comparison with a recorded history, is one). It is not part of the
// data files: a kind that has one writes its data into its output
// directory itself.
type Note interface {
	// WriteTable writes the note for a terminal, its lines at most width
	// characters wide (width ≤ 0: no limit).
	WriteTable(w io.Writer, width int) error
}

// ShardFormat is the version of the shard files; readers refuse others.
const ShardFormat = 1

// ShardManifest describes a finished shard: which scenario (by the SHA-256
// of its resolved YAML), which share of its tasks, and the file holding
// their raw metrics with its size and checksum. A shard's manifest is
// written last: a shard without one did not finish.
type ShardManifest struct {
	Format       int    `json:"format"`
	Scenario     string `json:"scenario"`
	ScenarioHash string `json:"scenario_sha256"`
	Seed         uint64 `json:"seed"`
	Engine       string `json:"engine"`
	Points       int    `json:"points"`
	Replications int    `json:"replications"`
	// Shard is the index I (from 0) of the shard among Shards.
	Shard  int `json:"shard"`
	Shards int `json:"shards"`
	// Tasks lists the tasks done, ascending.
	Tasks    []int `json:"tasks"`
	Finished bool  `json:"finished"`
	// Data names the metrics file (in the manifest's directory).
	Data       string `json:"data"`
	DataBytes  int64  `json:"data_bytes"`
	DataSHA256 string `json:"data_sha256"`
	// Resolved is the resolved scenario YAML the shard ran.
	Resolved string `json:"resolved_scenario"`
}

// ShardName returns the base name of shard i of n: "shard-I-of-N".
func ShardName(i, n int) string { return fmt.Sprintf("shard-%d-of-%d", i, n) }

// ShardManifestPath returns the path of the manifest of shard i of n in dir.
func ShardManifestPath(dir string, i, n int) string {
	return filepath.Join(dir, ShardName(i, n)+".json")
}

// ErrCorruptShard is wrapped by the errors of shard files that cannot be
// read back as written: truncated, altered or not shard files at all.
var ErrCorruptShard = errors.New("results: corrupt or truncated shard file")

var taskHeader = []string{"task", "point", "point_name", "replication", "events", "metric", "value"}

// WriteShard writes the raw metrics of the manifest's tasks and then the
// manifest, each atomically, into dir. It fills in the manifest's data
// fields and marks it finished.
func WriteShard(dir string, m ShardManifest, tasks []TaskResult) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write(taskHeader)
	for _, t := range tasks {
		writeTaskRows(w, t)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	sum := sha256.Sum256(b.Bytes())
	m.Format, m.Finished = ShardFormat, true
	m.Data = ShardName(m.Shard, m.Shards) + ".csv"
	m.DataBytes, m.DataSHA256 = int64(b.Len()), hex.EncodeToString(sum[:])
	if err := WriteFileAtomic(filepath.Join(dir, m.Data), b.Bytes()); err != nil {
		return err
	}
	js, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(ShardManifestPath(dir, m.Shard, m.Shards), append(js, '\n'))
}

// RemoveShardTemps removes the temporary files that a killed run of shard
// i of n left in dir (a shard's files are written atomically, through
// temporary files beside them).
func RemoveShardTemps(dir string, i, n int) {
	stale, _ := filepath.Glob(filepath.Join(dir, "."+ShardName(i, n)+".*.tmp*"))
	for _, f := range stale {
		os.Remove(f)
	}
}

// writeTaskRows writes one row per metric of a task: the exact float64
// (shortest form that reads back to the same bits, NaN and ±Inf included).
func writeTaskRows(w *csv.Writer, t TaskResult) {
	for _, x := range t.Metrics {
		w.Write(append(taskFields(t), x.Name, strconv.FormatFloat(x.Value, 'g', -1, 64)))
	}
}

// taskFields are the leading fields of a task's rows.
func taskFields(t TaskResult) []string {
	return []string{strconv.Itoa(t.Task), strconv.Itoa(t.Point), t.PointName, strconv.Itoa(t.Replication), strconv.FormatUint(t.Events, 10)}
}

// parseTaskFields reads the leading fields of a row.
func parseTaskFields(rec []string) (TaskResult, error) {
	task, err1 := strconv.Atoi(rec[0])
	point, err2 := strconv.Atoi(rec[1])
	rep, err3 := strconv.Atoi(rec[3])
	events, err4 := strconv.ParseUint(rec[4], 10, 64)
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		return TaskResult{}, err
	}
	return TaskResult{Task: task, Point: point, PointName: rec[2], Replication: rep, Events: events}, nil
}

// MaxManifestBytes caps a shard manifest: it holds the list of its tasks
// (at most 10^7, as points × replications) and the resolved scenario (at
// most 4 MiB).
const MaxManifestBytes = 128 << 20

// ReadShardManifest reads and checks a manifest file (not its data).
func ReadShardManifest(path string) (*ShardManifest, error) {
	data, err := input.ReadFile(context.Background(), path, MaxManifestBytes, "shard manifest")
	if err != nil {
		return nil, err
	}
	var m ShardManifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", path, ErrCorruptShard, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%s: %w: data after the manifest (a manifest holds one JSON object)", path, ErrCorruptShard)
	}
	switch {
	case m.Format != ShardFormat:
		return nil, fmt.Errorf("%s: %w: format %d, this schedsim reads format %d", path, ErrCorruptShard, m.Format, ShardFormat)
	case !m.Finished:
		return nil, fmt.Errorf("%s: shard %d/%d did not finish", path, m.Shard, m.Shards)
	case m.Shards < 1 || m.Shard < 0 || m.Shard >= m.Shards || filepath.Base(path) != ShardName(m.Shard, m.Shards)+".json":
		return nil, fmt.Errorf("%s: %w: names shard %d/%d", path, ErrCorruptShard, m.Shard, m.Shards)
	case m.Data != ShardName(m.Shard, m.Shards)+".csv":
		return nil, fmt.Errorf("%s: %w: data file %q", path, ErrCorruptShard, m.Data)
	}
	return &m, nil
}

// ReadShardTasks reads the metrics file of a manifest found in dir,
// checking its size and checksum, and returns one TaskResult per task of
// the manifest, in the manifest's order.
func ReadShardTasks(dir string, m *ShardManifest) ([]TaskResult, error) {
	path := filepath.Join(dir, m.Data)
	data, err := input.ReadFile(context.Background(), path, max(m.DataBytes, 0), "shard's metrics file (the manifest's data_bytes)")
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	if int64(len(data)) != m.DataBytes || hex.EncodeToString(sum[:]) != m.DataSHA256 {
		return nil, fmt.Errorf("%s: %w: %d bytes, the manifest says %d (or the checksum differs)", path, ErrCorruptShard, len(data), m.DataBytes)
	}
	index := make(map[int]int, len(m.Tasks))
	out := make([]TaskResult, len(m.Tasks))
	for i, t := range m.Tasks {
		index[t] = i
		out[i].Task = t
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = len(taskHeader)
	head, err := r.Read()
	if err != nil || strings.Join(head, ",") != strings.Join(taskHeader, ",") {
		return nil, fmt.Errorf("%s: %w: bad header", path, ErrCorruptShard)
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return out, nil
		}
		line, _ := r.FieldPos(0)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w: %v", path, line, ErrCorruptShard, err)
		}
		if err := parseTaskRow(rec, index, out); err != nil {
			return nil, fmt.Errorf("%s:%d: %w: %v", path, line, ErrCorruptShard, err)
		}
	}
}

// parseTaskRow adds one CSV row to the task it belongs to.
func parseTaskRow(rec []string, index map[int]int, out []TaskResult) error {
	f, err := parseTaskFields(rec)
	if err != nil {
		return err
	}
	value, err := strconv.ParseFloat(rec[6], 64)
	if err != nil {
		return err
	}
	i, ok := index[f.Task]
	if !ok {
		return fmt.Errorf("results: task %d is not in the manifest", f.Task)
	}
	t := &out[i]
	if len(t.Metrics) == 0 {
		t.Point, t.Replication, t.PointName, t.Events = f.Point, f.Replication, f.PointName, f.Events
	} else if t.Point != f.Point || t.Replication != f.Replication || t.Events != f.Events {
		return fmt.Errorf("results: task %d: rows disagree on point, replication or events", f.Task)
	}
	t.Metrics = t.Metrics.Add(rec[5], value)
	return nil
}

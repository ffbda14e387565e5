package results

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"sync"
)

// Journal records the tasks of a shard as they finish, so that a shard
// killed halfway (a Slurm time limit, a node failure) redoes only the
// tasks it had not finished. Each task is appended in one write as its
// metric rows (the rows of the shard's data file) and an end row with an
// empty metric; a task without its end row, cut by the kill, is ignored
// and the file truncated after the last whole task. The journal is named
// after the scenario's hash and removed once the shard is written.
type Journal struct {
	mu   sync.Mutex
	path string
	f    *os.File
}

// journalPath returns the journal of shard i of n for a scenario hash.
func journalPath(dir string, i, n int, hash string) string {
	return filepath.Join(dir, "."+ShardName(i, n)+".journal-"+hash)
}

// OpenJournal opens (creating it if needed) the journal of shard i of n
// of the scenario with that hash in dir and returns the tasks it already
// holds, in the order they finished. Journals of other hashes for the
// same shard are removed.
func OpenJournal(dir string, i, n int, hash string) (*Journal, []TaskResult, error) {
	path := journalPath(dir, i, n, hash)
	stale, _ := filepath.Glob(filepath.Join(dir, "."+ShardName(i, n)+".journal-*"))
	for _, p := range stale {
		if p != path {
			os.Remove(p)
		}
	}
	done, keep, err := readJournal(path)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, err
	}
	if err := f.Truncate(keep); err != nil {
		f.Close()
		return nil, nil, err
	}
	if _, err := f.Seek(keep, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, err
	}
	return &Journal{path: path, f: f}, done, nil
}

// readJournal returns the whole tasks of a journal and the length of the
// prefix that holds them.
func readJournal(path string) ([]TaskResult, int64, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, err
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = len(taskHeader)
	var done []TaskResult
	var cur *TaskResult
	var keep int64
	for {
		rec, err := r.Read()
		if err != nil { // io.EOF, or a row cut by a kill
			return done, keep, nil
		}
		f, err := parseTaskFields(rec)
		if err != nil || (cur != nil && (cur.Task != f.Task || cur.Events != f.Events)) {
			return done, keep, nil
		}
		if rec[5] == "" && rec[6] == "" { // the end row of a task
			if cur == nil {
				cur = &f
			}
			done = append(done, *cur)
			cur = nil
			keep = r.InputOffset()
			continue
		}
		value, err := strconv.ParseFloat(rec[6], 64)
		if err != nil {
			return done, keep, nil
		}
		if cur == nil {
			cur = &f
		}
		cur.Metrics = cur.Metrics.Add(rec[5], value)
	}
}

// Add appends a finished task.
func (j *Journal) Add(t TaskResult) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	writeTaskRows(w, t)
	w.Write(append(taskFields(t), "", ""))
	w.Flush()
	j.mu.Lock()
	defer j.mu.Unlock()
	_, err := j.f.Write(b.Bytes())
	return err
}

// Close closes the journal file; Remove also deletes it.
func (j *Journal) Close() error { return j.f.Close() }

// Remove closes and deletes the journal (once the shard is written).
func (j *Journal) Remove() error {
	j.f.Close()
	return os.Remove(j.path)
}

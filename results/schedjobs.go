package results

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Window is the time window of the schedule views, in seconds of
// simulated time; NaN leaves that end open.
type Window struct{ From, To float64 }

// OpenWindow is the whole run.
var OpenWindow = Window{math.NaN(), math.NaN()}

// schedJob is one job of a per-job CSV, as the schedule views need it.
type schedJob struct {
	submit, start, end float64
	procs              int
	wait, bsld         float64
	parts              []schedPart // multicluster placement; nil on a cluster
}

// schedPart is the part of a job on one cluster.
type schedPart struct {
	cluster int
	start   float64
	procs   int
}

// schedRun is the jobs of one point.
type schedRun struct {
	name string
	jobs []schedJob
}

// readSchedules reads the per-job records of replication 0 of the points
// that keep selects (by "key=value …" name) from dir/jobs.csv (the
// sweep-axis columns come first, then "replication", then the kind's
// columns) and, for a multicluster run, the parts of their jobs from
// dir/parts.csv.
func readSchedules(dir string, keep func(point string) bool) ([]schedRun, error) {
	path := filepath.Join(dir, "jobs.csv")
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("results: %s has no per-job CSV (jobs.csv): run with --schedule or --per-job", dir)
	}
	parts := filepath.Join(dir, "parts.csv")
	_, err := os.Stat(parts)
	hasParts := err == nil
	var runs []schedRun
	index := map[string]int{}
	var ids []map[float64]int // by run: job id → index in the run, for parts.csv
	err = readCSV(path, []string{"id", "start", "end", "processors"}, keep, func(key string, get func(string) float64, line int) error {
		k, ok := index[key]
		if !ok {
			k = len(runs)
			index[key] = k
			runs = append(runs, schedRun{name: key})
			ids = append(ids, map[float64]int{})
		}
		j := schedJob{submit: get("submit"), start: get("start"), end: get("end"),
			procs: int(get("processors")), wait: get("wait"), bsld: get("bsld")}
		if math.IsNaN(j.start) || math.IsNaN(j.end) || j.procs <= 0 {
			return fmt.Errorf("results: %s:%d: a job without start, end or processors", path, line)
		}
		if hasParts {
			ids[k][get("id")] = len(runs[k].jobs)
		}
		runs[k].jobs = append(runs[k].jobs, j)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !hasParts {
		return runs, nil
	}
	err = readCSV(parts, []string{"id", "cluster", "start", "processors"}, keep, func(key string, get func(string) float64, line int) error {
		k, ok := index[key]
		if !ok {
			return fmt.Errorf("results: %s:%d: a part of a point that jobs.csv does not list", parts, line)
		}
		i, known := ids[k][get("id")]
		if !known {
			return fmt.Errorf("results: %s:%d: a part of a job that jobs.csv does not list", parts, line)
		}
		j := &runs[k].jobs[i]
		j.parts = append(j.parts, schedPart{int(get("cluster")), get("start"), int(get("processors"))})
		return nil
	})
	return runs, err
}

// readCSV calls row for every record of replication 0 of the points keep
// selects in a long-format CSV file, with the record's point ("key=value
// …" of the axis columns, those before "replication") and a getter of its
// numeric columns.
func readCSV(path string, need []string, keep func(string) bool, row func(key string, get func(string) float64, line int) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	r := csv.NewReader(bufio.NewReaderSize(f, 1<<16))
	r.ReuseRecord = true
	head, err := r.Read()
	if err != nil {
		return fmt.Errorf("results: %s: %w", path, err)
	}
	head = slices.Clone(head) // the reader reuses its record
	col := map[string]int{}
	for i, h := range head {
		if _, dup := col[h]; !dup {
			col[h] = i
		}
	}
	for _, c := range need {
		if _, ok := col[c]; !ok {
			return fmt.Errorf("results: %s: no %s column: the schedule views need the per-job records of a cluster or multicluster run", path, c)
		}
	}
	axes, hasRep := col["replication"]
	if !hasRep {
		axes = col["id"]
	}
	var rec []string
	get := func(name string) float64 {
		i, ok := col[name]
		if !ok {
			return math.NaN()
		}
		v, err := strconv.ParseFloat(rec[i], 64)
		if err != nil {
			return math.NaN()
		}
		return v
	}
	parts := make([]string, axes)
	key, kept, started := "", false, false
	for line := 2; ; line++ {
		rec, err = r.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("results: %s: %w", path, err)
		}
		if hasRep && rec[axes] != "0" {
			continue
		}
		// Rows of one point come together: rebuild the key only when an
		// axis value changes.
		changed := !started
		started = true
		for i := range axes {
			if v := strings.TrimPrefix(head[i], "axis.") + "=" + rec[i]; v != parts[i] {
				parts[i], changed = v, true
			}
		}
		if changed {
			key = strings.Join(parts, " ")
			kept = keep(key)
		}
		if !kept {
			continue
		}
		if err := row(key, get, line); err != nil {
			return err
		}
	}
}

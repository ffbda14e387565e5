package results

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Window is the time window of the schedule views, in seconds of
// simulated time; NaN leaves that end open. Cycle is the cycle whose
// chosen windows the views of the slot kinds draw (from 0).
type Window struct {
	From, To float64
	Cycle    int
	// ColorBy is what colours the jobs of a Gantt chart (ColorBys; ""
	// is ColorBySize).
	ColorBy string
}

// OpenWindow is the whole run (and the first cycle).
var OpenWindow = Window{From: math.NaN(), To: math.NaN()}

// schedJob is one job of a per-job CSV, as the schedule views need it.
type schedJob struct {
	submit, start, end float64
	procs              int
	wait, bsld         float64
	user               float64     // NaN: none
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
			procs: int(get("processors")), wait: get("wait"), bsld: get("bsld"), user: get("user")}
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
// numeric columns. Rows of one point come together, so the point of a row
// is worked out only when the text of its leading columns changes, and
// the rows of the other points are skipped unparsed.
func readCSV(path string, need []string, keep func(string) bool, row func(key string, get func(string) float64, line int) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<16)
	first, err := br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		return fmt.Errorf("results: %s:1: a line longer than %d bytes", path, br.Size())
	}
	if err != nil && err != io.EOF {
		return fmt.Errorf("results: %s: %w", path, err)
	}
	head, err := csv.NewReader(bytes.NewReader(first)).Read()
	if err != nil {
		return fmt.Errorf("results: %s: %w", path, err)
	}
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
	lead := axes + 1 // the axis columns and the replication
	if !hasRep {
		axes = col["id"]
		lead = axes
	}
	var rec []string
	get := func(name string) float64 {
		i, ok := col[name]
		if !ok || i >= len(rec) {
			return math.NaN()
		}
		v, err := strconv.ParseFloat(rec[i], 64)
		if err != nil {
			return math.NaN()
		}
		return v
	}
	// point works out the key of a row and whether it is drawn.
	point := func(fields []string) (string, bool) {
		if len(fields) < lead || (hasRep && fields[axes] != "0") {
			return "", false
		}
		parts := make([]string, axes)
		for i := range axes {
			parts[i] = strings.TrimPrefix(head[i], "axis.") + "=" + fields[i]
		}
		key := strings.Join(parts, " ")
		return key, keep(key)
	}
	var prefix []byte
	key, kept := "", false
	for line := 2; ; line++ {
		b, err := br.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			return fmt.Errorf("results: %s:%d: a line longer than %d bytes", path, line, br.Size())
		}
		if err != nil && err != io.EOF {
			return fmt.Errorf("results: %s: %w", path, err)
		}
		text := bytes.TrimRight(b, "\r\n")
		if len(text) > 0 {
			if bytes.IndexByte(text, '"') >= 0 {
				// Quoted cells: the general reader, no shortcut.
				if rec, err = csv.NewReader(bytes.NewReader(text)).Read(); err != nil {
					return fmt.Errorf("results: %s:%d: %w", path, line, err)
				}
				prefix = nil
				if key, kept = point(rec); kept {
					if err := row(key, get, line); err != nil {
						return err
					}
				}
			} else {
				cut := len(text)
				for i, n := 0, 0; i < len(text); i++ {
					if text[i] == ',' {
						if n++; n == lead {
							cut = i
							break
						}
					}
				}
				if prefix == nil || !bytes.Equal(text[:cut], prefix) {
					prefix = append(prefix[:0], text[:cut]...)
					key, kept = point(strings.Split(string(text[:cut]), ","))
				}
				if kept {
					rec = strings.Split(string(text), ",")
					if err := row(key, get, line); err != nil {
						return err
					}
				}
			}
		}
		if err == io.EOF {
			return nil
		}
	}
}

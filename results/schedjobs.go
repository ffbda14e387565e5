package results

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
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

// readSchedules reads the per-job CSV of replication 0 of every point of
// an output directory: dir/jobs.csv and dir/points/*/jobs.csv. A file
// with sweep-axis columns before "id" is split by their values.
func readSchedules(dir string) ([]schedRun, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "points", "*", "jobs.csv"))
	sort.Strings(files)
	if _, err := os.Stat(filepath.Join(dir, "jobs.csv")); err == nil {
		files = append([]string{filepath.Join(dir, "jobs.csv")}, files...)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("results: %s has no per-job CSV (jobs.csv): run with --schedule or --per-job", dir)
	}
	var runs []schedRun
	for _, f := range files {
		name := ""
		if d := filepath.Dir(f); d != filepath.Clean(dir) {
			name = filepath.Base(d)
		}
		rs, err := readJobsCSV(f, name)
		if err != nil {
			return nil, err
		}
		runs = append(runs, rs...)
	}
	return runs, nil
}

func readJobsCSV(path, name string) ([]schedRun, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(bufio.NewReaderSize(f, 1<<16))
	r.ReuseRecord = true
	head, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("results: %s: %w", path, err)
	}
	col := map[string]int{}
	for i, h := range head {
		col[h] = i
	}
	for _, need := range []string{"start", "end", "processors"} {
		if _, ok := col[need]; !ok {
			return nil, fmt.Errorf("results: %s: no %s column: the schedule views need the per-job records of a cluster or multicluster run", path, need)
		}
	}
	axes := col["id"] // the sweep-axis columns come first, if any
	get := func(rec []string, name string) float64 {
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
	var runs []schedRun
	index := map[string]int{}
	for line := 2; ; line++ {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("results: %s: %w", path, err)
		}
		key := name
		if axes > 0 {
			parts := make([]string, axes)
			for i := range axes {
				parts[i] = head[i] + "=" + rec[i]
			}
			key = strings.Join(parts, " ")
		}
		k, ok := index[key]
		if !ok {
			k = len(runs)
			index[key] = k
			runs = append(runs, schedRun{name: key})
		}
		j := schedJob{submit: get(rec, "submit"), start: get(rec, "start"), end: get(rec, "end"),
			procs: int(get(rec, "processors")), wait: get(rec, "wait"), bsld: get(rec, "bsld")}
		if math.IsNaN(j.start) || math.IsNaN(j.end) || j.procs <= 0 {
			return nil, fmt.Errorf("results: %s:%d: a job without start, end or processors", path, line)
		}
		if i, ok := col["placement"]; ok && rec[i] != "" {
			if j.parts, err = parsePlacement(rec[i]); err != nil {
				return nil, fmt.Errorf("results: %s:%d: placement: %w", path, line, err)
			}
		}
		runs[k].jobs = append(runs[k].jobs, j)
	}
	return runs, nil
}

// parsePlacement reads "cluster:start:processors …".
func parsePlacement(s string) ([]schedPart, error) {
	var out []schedPart
	for _, f := range strings.Fields(s) {
		a := strings.Split(f, ":")
		if len(a) != 3 {
			return nil, fmt.Errorf("%q is not cluster:start:processors", f)
		}
		c, err1 := strconv.Atoi(a[0])
		st, err2 := strconv.ParseFloat(a[1], 64)
		p, err3 := strconv.Atoi(a[2])
		if err1 != nil || err2 != nil || err3 != nil {
			return nil, fmt.Errorf("%q is not cluster:start:processors", f)
		}
		out = append(out, schedPart{c, st, p})
	}
	return out, nil
}

package results

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// JobFile is the per-job CSV of one replication of one point, as a kind
// wrote it: a header of the kind's columns, then one row per job.
type JobFile struct {
	// Point is the index of the point in the report, Replication that of
	// the replication.
	Point, Replication int
	// Path is the file.
	Path string
}

// PlacementColumn is the per-job column in which the multicluster kind
// packs a job's parts ("cluster:start:processors" separated by spaces);
// CombineJobs moves it into parts.csv, one row per part.
const PlacementColumn = "placement"

// PartColumns are the columns of parts.csv after the axis columns and
// JobColumnsLead: the job, the part's index in it, the cluster (index in
// the platform), its start and its processors.
var PartColumns = []string{"id", "part", "cluster", "start", "processors"}

// CombineJobs writes dir/jobs.csv, the per-job records of every file in
// long format: one column per sweep axis (typed as in summary.csv), the
// replication, then the kind's columns, in the order of files. Every file
// must have the same header. A PlacementColumn is left out of jobs.csv and
// written as dir/parts.csv, one row per part. Both are written atomically
// and streamed: memory does not grow with the number of jobs.
func CombineJobs(dir string, r *Report, files []JobFile) error {
	return combineRecords(dir, "jobs.csv", r, files)
}

// combineRecords writes dir/name from the record files as CombineJobs
// describes.
func combineRecords(dir, name string, r *Report, files []JobFile) error {
	if len(files) == 0 {
		return nil
	}
	var header string
	lead := func(cols []string) []string {
		var out []string
		for _, a := range r.Axes() {
			c := a.Column
			if slices.Contains(cols, c) {
				c = "axis." + a.Key
			}
			out = append(out, c)
		}
		return append(out, JobColumnsLead...)
	}
	var jobs, parts *AtomicFile
	abort := func() {
		for _, f := range []*AtomicFile{jobs, parts} {
			if f != nil {
				f.Abort()
			}
		}
	}
	placement := -1
	for _, jf := range files {
		f, err := os.Open(jf.Path)
		if err != nil {
			abort()
			return fmt.Errorf("results: per-job records: %w", err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
		if !sc.Scan() {
			f.Close()
			continue // no header: the kind wrote nothing
		}
		if header == "" {
			header = sc.Text()
			cols := strings.Split(header, ",")
			placement = slices.Index(cols, PlacementColumn)
			if placement >= 0 {
				cols = slices.Delete(cols, placement, placement+1)
				if parts, err = CreateAtomic(filepath.Join(dir, "parts.csv")); err != nil {
					f.Close()
					abort()
					return err
				}
				fmt.Fprintln(parts, strings.Join(append(lead(PartColumns), PartColumns...), ","))
			}
			if jobs, err = CreateAtomic(filepath.Join(dir, name)); err != nil {
				f.Close()
				abort()
				return err
			}
			fmt.Fprintln(jobs, strings.Join(append(lead(cols), cols...), ","))
		} else if sc.Text() != header {
			f.Close()
			abort()
			return fmt.Errorf("results: %s: per-job header %q differs from %q", jf.Path, sc.Text(), header)
		}
		prefix := jobPrefix(r, jf)
		var line []byte
		for sc.Scan() {
			row := sc.Bytes()
			if placement < 0 {
				line = append(append(line[:0], prefix...), row...)
				jobs.Write(append(line, '\n'))
				continue
			}
			fields := bytes.Split(row, []byte{','})
			line = append(line[:0], prefix...)
			for i, fd := range fields {
				if i == placement {
					continue
				}
				if len(line) > len(prefix) {
					line = append(line, ',')
				}
				line = append(line, fd...)
			}
			jobs.Write(append(line, '\n'))
			if placement < len(fields) {
				writeParts(parts, prefix, fields[0], fields[placement])
			}
		}
		err = sc.Err()
		f.Close()
		if err != nil {
			abort()
			return fmt.Errorf("results: %s: %w", jf.Path, err)
		}
	}
	if jobs == nil {
		return nil
	}
	for _, f := range []*AtomicFile{jobs, parts} {
		if f == nil {
			continue
		}
		if err := f.Commit(); err != nil {
			abort()
			return err
		}
	}
	return nil
}

// jobPrefix is the text of the axis and replication cells of a file's
// rows, with the trailing comma.
func jobPrefix(r *Report, jf JobFile) []byte {
	var b []byte
	for _, l := range r.Points[jf.Point].Labels {
		b = appendCSVField(b, l.Value)
		b = append(b, ',')
	}
	b = strconv.AppendInt(b, int64(jf.Replication), 10)
	return append(b, ',')
}

// appendCSVField appends s, quoted when CSV requires it.
func appendCSVField(b []byte, s string) []byte {
	if !strings.ContainsAny(s, ",\"\r\n") && strings.TrimSpace(s) == s {
		return append(b, s...)
	}
	return append(append(b, '"'), append([]byte(strings.ReplaceAll(s, `"`, `""`)), '"')...)
}

// writeParts writes one row per part of a placement cell
// ("cluster:start:processors …").
func writeParts(w *AtomicFile, prefix, id, placement []byte) {
	var line []byte
	for k, p := range bytes.Fields(placement) {
		f := bytes.Split(p, []byte{':'})
		if len(f) != 3 {
			continue
		}
		line = append(append(line[:0], prefix...), id...)
		line = strconv.AppendInt(append(line, ','), int64(k), 10)
		for _, x := range f {
			line = append(append(line, ','), x...)
		}
		w.Write(append(line, '\n'))
	}
}

package recorded

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// TableGroups is the number of groups (partitions, users) WriteTable
// lists before pooling the rest into one "other" row.
const TableGroups = 10

// WriteTable writes the summary for a terminal: the scalars, then the
// mean waits of the TableGroups largest partitions and users and one
// "other" row for the rest. Group names are cut so that the lines fit in
// width characters (width ≤ 0: no limit). Every header carries its unit.
func (s Summary) WriteTable(w io.Writer, width int) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "Compared with the recorded history: %d jobs", s.Jobs)
	if s.Skipped > 0 {
		fmt.Fprintf(bw, ", %d left out (no recorded start)", s.Skipped)
	}
	if s.Unsimulated > 0 {
		fmt.Fprintf(bw, ", %d left out (not started by the model)", s.Unsimulated)
	}
	fmt.Fprintln(bw)
	rows := [][2]string{
		{"start error |sim − rec|, median (s)", num(s.ErrorMedian)},
		{"start error |sim − rec|, p90 (s)", num(s.ErrorP90)},
		{"start error sim − rec, mean (s)", num(s.ErrorMean)},
		{"jobs within 60 s of recorded start (0–1)", num(s.Within)},
		{"KS distance of waits (0–1)", num(s.WaitKS)},
		{"same start order, LCS / jobs (0–1)", num(s.SameOrder)},
		{"mean wait, recorded (s)", num(s.RecordedWait)},
		{"mean wait, simulated (s)", num(s.SimulatedWait)},
	}
	var wid [2]int
	for _, r := range rows {
		wid[0], wid[1] = max(wid[0], runes(r[0])), max(wid[1], runes(r[1]))
	}
	for _, r := range rows {
		fmt.Fprintf(bw, "%s%s  %*s\n", r[0], strings.Repeat(" ", wid[0]-runes(r[0])), wid[1], r[1])
	}
	for _, g := range []struct {
		kind   string
		groups []Group
	}{{"partition", s.ByPartition}, {"user", s.ByUser}} {
		if len(g.groups) == 0 {
			continue
		}
		fmt.Fprintln(bw)
		writeGroups(bw, g.kind, g.groups, width)
	}
	return bw.Flush()
}

// writeGroups writes one group table: the TableGroups largest groups and
// an "other" row pooling the rest.
func writeGroups(w io.Writer, kind string, groups []Group, width int) {
	shown := groups[:min(len(groups), TableGroups)]
	type row struct {
		name, jobs, rec, sim string
	}
	rows := []row{{kind, "jobs", "recorded mean wait (s)", "simulated mean wait (s)"}}
	for _, g := range shown {
		name := g.Name
		if name == "" {
			name = "(unknown)"
		}
		rows = append(rows, row{name, strconv.Itoa(g.Jobs), num(g.RecordedWait), num(g.SimulatedWait)})
	}
	if rest := groups[len(shown):]; len(rest) > 0 {
		var o Group
		for _, g := range rest {
			o.Jobs += g.Jobs
			o.RecordedWait += g.RecordedWait * float64(g.Jobs)
			o.SimulatedWait += g.SimulatedWait * float64(g.Jobs)
		}
		name := fmt.Sprintf("other (%d %ss)", len(rest), kind)
		rows = append(rows, row{name, strconv.Itoa(o.Jobs), num(o.RecordedWait / float64(o.Jobs)), num(o.SimulatedWait / float64(o.Jobs))})
	}
	// Column widths; the name column gives way when the line is too wide.
	wid := [4]int{}
	for _, r := range rows {
		for c, v := range []string{r.name, r.jobs, r.rec, r.sim} {
			wid[c] = max(wid[c], runes(v))
		}
	}
	if width > 0 {
		rest := wid[1] + wid[2] + wid[3] + 3*2
		wid[0] = max(min(wid[0], width-rest), len(kind))
	}
	for _, r := range rows {
		name := []rune(r.name)
		if len(name) > wid[0] {
			name = append(name[:wid[0]-1], '…')
		}
		fmt.Fprintf(w, "%-*s  %*s  %*s  %*s\n", wid[0], string(name), wid[1], r.jobs, wid[2], r.rec, wid[3], r.sim)
	}
}

// runes is the width of s on a terminal: its number of runes.
func runes(s string) int { return utf8.RuneCountInString(s) }

// num formats a statistic for the table: whole numbers from 1000 on, 4
// significant digits below, "-" for NaN.
func num(v float64) string {
	switch {
	case math.IsNaN(v):
		return "-"
	case math.Abs(v) >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	}
	return strconv.FormatFloat(v, 'g', 4, 64)
}

// SummaryHeader is the header of WriteCSV's file.
const SummaryHeader = "metric,group,recorded,simulated,unit"

// WriteCSV writes the summary as tidy CSV (SummaryHeader): one row per
// number. A statistic of the comparison itself (jobs, start errors, KS,
// same order) has its value in the simulated column and an empty
// recorded column, except skipped (recorded column: jobs without a
// recorded start); a mean wait has both. The groups rows have every
// partition and every user. Numbers are written exactly (shortest
// round-trip form); NaN is an empty cell.
func (s Summary) WriteCSV(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(SummaryHeader + "\n")
	row := func(metric, group string, rec, sim float64, unit string) {
		bw.WriteString(metric)
		bw.WriteByte(',')
		bw.WriteString(csvField(group))
		bw.WriteByte(',')
		bw.WriteString(cell(rec))
		bw.WriteByte(',')
		bw.WriteString(cell(sim))
		bw.WriteByte(',')
		bw.WriteString(unit)
		bw.WriteByte('\n')
	}
	nan := math.NaN()
	row("jobs", "", nan, float64(s.Jobs), "jobs")
	row("skipped", "", float64(s.Skipped), nan, "jobs")
	row("unsimulated", "", nan, float64(s.Unsimulated), "jobs")
	row("start_error_median", "", nan, s.ErrorMedian, "s")
	row("start_error_p90", "", nan, s.ErrorP90, "s")
	row("start_error_mean", "", nan, s.ErrorMean, "s")
	row("start_within_60s", "", nan, s.Within, "fraction")
	row("wait_ks", "", nan, s.WaitKS, "fraction")
	row("same_order", "", nan, s.SameOrder, "fraction")
	row("mean_wait", "", s.RecordedWait, s.SimulatedWait, "s")
	for _, g := range s.ByPartition {
		row("jobs_by_partition", g.Name, float64(g.Jobs), float64(g.Jobs), "jobs")
		row("mean_wait_by_partition", g.Name, g.RecordedWait, g.SimulatedWait, "s")
	}
	for _, g := range s.ByUser {
		row("jobs_by_user", g.Name, float64(g.Jobs), float64(g.Jobs), "jobs")
		row("mean_wait_by_user", g.Name, g.RecordedWait, g.SimulatedWait, "s")
	}
	return bw.Flush()
}

// JobsHeader is the header of WriteJobsCSV's file.
const JobsHeader = "job,user,partition,submit_s,recorded_start_s,simulated_start_s,error_s"

// WriteJobsCSV writes one row per job (JobsHeader), in the order of jobs,
// the left-out ones included with an empty start and error. It does not
// allocate per job.
func WriteJobsCSV(w io.Writer, jobs []Job) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(JobsHeader + "\n")
	var buf []byte
	for i := range jobs {
		j := &jobs[i]
		buf = strconv.AppendInt(buf[:0], int64(j.ID), 10)
		buf = append(buf, ',')
		buf = appendField(buf, j.User)
		buf = append(buf, ',')
		buf = appendField(buf, j.Partition)
		for _, v := range [...]float64{j.Submit, j.Recorded, j.Simulated, j.Error()} {
			buf = append(buf, ',')
			buf = appendNum(buf, v)
		}
		buf = append(buf, '\n')
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// cell is a CSV number: shortest exact decimal, no exponent, "" for NaN.
func cell(v float64) string { return string(appendNum(nil, v)) }

func appendNum(b []byte, v float64) []byte {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return b
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

func csvField(s string) string { return string(appendField(nil, s)) }

// appendField appends s as a CSV field, quoted when it holds a comma,
// quote, newline or leading/trailing space.
func appendField(b []byte, s string) []byte {
	if !strings.ContainsAny(s, ",\"\r\n") && strings.TrimSpace(s) == s {
		return append(b, s...)
	}
	b = append(b, '"')
	for _, r := range []byte(s) {
		if r == '"' {
			b = append(b, '"')
		}
		b = append(b, r)
	}
	return append(b, '"')
}

package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/workloads/replicate"
	"github.com/schedsim/schedsim/workloads/swf"
)

// Widths of the side-by-side table: a row label and one column per file,
// so that three files fit 80 columns.
const (
	infoLabelWidth = 31
	infoColWidth   = 16
)

// traceInfoTable writes `schedsim trace info A B …`: one table with a
// column per file of what trace info reports and what Zakay & Feitelson
// compare between a trace and its resamplings (replicate.Profile), so
// that a resampled workload can be read beside its original. infos are
// the files' swf.Info; each file is read a second time for its profile.
func traceInfoTable(paths []string, infos []swf.Info, opts swf.ReadOptions, w io.Writer) error {
	profiles := make([]replicate.Profile, len(paths))
	for i, path := range paths {
		recs, err := readRecords(path, opts)
		if err != nil {
			return err
		}
		profiles[i] = replicate.NewProfile(recs, infos[i].MaxProcs)
	}
	var b strings.Builder
	heads := make([]string, len(infos))
	long := false
	for i, in := range infos {
		heads[i] = in.Name
		long = long || len(in.Name) >= infoColWidth
	}
	if long {
		for i, in := range infos {
			heads[i] = strconv.Itoa(i + 1)
			fmt.Fprintf(&b, "%d: %s\n", i+1, in.Name)
		}
	}
	row := func(label string, cell func(i int) string) {
		fmt.Fprintf(&b, "%-*s", infoLabelWidth, label)
		for i := range infos {
			fmt.Fprintf(&b, "%*s", infoColWidth, cell(i))
		}
		b.WriteByte('\n')
	}
	row("", func(i int) string { return heads[i] })
	row("job lines (records)", func(i int) string { return grouped(float64(infos[i].Records)) })
	row("usable jobs (jobs)", func(i int) string { return grouped(float64(profiles[i].Jobs)) })
	row("malformed lines (lines)", func(i int) string {
		return grouped(float64(infos[i].Problems.TotalKind(swf.Malformed) - infos[i].Problems.Count(swf.ReasonHeader)))
	})
	row("processors (header or largest)", func(i int) string { return grouped(float64(infos[i].MaxProcs)) })
	row("span (weeks)", func(i int) string { return decimals(profiles[i].Weeks, 1) })
	row("offered load (fraction)", func(i int) string { return decimals(infos[i].OfferedLoad, 3) })
	row("users (ids)", func(i int) string { return grouped(float64(profiles[i].Users)) })
	row("users per week (mean)", func(i int) string { return decimals(profiles[i].UsersPerWeek, 1) })
	for _, d := range []struct {
		name, unit string
		get        func(p replicate.Profile) replicate.Spread
	}{
		{"size", "procs", func(p replicate.Profile) replicate.Spread { return p.Size }},
		{"run time", "s", func(p replicate.Profile) replicate.Spread { return p.RunTime }},
		{"inter-arrival", "s", func(p replicate.Profile) replicate.Spread { return p.Gap }},
	} {
		row(d.name+" mean ("+d.unit+")", func(i int) string { return quantity(d.get(profiles[i]).Mean) })
		row(d.name+" median ("+d.unit+")", func(i int) string { return quantity(d.get(profiles[i]).Median) })
		row(d.name+" 90th pct ("+d.unit+")", func(i int) string { return quantity(d.get(profiles[i]).P90) })
	}
	row("busiest hour (× mean hour)", func(i int) string { return decimals(replicate.Peak(profiles[i].Hour[:]), 2) })
	row("busiest day (× mean day)", func(i int) string { return decimals(replicate.Peak(profiles[i].Weekday[:]), 2) })
	gap := func(i int, a, b []float64) string {
		if i == 0 {
			return "-"
		}
		return decimals(100*replicate.MaxShareGap(a, b), 2)
	}
	row("hourly share vs 1st (max Δ, pt)", func(i int) string { return gap(i, profiles[0].Hour[:], profiles[i].Hour[:]) })
	row("daily share vs 1st (max Δ, pt)", func(i int) string { return gap(i, profiles[0].Weekday[:], profiles[i].Weekday[:]) })
	row("Hurst, arrivals/hour (H)", func(i int) string { return decimals(profiles[i].Hurst, 2) })
	row("run/requested median (ratio)", func(i int) string { return decimals(infos[i].EstimateMedian, 3) })
	row("overruns (% of estimated)", func(i int) string { return decimals(100*infos[i].OverrunFraction, 1) })
	b.WriteString("\nHours and days count from each log's start (submit time 0); pt: percentage\n" +
		"points of the arrivals. Problems, statuses and citation: trace info FILE.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// readRecords returns every record of a trace.
func readRecords(path string, opts swf.ReadOptions) ([]swf.Record, error) {
	r, err := swf.Open(path, opts)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var recs []swf.Record
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			return recs, nil
		}
		if err != nil {
			return nil, err
		}
		recs = append(recs, rec)
	}
}

// grouped formats a whole number with thousands separators, "n/a" for NaN.
func grouped(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	return swf.Thousands(int(math.Round(v)))
}

// decimals formats v with d decimals, "n/a" for NaN.
func decimals(v float64, d int) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	return strconv.FormatFloat(v, 'f', d, 64)
}

// quantity formats a size or a time: whole from 100 up, else with one
// decimal.
func quantity(v float64) string {
	if math.Abs(v) >= 100 {
		return grouped(v)
	}
	return decimals(v, 1)
}

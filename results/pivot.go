package results

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
)

// TextFormats are the values of TextOptions.Format: compact pivot tables
// (table), one column per point (wide), one block per point (long), the
// pivot tables in Markdown (markdown), and the data files (csv, json).
var TextFormats = []string{"table", "wide", "long", "csv", "json", "markdown"}

// TextOptions choose how WriteText prints a report.
type TextOptions struct {
	// Format is one of TextFormats ("" is table).
	Format string
	// Metrics are the metrics to show (the rows of csv and json); nil:
	// the report's headline metrics in the table and markdown formats of
	// a sweep, all metrics otherwise.
	Metrics []string
	// Width is the widest line of the table format (0: no limit): wider
	// pivot tables are cut into blocks of columns.
	Width int
}

// DefaultHeadline is how many metrics a report without Headline shows:
// the first ones that vary over the points.
const DefaultHeadline = 4

// WriteText writes the report to w in the chosen format.
func WriteText(w io.Writer, r *Report, o TextOptions) error {
	switch o.Format {
	case "", "table", "markdown":
		return writePivots(w, r, o)
	case "wide", "long":
		sub := r
		if o.Metrics != nil {
			sub = r.only(o.Metrics)
		}
		return writeTable(w, sub, o.Format == "wide")
	case "csv", "json":
		sub := r
		if o.Metrics != nil {
			sub = r.only(o.Metrics)
		}
		if o.Format == "csv" {
			return WriteCSV(w, sub)
		}
		return WriteJSON(w, sub)
	}
	return fmt.Errorf("results: unknown format %q (want one of %s)", o.Format, strings.Join(TextFormats, ", "))
}

// only returns a copy of the report with only the named metrics.
func (r *Report) only(names []string) *Report {
	c := *r
	c.Points = make([]Point, len(r.Points))
	for i, p := range r.Points {
		c.Points[i] = p
		c.Points[i].Summaries = nil
		for _, n := range names {
			if s, ok := p.Metric(n); ok {
				c.Points[i].Summaries = append(c.Points[i].Summaries, s)
			}
		}
	}
	return &c
}

// MetricNames returns the names of the metrics of the report's points, in
// order of first appearance.
func (r *Report) MetricNames() []string {
	var names []string
	for _, p := range r.Points {
		for _, s := range p.Summaries {
			if !slices.Contains(names, s.Name) {
				names = append(names, s.Name)
			}
		}
	}
	return names
}

// HeadlineMetrics returns the metrics the table format shows by default:
// Headline, or the first DefaultHeadline metrics whose mean varies over
// the points (the first ones when none varies).
func (r *Report) HeadlineMetrics() []string {
	if len(r.Headline) > 0 {
		return r.Headline
	}
	all := r.MetricNames()
	var out []string
	for _, n := range all {
		if len(out) == DefaultHeadline {
			break
		}
		if r.varies(n) {
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		out = all[:min(len(all), DefaultHeadline)]
	}
	return out
}

// varies reports whether the mean of a metric differs between points.
func (r *Report) varies(name string) bool {
	first, seen := 0.0, false
	for _, p := range r.Points {
		s, ok := p.Metric(name)
		if !ok {
			continue
		}
		if seen && s.Mean != first && !(math.IsNaN(s.Mean) && math.IsNaN(first)) {
			return true
		}
		first, seen = s.Mean, true
	}
	return false
}

// writePivots writes the table or markdown format: without a sweep, the
// point's block (every metric by default); with one axis, one table of the points by the metrics;
// with more, one table per metric, its rows the other axes, its columns
// the axis with the fewest values.
func writePivots(w io.Writer, r *Report, o TextOptions) error {
	metrics := o.Metrics
	switch {
	case metrics != nil:
	case len(r.Points) == 1:
		metrics = r.MetricNames() // one point: its block shows them all
	default:
		metrics = r.HeadlineMetrics()
	}
	md := o.Format == "markdown"
	width := o.Width
	if md {
		width = 0
	}
	var b strings.Builder
	fmt.Fprintln(&b, fold(fmt.Sprintf("scenario %s (model %s, seed %d, engine %s, %s)", r.Scenario, r.Model, r.Seed, r.Engine, Count(r.Replications, "replication")), width))
	if note := r.InterruptedNote(); note != "" {
		fmt.Fprintln(&b, fold(strings.ToUpper(note[:1])+note[1:], width))
	}
	axes := r.Axes()
	sub := r.only(metrics)
	stat := "mean ± 95% CI half-width"
	if r.Replications == 1 {
		stat = "mean of 1 replication"
	}
	heading := func(title, caption string) {
		if md {
			title = "**" + title + "**\n"
		}
		fmt.Fprintf(&b, "\n%s\n", fold(title, width))
		if caption != "" {
			fmt.Fprintln(&b, fold(caption, width))
		}
		if md {
			fmt.Fprintln(&b)
		}
	}
	if len(axes) == 0 && !md {
		b.Reset() // the long block has its own heading
		if err := writeTable(&b, sub, false); err != nil {
			return err
		}
		_, err := io.WriteString(w, b.String())
		return err
	}
	pivotTables(&b, r, sub, axes, metrics, stat, heading, md, width)
	if r.PopulationCI && r.Replications > 1 {
		pivotTables(&b, r, sub.populationView(), axes, metrics, populationCaption, heading, md, width)
	}
	var notes strings.Builder
	writeUndefinedNotes(&notes, sub)
	for _, l := range strings.SplitAfter(notes.String(), "\n") {
		if l != "" {
			fmt.Fprintln(&b, fold(strings.TrimSuffix(l, "\n"), width))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// pivotTables writes the pivot tables of sub's metrics (whose cells are
// "mean ± half-width") under headings that name stat.
func pivotTables(b *strings.Builder, r, sub *Report, axes []Axis, metrics []string, stat string, heading func(title, caption string), md bool, width int) {
	switch {
	case len(axes) == 0:
		if md {
			if stat == populationCaption {
				heading(stat, "")
			} else {
				fmt.Fprintln(b)
			}
			writeGrid(b, pointGrid(sub), true, 0)
		}
	case len(axes) == 1:
		heading(stat+" by "+axes[0].Label, "")
		writeGrid(b, sweepGrid(sub, axes[0], metrics), md, width)
	default:
		col := columnAxis(axes, r.Points)
		for _, m := range metrics {
			info := r.Info(m)
			title := m
			if info.Description != "" {
				title += ": " + info.Label()
			}
			heading(title, fmt.Sprintf("%s; rows %s, columns %s", stat, rowAxesName(axes, col), axes[col].Label))
			writeGrid(b, pivotGrid(sub, axes, col, m), md, width)
		}
	}
}

// columnAxis is the index of the axis the pivot tables spread over
// columns: the one with the fewest values (at least two), the first of
// those tied.
func columnAxis(axes []Axis, points []Point) int {
	best, bestN := 0, math.MaxInt
	for i := range axes {
		n := len(pivotValues(points, i))
		if n >= 2 && n < bestN {
			best, bestN = i, n
		}
	}
	return best
}

// pivotValues returns the values of axis i in order of first appearance.
func pivotValues(points []Point, i int) []string {
	var vs []string
	for _, p := range points {
		if i < len(p.Labels) && !slices.Contains(vs, p.Labels[i].Value) {
			vs = append(vs, p.Labels[i].Value)
		}
	}
	return vs
}

func rowAxesName(axes []Axis, col int) string {
	var names []string
	for i, a := range axes {
		if i != col {
			names = append(names, a.Label)
		}
	}
	return strings.Join(names, " × ")
}

// pivotGrid is the table of one metric: a row per combination of the
// axes other than col, a column per value of col.
func pivotGrid(r *Report, axes []Axis, col int, metric string) grid {
	var g grid
	for i, a := range axes {
		if i != col {
			g.header = append(g.header, a.Column)
			g.right = append(g.right, a.Type == "int" || a.Type == "float")
		}
	}
	g.lead = len(g.header)
	cols := pivotValues(r.Points, col)
	for _, v := range cols {
		g.header = append(g.header, axes[col].Column+"="+showValue(axes[col], v))
		g.right = append(g.right, true)
	}
	index := map[string]int{}
	for _, p := range r.Points {
		var key []string
		for i, l := range p.Labels {
			if i != col {
				key = append(key, showValue(axes[i], l.Value))
			}
		}
		k := strings.Join(key, "\x00")
		ri, ok := index[k]
		if !ok {
			ri = len(g.rows)
			index[k] = ri
			g.rows = append(g.rows, append(key, make([]string, len(cols))...))
		}
		if s, ok := p.Metric(metric); ok {
			g.rows[ri][g.lead+slices.Index(cols, p.Labels[col].Value)] = pmCell(s)
		}
	}
	return g
}

// sweepGrid is the table of a one-axis sweep: a row per point, a column
// per metric.
func sweepGrid(r *Report, axis Axis, metrics []string) grid {
	g := grid{lead: 1, header: []string{axis.Column}, right: []bool{axis.Type == "int" || axis.Type == "float"}}
	for _, m := range metrics {
		h := m
		if u := r.Info(m).Unit; u != "" {
			h += " (" + u + ")"
		}
		g.header = append(g.header, h)
		g.right = append(g.right, true)
	}
	for _, p := range r.Points {
		row := []string{showValue(axis, p.Labels[0].Value)}
		for _, m := range metrics {
			s, ok := p.Metric(m)
			cell := ""
			if ok {
				cell = pmCell(s)
			}
			row = append(row, cell)
		}
		g.rows = append(g.rows, row)
	}
	return g
}

// showValue is an axis value as the tables show it: a float to six
// significant digits (8.33333, not 8.333333333333334).
func showValue(a Axis, v string) string {
	if a.Type == "float" {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			return num(f)
		}
	}
	return v
}

// pointGrid is the Markdown table of a report without a sweep.
func pointGrid(r *Report) grid {
	g := grid{lead: 1, header: []string{"metric", "unit", "mean ± 95% CI"}, right: []bool{false, false, true}}
	for _, p := range r.Points {
		for _, s := range p.Summaries {
			g.rows = append(g.rows, []string{s.Name, r.Info(s.Name).Unit, pmCell(s)})
		}
	}
	return g
}

// pmCell is "mean ± half-width", the half-width to two significant digits
// and the mean to the same decimal place; the mean alone (six significant
// digits) for one replication; marked when values were undefined.
func pmCell(s Summary) string {
	if s.Undefined == s.N && s.N > 0 {
		return "undefined" + undefinedMark
	}
	mark := ""
	if s.Undefined > 0 {
		mark = undefinedMark
	}
	h := s.HalfWidth
	if math.IsNaN(h) || math.IsInf(h, 0) || h == 0 || math.IsNaN(s.Mean) {
		return num(s.Mean) + mark
	}
	dec := min(max(1-int(math.Floor(math.Log10(h))), 0), 8)
	return strconv.FormatFloat(s.Mean, 'f', dec, 64) + " ± " + strconv.FormatFloat(h, 'f', dec, 64) + mark
}

package results

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"slices"
	"strconv"
)

// Axis is one sweep axis of a report as the data files carry it: the
// column that holds its values, its key in the scenario, its label and
// the type of its values.
type Axis struct {
	// Column is the axis's column in summary.csv, jobs.csv and parts.csv:
	// its key, or "axis." + key when the key is the name of a fixed
	// column.
	Column string `json:"column"`
	Key    string `json:"key"`
	// Label is the scenario's `label:` of the axis (its key without one).
	Label string `json:"label"`
	// Type is "int", "float", "bool" or "string": int when every value is
	// an integer, float when every value is a number, bool when every
	// value is true or false.
	Type string `json:"type"`
}

// SummaryColumns are the fixed columns of summary.csv and of the rows of
// summary.json, after one column per sweep axis; every row has all of
// them (see docs/reference/outputs.md).
var SummaryColumns = []string{
	"metric", "unit", "n", "mean", "sd", "ci_half_width", "ci_low", "ci_high", "min", "max",
	"reference", "undefined_replications", "requested_replications", "interrupted",
}

// JobColumnsLead are the columns that jobs.csv and parts.csv put before
// the kind's own per-job columns, after one column per sweep axis.
var JobColumnsLead = []string{"replication"}

// Axes returns the sweep axes of the report, in the order of the points'
// labels, with the type of their values over all points.
func (r *Report) Axes() []Axis {
	if len(r.Points) == 0 {
		return nil
	}
	var out []Axis
	for i, l := range r.Points[0].Labels {
		a := Axis{Column: l.Key, Key: l.Key, Label: l.Key}
		if slices.Contains(SummaryColumns, l.Key) || slices.Contains(JobColumnsLead, l.Key) {
			a.Column = "axis." + l.Key
		}
		if lab := r.AxisLabels[l.Key]; lab != "" {
			a.Label = lab
		}
		values := make([]string, 0, len(r.Points))
		for _, p := range r.Points {
			if i < len(p.Labels) {
				values = append(values, p.Labels[i].Value)
			}
		}
		a.Type = valueType(values)
		out = append(out, a)
	}
	return out
}

// valueType is the narrowest type of Axis.Type that every value has.
func valueType(values []string) string {
	all := func(ok func(string) bool) bool {
		for _, v := range values {
			if !ok(v) {
				return false
			}
		}
		return len(values) > 0
	}
	switch {
	case all(func(v string) bool { _, err := strconv.ParseInt(v, 10, 64); return err == nil }):
		return "int"
	case all(func(v string) bool {
		f, err := strconv.ParseFloat(v, 64)
		return err == nil && !math.IsInf(f, 0) && !math.IsNaN(f)
	}):
		return "float"
	case all(func(v string) bool { return v == "true" || v == "false" }):
		return "bool"
	}
	return "string"
}

// typedValue is an axis value as JSON encodes it: a number, a boolean or
// a string, by the axis's type.
func typedValue(typ, v string) any {
	switch typ {
	case "int":
		n, _ := strconv.ParseInt(v, 10, 64)
		return n
	case "float":
		f, _ := strconv.ParseFloat(v, 64)
		return f
	case "bool":
		return v == "true"
	}
	return v
}

// cell is one value of a summary row: its CSV text and its JSON value.
type cell struct {
	text string
	json any
}

func numCell(x float64) cell      { return cell{csvNum(x), jsonNum(x)} }
func intCell(n int) cell          { return cell{strconv.Itoa(n), n} }
func textCell(s string) cell      { return cell{s, s} }
func boolCell(b bool) cell        { return cell{strconv.FormatBool(b), b} }
func axisCell(typ, v string) cell { return cell{v, typedValue(typ, v)} }

// summaryTable returns the columns and rows that summary.csv and
// summary.json share: one row per (point, metric).
func summaryTable(r *Report) ([]string, [][]cell) {
	axes := r.Axes()
	cols := make([]string, 0, len(axes)+len(SummaryColumns))
	for _, a := range axes {
		cols = append(cols, a.Column)
	}
	cols = append(cols, SummaryColumns...)
	if r.PopulationCI {
		cols = append(cols, PopulationColumns...)
	}
	requested := r.Replications
	if r.Interrupted {
		requested = r.Requested
	}
	var rows [][]cell
	for _, p := range r.Points {
		for _, s := range p.Summaries {
			row := make([]cell, 0, len(cols))
			for i, l := range p.Labels {
				row = append(row, axisCell(axes[i].Type, l.Value))
			}
			row = append(row, textCell(s.Name), textCell(r.Info(s.Name).Unit), intCell(s.N),
				numCell(s.Mean), numCell(s.SD), numCell(s.HalfWidth), numCell(s.Low()), numCell(s.High()),
				numCell(s.Min), numCell(s.Max), numCell(s.Reference),
				intCell(s.Undefined), intCell(requested), boolCell(r.Interrupted))
			if r.PopulationCI {
				row = append(row, numCell(s.PopulationHalfWidth()), numCell(s.PopulationLow()), numCell(s.PopulationHigh()))
			}
			rows = append(rows, row)
		}
	}
	return cols, rows
}

// csvNum formats a number exactly, "" for NaN and ±Inf (no value).
func csvNum(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// WriteCSV writes summary.csv: a fixed schema of one column per sweep
// axis, then SummaryColumns, one row per (point, metric). An empty cell is
// a value that does not exist (the CI of one replication, a missing
// reference, a mean over undefined values only).
func WriteCSV(w io.Writer, r *Report) error {
	cols, rows := summaryTable(r)
	cw := csv.NewWriter(w)
	if err := cw.Write(cols); err != nil {
		return err
	}
	rec := make([]string, len(cols))
	for _, row := range rows {
		for i, c := range row {
			rec[i] = c.text
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// jsonNum is a float64 that encodes NaN and ±Inf as null.
type jsonNum float64

func (x jsonNum) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
		return []byte("null"), nil
	}
	return []byte(strconv.FormatFloat(float64(x), 'g', -1, 64)), nil
}

// MarshalJSON encodes a summary with null for unavailable values.
func (s Summary) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Name      string  `json:"name"`
		N         int     `json:"n"`
		Mean      jsonNum `json:"mean"`
		SD        jsonNum `json:"sd"`
		HalfWidth jsonNum `json:"ci_half_width"`
		Min       jsonNum `json:"min"`
		Max       jsonNum `json:"max"`
		Reference jsonNum `json:"reference"`
		Undefined int     `json:"undefined_replications"`
	}{s.Name, s.N, jsonNum(s.Mean), jsonNum(s.SD), jsonNum(s.HalfWidth), jsonNum(s.Min), jsonNum(s.Max), jsonNum(s.Reference), s.Undefined})
}

// row is one summary row as a JSON object whose keys keep the column
// order.
type row struct {
	cols  []string
	cells []cell
}

func (r row) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, c := range r.cells {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(r.cols[i])
		v, err := json.Marshal(c.json)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// WriteJSON writes summary.json: the run's description, its axes and
// metric declarations, and under "rows" exactly the rows of summary.csv,
// each an object with the same field names (null where the CSV cell is
// empty, axis values typed). A run without a sweep has "axes": [].
func WriteJSON(w io.Writer, r *Report) error {
	cols, cells := summaryTable(r)
	rows := make([]row, len(cells))
	for i, c := range cells {
		rows[i] = row{cols, c}
	}
	axes := r.Axes()
	if axes == nil {
		axes = []Axis{}
	}
	metrics := r.Metrics
	if metrics == nil {
		metrics = []MetricInfo{}
	}
	requested := r.Replications
	if r.Interrupted {
		requested = r.Requested
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Scenario     string       `json:"scenario"`
		Model        string       `json:"model"`
		Seed         uint64       `json:"seed"`
		Engine       string       `json:"engine"`
		Replications int          `json:"replications"`
		Requested    int          `json:"requested_replications"`
		Interrupted  bool         `json:"interrupted"`
		Events       uint64       `json:"events"`
		Axes         []Axis       `json:"axes"`
		Metrics      []MetricInfo `json:"metrics"`
		Columns      []string     `json:"columns"`
		Rows         []row        `json:"rows"`
	}{r.Scenario, r.Model, r.Seed, r.Engine, r.Replications, requested, r.Interrupted, r.Events, axes, metrics, cols, rows})
}

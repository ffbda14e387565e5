package results

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Label is the value one sweep axis takes at a scenario point.
type Label struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// PointName returns "key=value key=value" for labels ("" for none).
func PointName(labels []Label) string {
	parts := make([]string, len(labels))
	for i, l := range labels {
		parts[i] = l.Key + "=" + l.Value
	}
	return strings.Join(parts, " ")
}

// Point is the outcome of all replications of one scenario point.
type Point struct {
	Labels    []Label   `json:"labels"`
	Summaries []Summary `json:"metrics"`
	// Replications is the number of replications that finished.
	Replications int `json:"replications"`
}

// Name returns the point's "key=value …" name.
func (p Point) Name() string { return PointName(p.Labels) }

// Metric returns the summary of the named metric.
func (p Point) Metric(name string) (Summary, bool) {
	for _, s := range p.Summaries {
		if s.Name == name {
			return s, true
		}
	}
	return Summary{}, false
}

// Label returns the value of the named axis at this point.
func (p Point) Label(key string) (string, bool) {
	for _, l := range p.Labels {
		if l.Key == key {
			return l.Value, true
		}
	}
	return "", false
}

// Report is the outcome of a scenario run.
type Report struct {
	Scenario     string  `json:"scenario"`
	Model        string  `json:"model"`
	Seed         uint64  `json:"seed"`
	Engine       string  `json:"engine"`
	Replications int     `json:"replications"`
	Points       []Point `json:"points"`
	// Events is the number of events all replications processed.
	Events uint64 `json:"events"`
	// Wall is the wall-clock duration of the run in seconds. It is left
	// out of every output file, which depend only on the scenario and seed.
	Wall float64 `json:"-"`
	// Interrupted is true when the run was cancelled: the points summarise
	// only the replications that finished.
	Interrupted bool `json:"interrupted"`
	// Requested is the number of replications the run was asked for when
	// it was interrupted (Replications is then the number kept); 0
	// otherwise.
	Requested int `json:"requested_replications,omitempty"`
	// AxisLabels are the sweep axes' labels for plots and tables (the
	// scenario's `label:`), by axis key.
	AxisLabels map[string]string `json:"axis_labels,omitempty"`
}

// InterruptedNote says what an interrupted report holds, for the marks in
// its files; "" when the run was not interrupted.
func (r *Report) InterruptedNote() string {
	if !r.Interrupted {
		return ""
	}
	return fmt.Sprintf("interrupted: kept %d of %d replications of every point", r.Replications, r.Requested)
}

// WriteTable writes a human-readable summary: for each point, each metric
// with its mean ± 95% CI half-width and, where known, the reference value
// and the relative difference.
func WriteTable(w io.Writer, r *Report) error {
	var buf bytes.Buffer
	if err := writeTable(&buf, r); err != nil {
		return err
	}
	// Empty last cells leave trailing blanks: cut them.
	lines := strings.SplitAfter(buf.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(strings.TrimSuffix(l, "\n"), " ") + l[len(strings.TrimSuffix(l, "\n")):]
	}
	_, err := io.WriteString(w, strings.Join(lines, ""))
	return err
}

func writeTable(w io.Writer, r *Report) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "scenario %s (model %s, seed %d, engine %s, %d replications)\n", r.Scenario, r.Model, r.Seed, r.Engine, r.Replications)
	if r.Interrupted {
		fmt.Fprintln(tw, strings.ToUpper(r.InterruptedNote()[:1])+r.InterruptedNote()[1:])
	}
	if side := sideBySide(r); side {
		writeWide(tw, r)
		writeUndefinedNotes(tw, r)
		return tw.Flush()
	}
	for _, p := range r.Points {
		if p.Name() != "" {
			// No tab: a long label must not widen the metric column.
			fmt.Fprintf(tw, "\n[%s] (%d replications)\n", p.Name(), p.Replications)
		} else {
			fmt.Fprintln(tw)
		}
		hasRef := false
		for _, s := range p.Summaries {
			hasRef = hasRef || s.HasReference()
		}
		if hasRef {
			fmt.Fprintln(tw, "metric\tmean\t± 95% CI\treference\tdiff")
		} else {
			fmt.Fprintln(tw, "metric\tmean\t± 95% CI")
		}
		for _, s := range p.Summaries {
			fmt.Fprintf(tw, "%s\t%s\t%s", s.Name, meanCell(s), num(s.HalfWidth))
			if hasRef {
				if s.HasReference() {
					diff := "-"
					if s.Reference != 0 {
						diff = fmt.Sprintf("%+.2f%%", 100*(s.Mean-s.Reference)/math.Abs(s.Reference))
					}
					fmt.Fprintf(tw, "\t%s\t%s", num(s.Reference), diff)
				} else {
					fmt.Fprint(tw, "\t\t")
				}
			}
			fmt.Fprintln(tw)
		}
	}
	writeUndefinedNotes(tw, r)
	return tw.Flush()
}

// undefinedMark flags a mean that leaves out undefined values; a note
// under the table says which and why.
const undefinedMark = "†"

// meanCell is the mean of a summary as the table shows it.
func meanCell(s Summary) string {
	switch {
	case s.Undefined == 0:
		return num(s.Mean)
	case s.Undefined == s.N:
		return "undefined" + undefinedMark
	}
	return num(s.Mean) + undefinedMark
}

// writeUndefinedNotes explains every mark of meanCell.
func writeUndefinedNotes(w io.Writer, r *Report) {
	first := true
	for _, p := range r.Points {
		for _, s := range p.Summaries {
			if note := s.UndefinedNote(); note != "" {
				if first {
					fmt.Fprintln(w)
					first = false
				}
				where := s.Name
				if p.Name() != "" {
					where = "[" + p.Name() + "] " + where
				}
				fmt.Fprintf(w, "%s %s: %s\n", undefinedMark, where, note)
			}
		}
	}
}

// maxWidePoints is the largest number of points shown side by side.
const maxWidePoints = 8

// sideBySide reports whether the points are few, have the same metrics and
// no reference values, so that one table with a column per point compares
// them best (a policy comparison, say).
func sideBySide(r *Report) bool {
	if len(r.Points) < 2 || len(r.Points) > maxWidePoints {
		return false
	}
	first := r.Points[0].Summaries
	for _, p := range r.Points {
		if len(p.Summaries) != len(first) {
			return false
		}
		for i, s := range p.Summaries {
			if s.Name != first[i].Name || s.HasReference() {
				return false
			}
		}
	}
	return true
}

// writeWide writes one row per metric and one column per point, each cell
// "mean ± half-width" (the mean alone for a single replication).
func writeWide(w io.Writer, r *Report) {
	fmt.Fprint(w, "\nmetric")
	for _, p := range r.Points {
		fmt.Fprintf(w, "\t%s", p.Name())
	}
	fmt.Fprintln(w)
	for i, m := range r.Points[0].Summaries {
		fmt.Fprint(w, m.Name)
		for _, p := range r.Points {
			s := p.Summaries[i]
			if math.IsNaN(s.HalfWidth) {
				fmt.Fprintf(w, "\t%s", meanCell(s))
			} else {
				fmt.Fprintf(w, "\t%s ± %s", meanCell(s), num(s.HalfWidth))
			}
		}
		fmt.Fprintln(w)
	}
}

// num formats a number for a table: six significant digits, without an
// exponent from 10^-4 to 10^15 (large values, seconds say, as whole
// numbers: 1551989, not 1.55199e+06), trailing zeros dropped; "-" for NaN
// (no value: a CI of one replication, a missing reference).
func num(x float64) string {
	ax := math.Abs(x)
	switch {
	case math.IsNaN(x):
		return "-"
	case x == 0:
		return "0"
	case ax < 1e-4 || ax >= 1e15 || math.IsInf(x, 0):
		return strconv.FormatFloat(x, 'g', 4, 64)
	}
	dec := max(6-(int(math.Floor(math.Log10(ax)))+1), 0)
	out := strconv.FormatFloat(x, 'f', dec, 64)
	if strings.Contains(out, ".") {
		out = strings.TrimRight(strings.TrimRight(out, "0"), ".")
	}
	return out
}

// csvNum formats a number exactly, "" for NaN.
func csvNum(x float64) string {
	if math.IsNaN(x) {
		return ""
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// WriteCSV writes one row per (point, metric): the axis values, then the
// metric's statistics. Empty cells stand for "not available". An
// interrupted report has a column interrupted saying how many of the
// requested replications every row summarises; a report with undefined
// values (NaN, ±Inf) a last column undefined that explains them.
func WriteCSV(w io.Writer, r *Report) error {
	cw := csv.NewWriter(w)
	var axes []string
	if len(r.Points) > 0 {
		for _, l := range r.Points[0].Labels {
			axes = append(axes, l.Key)
		}
	}
	header := append(append([]string{}, axes...), "metric", "n", "mean", "sd", "ci_low", "ci_high", "min", "max", "reference")
	if r.Interrupted {
		header = append(header, "interrupted")
	}
	undefined := hasUndefined(r)
	if undefined {
		header = append(header, "undefined")
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	for _, p := range r.Points {
		for _, s := range p.Summaries {
			row := make([]string, 0, len(header))
			for _, l := range p.Labels {
				row = append(row, l.Value)
			}
			row = append(row, s.Name, strconv.Itoa(s.N), csvNum(s.Mean), csvNum(s.SD), csvNum(s.Low()), csvNum(s.High()), csvNum(s.Min), csvNum(s.Max), csvNum(s.Reference))
			if r.Interrupted {
				row = append(row, fmt.Sprintf("kept %d of %d replications", r.Replications, r.Requested))
			}
			if undefined {
				row = append(row, s.UndefinedNote())
			}
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

func hasUndefined(r *Report) bool {
	for _, p := range r.Points {
		for _, s := range p.Summaries {
			if s.Undefined > 0 {
				return true
			}
		}
	}
	return false
}

// jsonNum is a float64 that encodes NaN as null.
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
		Undefined int     `json:"undefined_replications,omitempty"`
		Note      string  `json:"undefined,omitempty"`
	}{s.Name, s.N, jsonNum(s.Mean), jsonNum(s.SD), jsonNum(s.HalfWidth), jsonNum(s.Min), jsonNum(s.Max), jsonNum(s.Reference), s.Undefined, s.UndefinedNote()})
}

// WriteJSON writes the report as indented JSON.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

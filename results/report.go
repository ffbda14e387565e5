package results

import (
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
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "scenario %s (model %s, seed %d, engine %s, %d replications)\n", r.Scenario, r.Model, r.Seed, r.Engine, r.Replications)
	if r.Interrupted {
		fmt.Fprintln(tw, strings.ToUpper(r.InterruptedNote()[:1])+r.InterruptedNote()[1:])
	}
	if side := sideBySide(r); side {
		writeWide(tw, r)
		return tw.Flush()
	}
	for _, p := range r.Points {
		if p.Name() != "" {
			fmt.Fprintf(tw, "\n[%s]\t(%d replications)\n", p.Name(), p.Replications)
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
			fmt.Fprintf(tw, "%s\t%s\t%s", s.Name, num(s.Mean), num(s.HalfWidth))
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
	return tw.Flush()
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
				fmt.Fprintf(w, "\t%s", num(s.Mean))
			} else {
				fmt.Fprintf(w, "\t%s ± %s", num(s.Mean), num(s.HalfWidth))
			}
		}
		fmt.Fprintln(w)
	}
}

// num formats a number with 6 significant digits, "-" for NaN.
func num(x float64) string {
	if math.IsNaN(x) {
		return "-"
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
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
// interrupted report has a last column, interrupted, saying how many of
// the requested replications every row summarises.
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
			if err := cw.Write(row); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
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
	}{s.Name, s.N, jsonNum(s.Mean), jsonNum(s.SD), jsonNum(s.HalfWidth), jsonNum(s.Min), jsonNum(s.Max), jsonNum(s.Reference)})
}

// WriteJSON writes the report as indented JSON.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

package results

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
)

// WriteTable writes the report in the default text format: compact
// pivot tables of the headline metrics, at most 100 characters wide (see
// WriteText).
func WriteTable(w io.Writer, r *Report) error {
	return WriteText(w, r, TextOptions{Format: "table", Width: 100})
}

// writeTable writes one block per point (long) or one table with a
// column per point (wide): each metric with its unit, mean ± 95% CI
// half-width and, in blocks, the reference value and the relative
// difference where known.
func writeTable(w io.Writer, r *Report, wide bool) error {
	var buf bytes.Buffer
	if err := writeBlocks(&buf, r, wide); err != nil {
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

func writeBlocks(w io.Writer, r *Report, wide bool) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "scenario %s (model %s, seed %d, engine %s, %s)\n", r.Scenario, r.Model, r.Seed, r.Engine, Count(r.Replications, "replication"))
	if r.Interrupted {
		fmt.Fprintln(tw, strings.ToUpper(r.InterruptedNote()[:1])+r.InterruptedNote()[1:])
	}
	if wide && sameMetrics(r) {
		writeWide(tw, r)
		writeUndefinedNotes(tw, r)
		return tw.Flush()
	}
	for _, p := range r.Points {
		if p.Name() != "" {
			// No tab: a long label must not widen the metric column.
			fmt.Fprintf(tw, "\n[%s] (%s)\n", p.Name(), Count(p.Replications, "replication"))
		} else {
			fmt.Fprintln(tw)
		}
		hasRef := false
		for _, s := range p.Summaries {
			hasRef = hasRef || s.HasReference()
		}
		head := "metric\tunit\tmean\t± 95% CI"
		if r.PopulationCI {
			head += "\t± 95% population"
		}
		if hasRef {
			head += "\treference\tdiff"
		}
		fmt.Fprintln(tw, head)
		for _, s := range p.Summaries {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s", s.Name, r.Info(s.Name).Unit, meanCell(s), num(s.HalfWidth))
			if r.PopulationCI {
				fmt.Fprintf(tw, "\t%s", num(s.PopulationHalfWidth()))
			}
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

// sameMetrics reports whether every point has the same metrics, so that
// one table with a column per point can show them.
func sameMetrics(r *Report) bool {
	if len(r.Points) == 0 {
		return false
	}
	first := r.Points[0].Summaries
	for _, p := range r.Points {
		if len(p.Summaries) != len(first) {
			return false
		}
		for i, s := range p.Summaries {
			if s.Name != first[i].Name {
				return false
			}
		}
	}
	return true
}

// writeWide writes one row per metric and one column per point, each cell
// "mean ± half-width" (the mean alone for a single replication).
func writeWide(w io.Writer, r *Report) {
	fmt.Fprint(w, "\nmetric\tunit")
	for _, p := range r.Points {
		fmt.Fprintf(w, "\t%s", p.Name())
	}
	fmt.Fprintln(w)
	for i, m := range r.Points[0].Summaries {
		fmt.Fprintf(w, "%s\t%s", m.Name, r.Info(m.Name).Unit)
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
	if math.IsNaN(x) {
		return "-"
	}
	return FormatNumber(x, 6, 1e-4, 1e15)
}

// FormatNumber formats x with sig significant digits, in plain decimal
// notation when small ≤ |x| < large (trailing zeros dropped) and with an
// exponent (4 digits) otherwise; 0 is "0" and NaN "NaN".
func FormatNumber(x float64, sig int, small, large float64) string {
	ax := math.Abs(x)
	switch {
	case math.IsNaN(x):
		return "NaN"
	case x == 0:
		return "0"
	case ax < small || ax >= large || math.IsInf(x, 0):
		return strconv.FormatFloat(x, 'g', 4, 64)
	}
	dec := max(sig-(int(math.Floor(math.Log10(ax)))+1), 0)
	out := strconv.FormatFloat(x, 'f', dec, 64)
	if strings.Contains(out, ".") {
		out = strings.TrimRight(strings.TrimRight(out, "0"), ".")
	}
	return out
}

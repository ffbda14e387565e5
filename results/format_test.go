package results

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNumberFormat(t *testing.T) {
	for x, want := range map[float64]string{
		1551989.2: "1551989", 13993.26: "13993.3", 0.375684: "0.375684", 0.9: "0.9",
		19.834: "19.834", 0: "0", -2.5: "-2.5", 1.2e-7: "1.2e-07", 3e17: "3e+17", math.NaN(): "-",
	} {
		if got := num(x); got != want {
			t.Errorf("num(%v) = %q, want %q", x, got, want)
		}
	}
}

// NaN and ±Inf never reach a table or a file without the reason.
func TestUndefinedValuesAreExplained(t *testing.T) {
	reps := []Metrics{
		{{Name: "ratio", Value: 2}, {Name: "none", Value: math.NaN()}},
		{{Name: "ratio", Value: math.Inf(1)}, {Name: "none", Value: math.NaN()}},
		{{Name: "ratio", Value: 4}, {Name: "none", Value: math.Inf(-1)}},
	}
	s, err := Summarize(reps, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s[0].Mean != 3 || s[0].Undefined != 1 || s[1].Undefined != 3 || !math.IsNaN(s[1].Mean) {
		t.Fatalf("summaries %+v", s)
	}
	r := &Report{Scenario: "u", Replications: 3, Points: []Point{{Summaries: s, Replications: 3}}}
	var table, csv, js bytes.Buffer
	if err := WriteTable(&table, r); err != nil {
		t.Fatal(err)
	}
	WriteCSV(&csv, r)
	WriteJSON(&js, r)
	for name, out := range map[string]string{"table": table.String(), "csv": csv.String(), "json": js.String()} {
		stripped := strings.ReplaceAll(out, "(NaN or ±Inf, e.g. 0/0: nothing to average)", "")
		for _, bad := range []string{"NaN", "Inf"} {
			if strings.Contains(stripped, bad) {
				t.Errorf("%s shows %s:\n%s", name, bad, out)
			}
		}
	}
	if s := table.String(); !strings.Contains(s, "undefined in 1 of 3 replications") || !strings.Contains(s, "undefined in all 3 replications") {
		t.Errorf("the table does not explain the undefined values:\n%s", s)
	}
	// The data files count them in undefined_replications.
	if s := csv.String(); !strings.Contains(s, "\nratio,,3,3,") || !strings.Contains(s, ",1,3,false\n") || !strings.Contains(s, ",3,3,false\n") {
		t.Errorf("summary.csv does not count the undefined values:\n%s", s)
	}
	if s := js.String(); !strings.Contains(s, `"undefined_replications": 1`) || !strings.Contains(s, `"undefined_replications": 3`) {
		t.Errorf("summary.json does not count the undefined values:\n%s", s)
	}
	if !strings.Contains(table.String(), "3†") || !strings.Contains(table.String(), "undefined†") {
		t.Errorf("table does not mark the means:\n%s", table.String())
	}
}

// A long point label does not widen the metric column.
func TestLongPointLabelsDoNotStretchTheTable(t *testing.T) {
	sum := []Summary{Describe("wait", []float64{1, 2}), Describe("utilization", []float64{0.5, 0.6})}
	for i := range sum {
		sum[i].Reference = 1
	}
	long := strings.Repeat("x", 80)
	r := &Report{Scenario: "w", Replications: 2, Points: []Point{
		{Labels: []Label{{Key: "policy", Value: long}}, Summaries: sum, Replications: 2},
		{Labels: []Label{{Key: "policy", Value: "easy"}}, Summaries: sum, Replications: 2},
	}}
	var b bytes.Buffer
	WriteText(&b, r, TextOptions{Format: "long"})
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(l, "utilization") && len(l) > 60 {
			t.Fatalf("metric row stretched to %d characters by the label:\n%s", len(l), b.String())
		}
	}
}

// Plots: the axis label comes from the scenario, ticks sit at the swept
// values, a long title wraps, and the legend lies below the data.
func TestPlotLayout(t *testing.T) {
	r := testReport()
	r.Points[1].Labels[0].Value = "2.5"
	r.AxisLabels = map[string]string{"servers": "c (servers per site)"}
	dir := t.TempDir()
	title := "A long title that names the paper, the figure it reproduces and the parameters it fixes"
	if _, err := (PlotOptions{}).WritePlots(dir, r, []PlotSpec{{Name: "w", Title: title, Metric: "wait", X: "servers"}}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "plots", "w.svg"))
	if err != nil {
		t.Fatal(err)
	}
	svg := string(b)
	for _, want := range []string{">c (servers per site)<", ">1<", ">2.5<", ">" + title + "<"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the SVG lacks %s", want)
		}
	}
	if strings.Contains(svg, ">1.5<") {
		t.Error("a tick between the swept values 1 and 2.5")
	}
}

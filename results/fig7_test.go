package results

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"gonum.org/v1/plot"
)

// fig7Report is the load balance of coarp-sdsc-blue's Figure 7 as a full
// run computed it (testdata/coarp-fig7-load-balance.csv: `schedsim run
// coarp-sdsc-blue --out DIR`, the load_balance rows of summary.csv, with
// the built-in of commit 20ce78c: the first 270 days, prefixes of 5 000
// … 50 749 jobs), one replication per point.
func fig7Report(t *testing.T) (*Report, []float64) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "coarp-fig7-load-balance.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	r := &Report{Scenario: "coarp-sdsc-blue", Model: "multicluster", Replications: 1,
		Metrics: []MetricInfo{{Name: "load_balance", Unit: "fraction", Description: "load balance: standard deviation of the clusters' utilizations"}}}
	var values []float64
	for _, row := range rows[1:] {
		v, err := strconv.ParseFloat(row[2], 64)
		if err != nil {
			t.Fatal(err)
		}
		values = append(values, v)
		s, err := Summarize([]Metrics{{{"load_balance", v}}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		r.Points = append(r.Points, Point{Labels: []Label{{"jobs", row[0]}, {"policy", row[1]}}, Summaries: s, Replications: 1})
	}
	return r, values
}

// svgText matches the text of an SVG <text> element.
var svgText = regexp.MustCompile(`<text[^>]*>([^<]*)</text>`)

// TestFig7TickLabelsOnTheRealValues draws coarp fig7 from the load
// balance of a full run, as the scenario's plots: entry asks, and pins
// the labels of its y axis (the issue saw two ticks labelled 0.12, on
// the values of an earlier model: TestTickLabelsGolden keeps that range);
// gonum's default ticks over the same range are logged beside them.
func TestFig7TickLabelsOnTheRealValues(t *testing.T) {
	r, values := fig7Report(t)
	if len(values) != 50 {
		t.Fatalf("%d values, want the 10 × 5 points of the figure", len(values))
	}
	dir := t.TempDir()
	spec := PlotSpec{Name: "fig7-load-balance", Title: "Figure 7: load balance (std dev of cluster utilizations) vs number of jobs",
		Metric: "load_balance", X: "jobs", Series: "policy"}
	if _, err := (PlotOptions{Formats: []string{"svg"}, Metrics: r.Metrics}).WritePlots(dir, r, []PlotSpec{spec}); err != nil {
		t.Fatal(err)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "plots", "fig7-load-balance.svg"))
	if err != nil {
		t.Fatal(err)
	}
	// The y labels are the texts that are numbers below 1 (the x axis's
	// are numbers of jobs).
	var ys []string
	for _, m := range svgText.FindAllStringSubmatch(string(svg), -1) {
		if v, err := strconv.ParseFloat(m[1], 64); err == nil && v < 1 {
			ys = append(ys, m[1])
		}
	}
	lo, hi := slices.Min(values), slices.Max(values)
	t.Logf("values in [%v, %v]; y labels %q; gonum's default ticks label %q", lo, hi, ys, labels(plot.DefaultTicks{}.Ticks(lo, hi)))
	if want := []string{"0.04", "0.12", "0.2"}; !slices.Equal(ys, want) {
		t.Errorf("y labels %q, want %q", ys, want)
	}
	seen := map[string]bool{}
	for _, l := range ys {
		if seen[l] {
			t.Errorf("label %s twice in %q", l, ys)
		}
		seen[l] = true
	}
}

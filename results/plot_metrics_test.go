package results

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPlotOverlaysMetrics: a spec with Metrics draws one line per metric
// into one file; a metric the points lack, or Metrics with Series, is an
// error naming the spec.
func TestPlotOverlaysMetrics(t *testing.T) {
	two := func(a, b float64) []Summary {
		s, _ := Summarize([]Metrics{{{"start", a}, {"proc", b}}, {{"start", a + 1}, {"proc", b + 1}}}, nil)
		return s
	}
	r := &Report{Scenario: "s", Replications: 2, Points: []Point{
		{Labels: []Label{{"share", "0"}}, Summaries: two(100, 200), Replications: 2},
		{Labels: []Label{{"share", "1"}}, Summaries: two(250, 170), Replications: 2},
	}}
	dir := t.TempDir()
	if _, err := (PlotOptions{}).WritePlots(dir, r, []PlotSpec{{Name: "both", Metrics: []string{"proc", "start"}, X: "share"}}); err != nil {
		t.Fatal(err)
	}
	for _, ext := range []string{"png", "svg"} {
		if _, err := os.Stat(filepath.Join(dir, "plots", "both."+ext)); err != nil {
			t.Error(err)
		}
	}
	for _, bad := range []PlotSpec{
		{Name: "missing", Metrics: []string{"proc", "finish"}, X: "share"},
		{Name: "series", Metrics: []string{"proc"}, Series: "share", X: "share"},
	} {
		if _, err := (PlotOptions{}).WritePlots(t.TempDir(), r, []PlotSpec{bad}); err == nil {
			t.Errorf("%s: accepted", bad.Name)
		}
	}
}

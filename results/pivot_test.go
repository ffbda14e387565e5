package results

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

var update = flag.Bool("update", false, "rewrite the golden files of the text tables")

// pivotReport is a sweep of two policies × three job counts × two
// estimate modes, two metrics, three replications; one value undefined.
func pivotReport() *Report {
	r := &Report{Scenario: "pivot", Model: "cluster", Seed: 7, Engine: "fast", Replications: 3,
		Metrics:    []MetricInfo{{"mean_wait", "s", "mean wait"}, {"utilization", "fraction", "busy fraction"}, {"jobs", "count", "jobs"}},
		Headline:   []string{"mean_wait", "utilization"},
		AxisLabels: map[string]string{"jobs": "jobs replayed"},
	}
	for ji, jobs := range []string{"1000", "5000", "10000"} {
		for _, est := range []string{"exact", "requested"} {
			for pi, pol := range []string{"easy", "conservative"} {
				base := float64(ji*150 + pi*37 + len(est))
				w := []float64{base, base * 1.1, base * 0.95}
				if jobs == "10000" && pol == "easy" && est == "exact" {
					w[1] = nan()
				}
				s := []Summary{Describe("mean_wait", w), Describe("utilization", []float64{0.5 + float64(pi)/10, 0.52 + float64(ji)/20, 0.49}), Describe("jobs", []float64{1, 1, 1})}
				r.Points = append(r.Points, Point{Labels: []Label{{"jobs", jobs}, {"estimates", est}, {"policy", pol}}, Summaries: s, Replications: 3})
			}
		}
	}
	return r
}

func nan() float64 { var z float64; return z / z }

// The compact table of a sweep: one pivot table per headline metric, the
// axis with the fewest values across, the others down; cut to the width.
func TestPivotGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		o    TextOptions
	}{
		{"pivot.golden", TextOptions{Format: "table", Width: 100}},
		{"pivot-narrow.golden", TextOptions{Format: "table", Width: 50, Metrics: []string{"mean_wait"}}},
		{"pivot.md.golden", TextOptions{Format: "markdown", Metrics: []string{"utilization"}}},
	} {
		var b bytes.Buffer
		if err := WriteText(&b, pivotReport(), c.o); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("testdata", c.name)
		if *update {
			os.MkdirAll("testdata", 0o755)
			os.WriteFile(path, b.Bytes(), 0o644)
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test -run TestPivotGolden -update ./results)", err)
		}
		if b.String() != string(want) {
			t.Errorf("%s differs:\n%s\nwant:\n%s", c.name, b.String(), want)
		}
		if c.o.Width > 0 {
			for _, l := range strings.Split(b.String(), "\n") {
				if n := utf8.RuneCountInString(l); n > c.o.Width {
					t.Errorf("%s: a table line of %d characters, wider than %d:\n%s", c.name, n, c.o.Width, l)
				}
			}
		}
	}
}

// One axis: a row per point, a column per metric with its unit.
func TestPivotOneAxis(t *testing.T) {
	r := testReport()
	var b bytes.Buffer
	if err := WriteText(&b, r, TextOptions{Width: 100}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"servers   wait (s)", "\n      1  1.5 ± 6.4\n", "\n      2          4\n"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("lacks %q:\n%s", want, b.String())
		}
	}
}

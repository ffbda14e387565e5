package results

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTQuantileKnownValues(t *testing.T) {
	// Two-sided 95% Student-t quantiles from standard tables.
	for df, want := range map[int]float64{1: 12.7062, 9: 2.26216, 30: 2.04227} {
		if got := TQuantile(0.95, df); math.Abs(got-want) > 1e-4 {
			t.Errorf("t(0.975, %d) = %v, want %v", df, got, want)
		}
	}
}

func TestDescribe(t *testing.T) {
	s := Describe("x", []float64{1, 2, 3, 4})
	sd := math.Sqrt(5.0 / 3)
	if s.Mean != 2.5 || math.Abs(s.SD-sd) > 1e-12 || s.Min != 1 || s.Max != 4 {
		t.Fatalf("%+v", s)
	}
	if want := TQuantile(0.95, 3) * sd / 2; math.Abs(s.HalfWidth-want) > 1e-12 {
		t.Fatalf("half-width %v, want %v", s.HalfWidth, want)
	}
	if one := Describe("x", []float64{7}); !math.IsNaN(one.HalfWidth) || one.SD != 0 {
		t.Fatalf("one sample: %+v", one)
	}
}

func TestSummarizeChecksNamesAndAttachesReferences(t *testing.T) {
	reps := []Metrics{{{"a", 1}, {"b", 10}}, {{"a", 3}, {"b", 30}}}
	s, err := Summarize(reps, map[string]float64{"b": 21})
	if err != nil {
		t.Fatal(err)
	}
	if s[0].Mean != 2 || s[0].HasReference() || s[1].Reference != 21 {
		t.Fatalf("%+v", s)
	}
	if _, err := Summarize([]Metrics{{{"a", 1}}, {{"b", 1}}}, nil); err == nil {
		t.Fatal("mismatched names accepted")
	}
	if _, err := Summarize([]Metrics{{{"a", 1}}, {}}, nil); err == nil {
		t.Fatal("mismatched lengths accepted")
	}
	if _, err := Summarize(nil, nil); err == nil {
		t.Fatal("no replications accepted")
	}
}

func testReport() *Report {
	s, _ := Summarize([]Metrics{{{"wait", 1}}, {{"wait", 2}}}, map[string]float64{"wait": 1.5})
	one, _ := Summarize([]Metrics{{{"wait", 4}}}, nil)
	return &Report{Scenario: "s", Model: "m", Seed: 1, Engine: "fast", Replications: 2, Metrics: []MetricInfo{{"wait", "s", "mean wait"}}, Points: []Point{
		{Labels: []Label{{"servers", "1"}}, Summaries: s, Replications: 2},
		{Labels: []Label{{"servers", "2"}}, Summaries: one, Replications: 1},
	}}
}

func TestWriters(t *testing.T) {
	r := testReport()
	var b bytes.Buffer
	if err := WriteCSV(&b, r); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if lines[0] != "servers,metric,unit,n,mean,sd,ci_half_width,ci_low,ci_high,min,max,reference,undefined_replications,requested_replications,interrupted" || len(lines) != 3 {
		t.Fatalf("csv:\n%s", b.String())
	}
	if !strings.HasSuffix(lines[1], ",1.5,0,2,false") || !strings.HasPrefix(lines[2], "2,wait,s,1,4,0,,,,4,4,,0,2,false") {
		t.Fatalf("csv rows:\n%s", b.String())
	}
	b.Reset()
	if err := WriteJSON(&b, r); err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("JSON does not parse (NaN must be null): %v\n%s", err, b.String())
	}
	b.Reset()
	if err := WriteText(&b, r, TextOptions{Format: "long"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "[servers=1]") || !strings.Contains(b.String(), "reference") {
		t.Fatalf("table:\n%s", b.String())
	}
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.txt")
	for _, content := range []string{"one", "two"} {
		if err := WriteFileAtomic(p, []byte(content)); err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(p)
		if string(got) != content {
			t.Fatalf("got %q", got)
		}
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left: %v", entries)
	}
	if err := WriteFileAtomic(filepath.Join(dir, "new", "dir", "f"), []byte("x")); err != nil {
		t.Fatalf("write into a missing directory: %v", err)
	}
	if err := WriteFileAtomic(filepath.Join(p, "f"), nil); err == nil {
		t.Fatal("write below a regular file succeeded")
	}
}

func TestSweepPlots(t *testing.T) {
	dir := t.TempDir()
	if _, err := (PlotOptions{}).WriteFigures(dir, testReport(), nil); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"wait.png", "wait.svg"} {
		if st, err := os.Stat(filepath.Join(dir, "plots", f)); err != nil || st.Size() == 0 {
			t.Fatalf("%s: %v", f, err)
		}
	}
}

func TestPlotsOfAnInterruptedRunSkipUnfinishedPoints(t *testing.T) {
	r := testReport()
	r.Points = append(r.Points, Point{Labels: []Label{{"servers", "3"}}})
	r.Interrupted = true
	if _, err := (PlotOptions{}).WritePlots(t.TempDir(), r, []PlotSpec{{Name: "w", Metric: "wait", X: "servers"}}); err != nil {
		t.Fatal(err)
	}
	_, err := PlotOptions{}.WritePlots(t.TempDir(), r, []PlotSpec{{Name: "w", Metric: "wait", X: "servers", Where: map[string]string{"servers": "3"}}})
	if err != nil {
		t.Fatalf("a figure with no finished point should be skipped after an interrupt: %v", err)
	}
	r.Interrupted = false
	if _, err := (PlotOptions{}).WritePlots(t.TempDir(), r, []PlotSpec{{Name: "w", Metric: "wait", X: "servers", Where: map[string]string{"servers": "3"}}}); err == nil {
		t.Fatal("a figure with no point accepted in a finished run")
	}
}

func TestLogYPlot(t *testing.T) {
	r := testReport()
	dir := t.TempDir()
	if _, err := (PlotOptions{}).WritePlots(dir, r, []PlotSpec{{Name: "w", Metric: "wait", X: "servers", LogY: true}}); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(filepath.Join(dir, "plots", "w.png")); err != nil || st.Size() == 0 {
		t.Fatalf("w.png: %v", err)
	}
	r.Points[0].Summaries[0].Mean = 0
	_, err := PlotOptions{}.WritePlots(t.TempDir(), r, []PlotSpec{{Name: "w", Metric: "wait", X: "servers", LogY: true}})
	if err == nil || !strings.Contains(err.Error(), "log_y:") {
		t.Fatalf("a zero value on a log scale: %v", err)
	}
}

package results

import (
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// twoSeries is a sweep of x ∈ {1, 2, 3} by policy ∈ {a, b} whose two
// policies give exactly the same values.
func twoSeries(reps int) *Report {
	r := &Report{Scenario: "s", Replications: reps}
	for _, pol := range []string{"a", "b"} {
		for x, v := range []float64{10, 30, 20} {
			var ms []Metrics
			for k := range reps {
				ms = append(ms, Metrics{{"wait", v + float64(k)}})
			}
			s, _ := Summarize(ms, nil)
			r.Points = append(r.Points, Point{Labels: []Label{{"x", string(rune('1' + x))}, {"policy", pol}}, Summaries: s, Replications: reps})
		}
	}
	return r
}

// TestIdenticalSeriesStayDistinguishable draws two identical series and
// requires both colours to show in the PNG (the second, thinner and with
// smaller markers, is drawn over the first, which stays visible around
// it), and the two styles to differ in dash pattern and marker, so that
// they also differ in greyscale.
func TestIdenticalSeriesStayDistinguishable(t *testing.T) {
	dir := t.TempDir()
	if _, err := (PlotOptions{Formats: []string{"png"}}).WritePlots(dir, twoSeries(1), []PlotSpec{{Name: "same", Metric: "wait", X: "x", Series: "policy"}}); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(dir, "plots", "same.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	count := func(c color.Color) int {
		want := color.RGBAModel.Convert(c).(color.RGBA)
		n := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if color.RGBAModel.Convert(img.At(x, y)).(color.RGBA) == want {
					n++
				}
			}
		}
		return n
	}
	for i := range 2 {
		if n := count(Style(i).Color); n < 300 {
			t.Errorf("series %d: %d pixels of its colour show: hidden by the other", i, n)
		}
	}
	for i := range 7 {
		for j := range i {
			a, b := Style(i), Style(j)
			if slices.Equal(a.Dashes, b.Dashes) || a.Shape == b.Shape || a.Color == b.Color {
				t.Errorf("styles %d and %d share a dash pattern, a marker or a colour", i, j)
			}
		}
	}
}

// TestErrorBarsOnlyWithReplications: one replication draws no error bar;
// two draw one set per series, in the series' colour.
func TestErrorBarsOnlyWithReplications(t *testing.T) {
	for _, reps := range []int{1, 2} {
		var set seriesSet
		for _, p := range twoSeries(reps).Points {
			pol, _ := p.Label("policy")
			s, _ := p.Metric("wait")
			set.add(pol, float64(len(set.names)), s)
		}
		var p recorder
		if _, err := set.draw(&p, false, "paper"); err != nil {
			t.Fatal(err)
		}
		var bars []*plotter.YErrorBars
		for _, pl := range p {
			if b, ok := pl.(*plotter.YErrorBars); ok {
				bars = append(bars, b)
			}
		}
		want := 0
		if reps > 1 {
			want = 2
		}
		if len(bars) != want {
			t.Fatalf("%d replications: %d sets of error bars, want %d", reps, len(bars), want)
		}
		for i, b := range bars {
			if b.LineStyle.Color != Style(i).Color {
				t.Errorf("error bars %d in %v, the series is %v", i, b.LineStyle.Color, Style(i).Color)
			}
		}
	}
}

// TestNoFigureOfAConstantMetric: a metric equal at every point gets no
// figure; a categorical sweep gets dot charts; an unknown baseline names
// the allowed values.
func TestFiguresOfASweep(t *testing.T) {
	r := twoSeries(2)
	for i := range r.Points {
		r.Points[i].Summaries = append(r.Points[i].Summaries, Describe("killed", []float64{0, 0}))
	}
	dir := t.TempDir()
	figs, err := (PlotOptions{Formats: []string{"svg"}, Baseline: "policy=a"}).WriteFigures(dir, r, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range figs {
		names = append(names, f.Name)
	}
	if !slices.Equal(names, []string{"wait"}) {
		t.Errorf("figures %v, want wait only (killed is constant; the differences b − a are all 0)", names)
	}
	// Categorical axes only: dot charts, and differences against a.
	cat := &Report{Scenario: "s", Replications: 2}
	for i, pol := range []string{"a", "b", "c"} {
		s, _ := Summarize([]Metrics{{{"wait", float64(i)}}, {{"wait", float64(2 * i)}}}, nil)
		cat.Points = append(cat.Points, Point{Labels: []Label{{"policy", pol}}, Summaries: s, Replications: 2})
	}
	figs, err = (PlotOptions{Formats: []string{"svg"}, Baseline: "policy=a"}).WriteFigures(t.TempDir(), cat, nil)
	if err != nil {
		t.Fatal(err)
	}
	names = names[:0]
	for _, f := range figs {
		names = append(names, f.Name)
	}
	if !slices.Equal(names, []string{"wait", "diff_wait"}) {
		t.Errorf("categorical figures %v, want wait and diff_wait", names)
	}
	d := pairedDifference("wait", cat.Points[2].Summaries[0].Values, cat.Points[0].Summaries[0].Values)
	if d.Mean != 3 || d.N != 2 {
		t.Errorf("paired difference c − a: %+v, want mean 3 over 2 replications", d)
	}
	_, err = (PlotOptions{Baseline: "policy=z"}).WriteFigures(t.TempDir(), cat, nil)
	if err == nil || err.Error() != `results: baseline "policy=z" names no point (allowed: policy=a, policy=b, policy=c)` {
		t.Errorf("unknown baseline: %v", err)
	}
}

// recorder keeps what a figure adds.
type recorder []plot.Plotter

func (r *recorder) Add(ps ...plot.Plotter) { *r = append(*r, ps...) }

// TestFormatsAreDeterministic: every format of a figure written twice is
// byte-identical (the PDF's dates are fixed).
func TestFormatsAreDeterministic(t *testing.T) {
	var files [2]map[string][]byte
	for i := range files {
		dir := t.TempDir()
		figs, err := (PlotOptions{Formats: PlotFormats, DPI: 72}).WritePlots(dir, twoSeries(2), []PlotSpec{{Name: "w", Metric: "wait", X: "x", Series: "policy"}})
		if err != nil {
			t.Fatal(err)
		}
		files[i] = map[string][]byte{}
		for _, f := range figs[0].Files {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			files[i][f] = b
		}
	}
	if len(files[0]) != 3 {
		t.Fatalf("files %v, want png, svg and pdf", len(files[0]))
	}
	for f, b := range files[0] {
		if !slices.Equal(b, files[1][f]) {
			t.Errorf("%s differs between two writes", f)
		}
	}
}

// TestDeclaredPlotOverACategoricalAxis: a plots: entry whose x is a
// categorical axis is a dot chart (no line joins the policies), its
// series side by side, and log_y refuses a value ≤ 0 in one line.
func TestDeclaredPlotOverACategoricalAxis(t *testing.T) {
	r := &Report{Scenario: "s", Replications: 2}
	for i, pol := range []string{"fcfs", "easy", "conservative"} {
		for j, load := range []string{"0.5", "0.9"} {
			s, _ := Summarize([]Metrics{{{"wait", float64(1 + i + 3*j)}}, {{"wait", float64(2 + i + 3*j)}}}, nil)
			r.Points = append(r.Points, Point{Labels: []Label{{"policy", pol}, {"load", load}}, Summaries: s, Replications: 2})
		}
	}
	dir := t.TempDir()
	spec := PlotSpec{Name: "wait-by-policy", Metric: "wait", X: "policy", Series: "load", LogY: true}
	figs, err := (PlotOptions{Formats: []string{"svg"}}).WritePlots(dir, r, []PlotSpec{spec})
	if err != nil || len(figs) != 1 || figs[0].Name != "wait-by-policy" {
		t.Fatalf("figures %+v, %v", figs, err)
	}
	svg, err := os.ReadFile(filepath.Join(dir, "plots", "wait-by-policy.svg"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{">fcfs<", ">easy<", ">conservative<", "load = 0.5", "load = 0.9"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("the chart lacks %q", want)
		}
	}
	r.Points[0].Summaries[0].Mean = 0
	_, err = (PlotOptions{Formats: []string{"svg"}}).WritePlots(t.TempDir(), r, []PlotSpec{spec})
	if err == nil || err.Error() != "results: plots[0] (wait-by-policy): log_y: wait is 0 at policy=fcfs load = 0.5; a log scale needs values > 0" {
		t.Errorf("log_y over 0: %v", err)
	}
}

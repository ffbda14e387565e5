package results

import (
	"bytes"
	"cmp"
	"fmt"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// PlotSpec describes one figure drawn from a sweep: a metric against a
// numeric axis, one line per value of another axis, over the points whose
// other axes take the values in Where. It is the `plots:` entry of a
// scenario.
type PlotSpec struct {
	// Name is the file name, without extension.
	Name string `yaml:"name"`
	// Title is printed above the plot (default: the metric and Where).
	Title string `yaml:"title,omitempty"`
	// Metric is the metric on the y axis.
	Metric string `yaml:"metric,omitempty"`
	// Metrics, instead of Metric, draws several metrics on one figure,
	// one line each (for example one scheduler per line); Series must
	// then be empty.
	Metrics []string `yaml:"metrics,omitempty"`
	// X is the numeric sweep axis on the x axis.
	X string `yaml:"x"`
	// Series is the sweep axis whose values give the lines ("" for one).
	Series string `yaml:"series,omitempty"`
	// Where fixes the values of the remaining axes.
	Where map[string]string `yaml:"where,omitempty"`
	// XLabel and YLabel label the axes (default: the sweep axis's label,
	// else its key; the metric's name).
	XLabel string `yaml:"x_label,omitempty"`
	YLabel string `yaml:"y_label,omitempty"`
	// LogY draws the y axis on a log scale (every value must be > 0), for
	// series that differ by orders of magnitude.
	LogY bool `yaml:"log_y,omitempty"`
}

// WritePlots draws every spec into dir/plots as PNG and SVG, with 95%
// confidence intervals as error bars. Points without a finished
// replication (an interrupted run) are left out.
func WritePlots(dir string, r *Report, specs []PlotSpec) error {
	out := filepath.Join(dir, "plots")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for i, spec := range specs {
		var pts []Point
		for _, p := range r.Points {
			if p.Replications > 0 && matches(p, spec.Where) {
				pts = append(pts, p)
			}
		}
		if len(pts) == 0 && r.Interrupted {
			continue // nothing of this figure finished before the interrupt
		}
		if len(pts) == 0 {
			return fmt.Errorf("results: plots[%d] (%s): no point matches %v", i, spec.Name, spec.Where)
		}
		if err := checkMetrics(spec, pts[0]); err != nil {
			return fmt.Errorf("results: plots[%d] (%s): %w", i, spec.Name, err)
		}
		if spec.XLabel == "" {
			spec.XLabel = r.AxisLabels[spec.X]
		}
		if err := drawPlot(out, spec, pts, r.InterruptedNote()); err != nil {
			return fmt.Errorf("results: plots[%d] (%s): %w", i, spec.Name, err)
		}
	}
	return nil
}

// Lines returns the metrics a spec draws: Metrics, or Metric alone.
func (spec PlotSpec) Lines() []string {
	if len(spec.Metrics) > 0 {
		return spec.Metrics
	}
	return []string{spec.Metric}
}

func checkMetrics(spec PlotSpec, p Point) error {
	if len(spec.Metrics) > 0 && (spec.Metric != "" || spec.Series != "") {
		return fmt.Errorf("metrics excludes metric and series")
	}
	for _, m := range spec.Lines() {
		if _, ok := p.Metric(m); !ok {
			return fmt.Errorf("no metric %q", m)
		}
	}
	return nil
}

func matches(p Point, where map[string]string) bool {
	for k, v := range where {
		if got, ok := p.Label(k); !ok || got != v {
			return false
		}
	}
	return true
}

// WriteSweepPlots draws, for a sweep with a numeric axis and no plot
// specifications, every metric against that axis: the x axis is the
// numeric axis with the most values, the first other axis gives the lines,
// and each combination of the remaining axes gets its own file. A report
// without a numeric axis of at least two values gets no plots.
func WriteSweepPlots(dir string, r *Report) error {
	if len(r.Points) < 2 || len(r.Points[0].Labels) == 0 {
		return nil
	}
	axes := r.Points[0].Labels
	xAxis, best := -1, 1
	for a := range axes {
		vals, numeric := axisValues(r, a)
		if numeric && len(vals) > best {
			xAxis, best = a, len(vals)
		}
	}
	if xAxis < 0 {
		return nil
	}
	series := ""
	for a := range axes {
		if a != xAxis {
			series = axes[a].Key
			break
		}
	}
	// One spec per metric and per combination of the remaining axes.
	var specs []PlotSpec
	seen := map[string]bool{}
	for _, p := range r.Points {
		where := map[string]string{}
		var parts []string
		for a, l := range p.Labels {
			if a != xAxis && l.Key != series {
				where[l.Key] = l.Value
				parts = append(parts, l.Key+"="+l.Value)
			}
		}
		key := strings.Join(parts, "_")
		if seen[key] {
			continue
		}
		seen[key] = true
		for _, m := range r.Points[0].Summaries {
			name := m.Name
			if key != "" {
				name += "_" + key
			}
			specs = append(specs, PlotSpec{Name: name, Metric: m.Name, X: axes[xAxis].Key, Series: series, Where: where})
		}
	}
	return WritePlots(dir, r, specs)
}

func axisValues(r *Report, a int) ([]string, bool) {
	seen := map[string]bool{}
	var vals []string
	numeric := true
	for _, p := range r.Points {
		v := p.Labels[a].Value
		if !seen[v] {
			seen[v] = true
			vals = append(vals, v)
			if _, err := strconv.ParseFloat(v, 64); err != nil {
				numeric = false
			}
		}
	}
	return vals, numeric
}

func drawPlot(dir string, spec PlotSpec, points []Point, note string) error {
	p := plot.New()
	title := spec.Title
	if title == "" {
		title = strings.Join(spec.Lines(), ", ")
		if len(spec.Where) > 0 {
			keys := make([]string, 0, len(spec.Where))
			for k := range spec.Where {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for i, k := range keys {
				keys[i] = k + "=" + spec.Where[k]
			}
			title += " (" + strings.Join(keys, ", ") + ")"
		}
	}
	if note != "" {
		title += "\n" + note
	}
	p.Title.Text = wrapText(title, titleWidth)
	p.X.Label.Text = cmp.Or(spec.XLabel, spec.X)
	p.Y.Label.Text = cmp.Or(spec.YLabel, strings.Join(spec.Lines(), ", "))
	series := map[string]plotter.XYs{}
	errs := map[string]plotter.YErrors{}
	var names []string
	xs := map[float64]string{}
	for _, pt := range points {
		xtext, ok := pt.Label(spec.X)
		if !ok {
			return fmt.Errorf("x: %q is not a sweep axis", spec.X)
		}
		x, err := strconv.ParseFloat(xtext, 64)
		if err != nil {
			return fmt.Errorf("x: axis %q has the non-numeric value %q", spec.X, xtext)
		}
		xs[x] = num(x)
		for _, metric := range spec.Lines() {
			s, _ := pt.Metric(metric)
			name := metric
			if spec.Series != "" {
				v, ok := pt.Label(spec.Series)
				if !ok {
					return fmt.Errorf("series: %q is not a sweep axis", spec.Series)
				}
				name = spec.Series + "=" + v
			}
			if _, ok := series[name]; !ok {
				names = append(names, name)
			}
			series[name] = append(series[name], plotter.XY{X: x, Y: s.Mean})
			hw := s.HalfWidth
			if hw != hw { // NaN: a single replication
				hw = 0
			}
			low := hw
			if spec.LogY {
				if !(s.Mean > 0) {
					return fmt.Errorf("log_y: %s is %v at %s=%s %s; a log scale needs values > 0", metric, s.Mean, spec.X, xtext, name)
				}
				low = min(hw, s.Mean/2) // the bar's low end stays on the scale
			}
			errs[name] = append(errs[name], struct{ Low, High float64 }{low, hw})
		}
	}
	if len(xs) <= maxTicks {
		// Ticks at the swept values, labelled as the table prints them.
		ticks := make([]plot.Tick, 0, len(xs))
		for x, label := range xs {
			ticks = append(ticks, plot.Tick{Value: x, Label: label})
		}
		sort.Slice(ticks, func(i, j int) bool { return ticks[i].Value < ticks[j].Value })
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
	}
	legend := plot.NewLegend()
	legend.Left, legend.Top = true, true
	for i, name := range names {
		xy, e := series[name], errs[name]
		sort.Sort(byX{xy, e})
		line, marks, err := plotter.NewLinePoints(xy)
		if err != nil {
			return err
		}
		c := plotutil.Color(i)
		line.Color, marks.Color = c, c
		marks.Shape = plotutil.Shape(i)
		bars, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{xy, e})
		if err != nil {
			return err
		}
		bars.Color = color.Gray{Y: 100}
		p.Add(line, marks, bars)
		legend.Add(name, line, marks)
	}
	if spec.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{}
	}
	base := filepath.Join(dir, FileName(spec.Name))
	return savePlot(p, &legend, base)
}

// Plot layout: the legend sits in a strip under the plot, never over the
// data; the title wraps instead of running off the figure.
const (
	plotWidth  = 6 * vg.Inch
	plotHeight = 4 * vg.Inch
	titleWidth = 64 // characters per title line
	maxTicks   = 12 // at most this many swept values get their own tick
)

// savePlot writes the plot with its legend below as base.png and
// base.svg.
func savePlot(p *plot.Plot, legend *plot.Legend, base string) error {
	legendH := vg.Length(0)
	if r := legend.Rectangle(draw.Canvas{}); r.Max.Y > r.Min.Y {
		legendH = r.Max.Y - r.Min.Y + 0.3*vg.Inch
	}
	h := plotHeight + legendH
	render := func(c vg.CanvasSizer) {
		dc := draw.New(c)
		p.Draw(draw.Crop(dc, 0, 0, legendH, 0))
		if legendH > 0 {
			legend.Draw(draw.Crop(dc, 0.5*vg.Inch, 0, 0.12*vg.Inch, -(h - legendH)))
		}
	}
	png := vgimg.New(plotWidth, h)
	render(png)
	svg := vgsvg.New(plotWidth, h)
	render(svg)
	for ext, w := range map[string]io.WriterTo{".png": vgimg.PngCanvas{Canvas: png}, ".svg": svg} {
		var buf bytes.Buffer
		if _, err := w.WriteTo(&buf); err != nil {
			return err
		}
		if err := WriteFileAtomic(base+ext, buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// wrapText breaks each line of s at spaces so that lines have at most
// width characters (a longer word stays whole).
func wrapText(s string, width int) string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		cur := ""
		for _, w := range strings.Fields(line) {
			if cur != "" && len([]rune(cur))+1+len([]rune(w)) > width {
				out = append(out, cur)
				cur = w
			} else if cur == "" {
				cur = w
			} else {
				cur += " " + w
			}
		}
		out = append(out, cur)
	}
	return strings.Join(out, "\n")
}

// byX sorts a series and its error bars together by x.
type byX struct {
	xy plotter.XYs
	e  plotter.YErrors
}

func (b byX) Len() int           { return len(b.xy) }
func (b byX) Less(i, j int) bool { return b.xy[i].X < b.xy[j].X }
func (b byX) Swap(i, j int) {
	b.xy[i], b.xy[j] = b.xy[j], b.xy[i]
	b.e[i], b.e[j] = b.e[j], b.e[i]
}

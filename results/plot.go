package results

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// PlotSpec describes one figure drawn from a sweep: a metric against an
// axis, one line per value of another axis (over a categorical axis such
// as policy, a dot per value instead, side by side), over the points
// whose other axes take the values in Where. It is the `plots:` entry of
// a scenario.
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
	// X is the sweep axis on the x axis: numeric (lines) or categorical
	// (dots).
	X string `yaml:"x"`
	// Series is the sweep axis whose values give the lines ("" for one).
	Series string `yaml:"series,omitempty"`
	// Where fixes the values of the remaining axes.
	Where map[string]string `yaml:"where,omitempty"`
	// XLabel and YLabel label the axes (default: the sweep axis's label,
	// else its key; the metric's "description (unit)", else its name).
	XLabel string `yaml:"x_label,omitempty"`
	YLabel string `yaml:"y_label,omitempty"`
	// LogY draws the y axis on a log scale (every value must be > 0), for
	// series that differ by orders of magnitude.
	LogY bool `yaml:"log_y,omitempty"`
}

// WritePlots draws every spec into dir/plots, with 95% confidence
// intervals as error bars (when a point has two replications or more) and
// the reference values as dashed lines. Points without a finished
// replication (an interrupted run) are left out.
func (o PlotOptions) WritePlots(dir string, r *Report, specs []PlotSpec) ([]Figure, error) {
	var figs []Figure
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
			return nil, fmt.Errorf("results: plots[%d] (%s): no point matches %v", i, spec.Name, spec.Where)
		}
		if err := checkMetrics(spec, pts[0]); err != nil {
			return nil, fmt.Errorf("results: plots[%d] (%s): %w", i, spec.Name, err)
		}
		if spec.XLabel == "" {
			spec.XLabel = r.AxisLabels[spec.X]
		}
		draw := o.linePlot
		if !numericLabels(pts, spec.X) {
			draw = o.dotPlot
		}
		fig, err := draw(dir, spec, r, pts)
		if err != nil {
			return nil, fmt.Errorf("results: plots[%d] (%s): %w", i, spec.Name, err)
		}
		figs = append(figs, fig)
	}
	return figs, nil
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

// WriteFigures draws the figures of a report into dir/plots: the specs
// when there are any, else every metric that is not constant against the
// numeric axis with the most values (one line per value of the first
// other axis, one file per combination of the remaining axes); without
// such an axis, the comparison charts of the categorical axes (see
// comparisons); and, with a Baseline, the paired differences against it.
// A report of one point gets no figures.
func (o PlotOptions) WriteFigures(dir string, r *Report, specs []PlotSpec) ([]Figure, error) {
	if len(specs) > 0 {
		figs, err := o.WritePlots(dir, r, specs)
		if err != nil {
			return nil, err
		}
		return o.withBaseline(dir, r, figs)
	}
	if len(r.Points) < 2 || len(r.Points[0].Labels) == 0 {
		return nil, nil
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
		figs, err := o.comparisons(dir, r)
		if err != nil {
			return nil, err
		}
		return o.withBaseline(dir, r, figs)
	}
	series := ""
	for a := range axes {
		if a != xAxis {
			series = axes[a].Key
			break
		}
	}
	// One spec per metric and per combination of the remaining axes.
	var out []PlotSpec
	for _, g := range groupPoints(r, func(k string) bool { return k != axes[xAxis].Key && k != series }) {
		for _, m := range r.Points[0].Summaries {
			if constant(g.points, m.Name) {
				continue
			}
			out = append(out, PlotSpec{Name: fileName(m.Name, g.key), Metric: m.Name, X: axes[xAxis].Key, Series: series, Where: g.where})
		}
	}
	figs, err := o.WritePlots(dir, r, out)
	if err != nil {
		return nil, err
	}
	return o.withBaseline(dir, r, figs)
}

func (o PlotOptions) withBaseline(dir string, r *Report, figs []Figure) ([]Figure, error) {
	if o.Baseline == "" {
		return figs, nil
	}
	more, err := o.differences(dir, r)
	return append(figs, more...), err
}

// pointGroup is the points that share the values of some axes.
type pointGroup struct {
	key    string // "k=v_k=v" for file names, "" for all points
	where  map[string]string
	points []Point
}

// groupPoints splits the finished points by their values of the axes that
// fixed selects, in the order they first appear.
func groupPoints(r *Report, fixed func(key string) bool) []pointGroup {
	var out []pointGroup
	index := map[string]int{}
	for _, p := range r.Points {
		if p.Replications == 0 {
			continue
		}
		where := map[string]string{}
		var parts []string
		for _, l := range p.Labels {
			if fixed(l.Key) {
				where[l.Key] = l.Value
				parts = append(parts, l.Key+"="+l.Value)
			}
		}
		key := strings.Join(parts, "_")
		i, ok := index[key]
		if !ok {
			i = len(out)
			index[key] = i
			out = append(out, pointGroup{key: key, where: where})
		}
		out[i].points = append(out[i].points, p)
	}
	return out
}

func fileName(metric, key string) string {
	if key != "" {
		metric += "_" + key
	}
	return FileName(metric)
}

// constant reports whether a metric takes the same mean, with no
// confidence interval, at every point: a figure of it shows nothing.
func constant(points []Point, metric string) bool {
	first := math.NaN()
	for i, p := range points {
		s, ok := p.Metric(metric)
		if !ok {
			return true
		}
		if s.HalfWidth > 0 {
			return false
		}
		if i == 0 {
			first = s.Mean
		} else if s.Mean != first && !(math.IsNaN(s.Mean) && math.IsNaN(first)) {
			return false
		}
	}
	return true
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

// numericLabels reports whether every point's value of axis key is a
// number (a point without the axis counts as numeric: linePlot says so).
func numericLabels(points []Point, key string) bool {
	for _, p := range points {
		if v, ok := p.Label(key); ok {
			if _, err := strconv.ParseFloat(v, 64); err != nil {
				return false
			}
		}
	}
	return true
}

// axisName is an axis's label, else its key.
func axisName(r *Report, key string) string {
	return cmp.Or(r.AxisLabels[key], key)
}

// seriesName is the legend entry of one value of an axis: "λ = 8.33".
func seriesName(r *Report, key, value string) string {
	return axisName(r, key) + " = " + ValueLabel(value)
}

// whereText is "key = value, …" for the fixed axes of a figure, sorted.
func whereText(r *Report, where map[string]string) string {
	keys := slices.Sorted(maps.Keys(where))
	for i, k := range keys {
		keys[i] = seriesName(r, k, where[k])
	}
	return strings.Join(keys, ", ")
}

// metricTitle is the default title of a figure of metrics.
func (o PlotOptions) metricTitle(r *Report, metrics []string, where map[string]string) string {
	names := make([]string, len(metrics))
	for i, m := range metrics {
		names[i] = m
		if info, ok := o.info(m); ok && info.Description != "" {
			names[i] = info.Description
		}
	}
	title := strings.Join(names, ", ")
	if len(where) > 0 {
		title += " (" + whereText(r, where) + ")"
	}
	return title
}

// yTitle is the y axis title of a figure of metrics: one metric's
// "description (unit)", or for several the unit they share.
func (o PlotOptions) yTitle(metrics []string) string {
	if len(metrics) == 1 {
		return o.axisTitle(metrics[0])
	}
	unit := ""
	for i, m := range metrics {
		info, ok := o.info(m)
		if !ok || (i > 0 && info.Unit != unit) {
			return strings.Join(metrics, ", ")
		}
		unit = info.Unit
	}
	if unit == "" {
		return "value"
	}
	return "value (" + unit + ")"
}

// linePlot draws one spec: a line per series with its error bars and
// reference values.
func (o PlotOptions) linePlot(dir string, spec PlotSpec, r *Report, points []Point) (Figure, error) {
	p := plot.New()
	title := cmp.Or(spec.Title, o.metricTitle(r, spec.Lines(), spec.Where))
	p.X.Label.Text = cmp.Or(spec.XLabel, axisName(r, spec.X))
	p.Y.Label.Text = cmp.Or(spec.YLabel, o.yTitle(spec.Lines()))
	var set seriesSet
	xs := map[float64]string{}
	for _, pt := range points {
		xtext, ok := pt.Label(spec.X)
		if !ok {
			return Figure{}, fmt.Errorf("x: %q is not a sweep axis", spec.X)
		}
		x, err := strconv.ParseFloat(xtext, 64)
		if err != nil {
			return Figure{}, fmt.Errorf("x: axis %q has the non-numeric value %q", spec.X, xtext)
		}
		xs[x] = ValueLabel(xtext)
		for _, metric := range spec.Lines() {
			s, _ := pt.Metric(metric)
			name, err := o.lineName(spec, r, pt, metric, s)
			if err != nil {
				return Figure{}, err
			}
			set.add(cmp.Or(name, metric), x, s)
		}
	}
	if len(xs) <= maxTicks {
		// Ticks at the swept values, labelled as the legend prints them.
		ticks := make([]plot.Tick, 0, len(xs))
		for x, label := range xs {
			ticks = append(ticks, plot.Tick{Value: x, Label: label})
		}
		sort.Slice(ticks, func(i, j int) bool { return ticks[i].Value < ticks[j].Value })
		p.X.Tick.Marker = plot.ConstantTicks(ticks)
	} else {
		p.X.Tick.Marker = LinearTicks{}
	}
	p.Y.Tick.Marker = LinearTicks{}
	if spec.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = LogTicks{}
	}
	addGrid(p, true)
	padX(p, xs)
	legend, err := set.draw(p, spec.LogY, cmp.Or(o.ReferenceLabel, "paper"))
	if err != nil {
		return Figure{}, err
	}
	padY(p, spec.LogY)
	return o.write(dir, FileName(spec.Name), title, r.InterruptedNote(), p, legend)
}

// lineName is the legend entry of one metric of a point in a spec's
// figure: the value of its series, else, when the spec draws several
// metrics, the metric's description, else "" (no legend). A log_y spec
// refuses a mean ≤ 0.
func (o PlotOptions) lineName(spec PlotSpec, r *Report, pt Point, metric string, s Summary) (string, error) {
	name := ""
	if len(spec.Lines()) > 1 {
		name = metric
		if info, ok := o.info(metric); ok {
			name = cmp.Or(info.Description, metric)
		}
	}
	if spec.Series != "" {
		v, ok := pt.Label(spec.Series)
		if !ok {
			return "", fmt.Errorf("series: %q is not a sweep axis", spec.Series)
		}
		name = seriesName(r, spec.Series, v)
	}
	if spec.LogY && !(s.Mean > 0) {
		x, _ := pt.Label(spec.X)
		if name != "" {
			x += " " + name
		}
		return "", fmt.Errorf("log_y: %s is %v at %s=%s; a log scale needs values > 0", metric, s.Mean, spec.X, x)
	}
	return name, nil
}

// padX widens the x range by 4% of the span on each side, so that the
// first and last markers and error bars are not cut by the axes.
func padX(p *plot.Plot, xs map[float64]string) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for x := range xs {
		lo, hi = math.Min(lo, x), math.Max(hi, x)
	}
	if d := 0.04 * (hi - lo); d > 0 {
		p.X.Min, p.X.Max = lo-d, hi+d
	}
}

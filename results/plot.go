package results

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// WriteSweepPlots draws, for a sweep with a numeric axis, every metric
// against that axis with 95% confidence intervals as error bars, into
// dir/plots as PNG and SVG. The x axis is the numeric axis with the most
// values; the first other axis gives the lines of a plot; each combination
// of the remaining axes gets its own file. A report without a numeric
// axis of at least two values gets no plots.
func WriteSweepPlots(dir string, r *Report) error {
	if len(r.Points) < 2 || len(r.Points[0].Labels) == 0 {
		return nil
	}
	axes := r.Points[0].Labels
	xAxis := -1
	best := 1
	for a := range axes {
		vals, numeric := axisValues(r, a)
		if numeric && len(vals) > best {
			xAxis, best = a, len(vals)
		}
	}
	if xAxis < 0 {
		return nil
	}
	seriesAxis := -1
	for a := range axes {
		if a != xAxis {
			seriesAxis = a
			break
		}
	}
	// group points by file key (the labels other than x and series).
	groups := map[string][]Point{}
	var order []string
	for _, p := range r.Points {
		key := ""
		for a, l := range p.Labels {
			if a != xAxis && a != seriesAxis {
				key += l.Key + "=" + l.Value + "_"
			}
		}
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], p)
	}
	out := filepath.Join(dir, "plots")
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, metric := range r.Points[0].Summaries {
		for _, key := range order {
			if err := plotGroup(out, metric.Name, key, groups[key], axes[xAxis].Key, xAxis, seriesAxis); err != nil {
				return err
			}
		}
	}
	return nil
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

var fileUnsafe = regexp.MustCompile(`[^A-Za-z0-9._=-]+`)

func plotGroup(dir, metric, key string, points []Point, xName string, xAxis, seriesAxis int) error {
	p := plot.New()
	p.Title.Text = metric
	if key != "" {
		p.Title.Text += " (" + key[:len(key)-1] + ")"
	}
	p.X.Label.Text = xName
	p.Y.Label.Text = metric
	series := map[string]plotter.XYs{}
	errs := map[string]plotter.YErrors{}
	var names []string
	for _, pt := range points {
		s, ok := pt.Metric(metric)
		if !ok {
			continue
		}
		x, _ := strconv.ParseFloat(pt.Labels[xAxis].Value, 64)
		name := metric
		if seriesAxis >= 0 {
			name = pt.Labels[seriesAxis].Key + "=" + pt.Labels[seriesAxis].Value
		}
		if _, ok := series[name]; !ok {
			names = append(names, name)
		}
		series[name] = append(series[name], plotter.XY{X: x, Y: s.Mean})
		hw := s.HalfWidth
		if hw != hw { // NaN: one replication
			hw = 0
		}
		errs[name] = append(errs[name], struct{ Low, High float64 }{hw, hw})
	}
	for i, name := range names {
		xy := series[name]
		e := errs[name]
		sort.Sort(byX{xy, e})
		line, points, err := plotter.NewLinePoints(xy)
		if err != nil {
			return err
		}
		c := plotutil.Color(i)
		line.Color, points.Color = c, c
		points.Shape = plotutil.Shape(i)
		bars, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{xy, e})
		if err != nil {
			return err
		}
		bars.Color = color.Gray{Y: 100}
		p.Add(line, points, bars)
		p.Legend.Add(name, line, points)
	}
	p.Legend.Top = true
	base := filepath.Join(dir, fileUnsafe.ReplaceAllString(fmt.Sprintf("%s_%s", metric, key), "_"))
	base = regexp.MustCompile(`_+$`).ReplaceAllString(base, "")
	for _, ext := range []string{".png", ".svg"} {
		if err := p.Save(6*vg.Inch, 4*vg.Inch, base+ext); err != nil {
			return err
		}
	}
	return nil
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

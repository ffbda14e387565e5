package results

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// comparisons draws, for a report whose axes are all categorical (policy,
// approach, method …), one dot chart per metric that is not constant: the
// values of the axis with the most values along x, one dot per point with
// its 95% confidence interval, dodged side by side by the values of a
// second axis, one file per combination of the remaining axes.
func (o PlotOptions) comparisons(dir string, r *Report) ([]Figure, error) {
	cat, group := comparedAxes(r)
	if cat == "" {
		return nil, nil
	}
	var figs []Figure
	for _, g := range groupPoints(r, func(k string) bool { return k != cat && k != group }) {
		for _, m := range r.Points[0].Summaries {
			if constant(g.points, m.Name) {
				continue
			}
			c := dotChart{
				title: o.metricTitle(r, []string{m.Name}, g.where),
				x:     axisName(r, cat), y: o.axisTitle(m.Name),
				ref: cmp.Or(o.ReferenceLabel, "paper"),
			}
			for _, p := range g.points {
				s, _ := p.Metric(m.Name)
				cv, _ := p.Label(cat)
				gname := ""
				if gv, ok := p.Label(group); ok {
					gname = seriesName(r, group, gv)
				}
				c.add(ValueLabel(cv), gname, s)
			}
			fig, err := o.drawDots(dir, fileName(m.Name, g.key), r.InterruptedNote(), c)
			if err != nil {
				return nil, fmt.Errorf("figure %s: %w", fileName(m.Name, g.key), err)
			}
			figs = append(figs, fig)
		}
	}
	return figs, nil
}

// comparedAxes picks the axis along x (the one with the most values, the
// first of equals) and the axis that groups the dots (the next with two
// values or more; "" for none).
func comparedAxes(r *Report) (cat, group string) {
	if len(r.Points) < 2 {
		return "", ""
	}
	best := 1
	for a, l := range r.Points[0].Labels {
		if vals, _ := axisValues(r, a); len(vals) > best {
			cat, best = l.Key, len(vals)
		}
	}
	for a, l := range r.Points[0].Labels {
		if vals, _ := axisValues(r, a); l.Key != cat && len(vals) > 1 {
			return cat, l.Key
		}
	}
	return cat, ""
}

// dotChart is the data of one categorical chart: categories along x,
// groups dodged within a category.
type dotChart struct {
	title, x, y, ref string
	cats, groups     []string
	vals             map[[2]string]Summary
	zero             bool // draw a line at y = 0 (differences)
	logY             bool // a log scale: every mean > 0
}

func (c *dotChart) add(cat, group string, s Summary) {
	if c.vals == nil {
		c.vals = map[[2]string]Summary{}
	}
	if !slices.Contains(c.cats, cat) {
		c.cats = append(c.cats, cat)
	}
	if !slices.Contains(c.groups, group) {
		c.groups = append(c.groups, group)
	}
	c.vals[[2]string{cat, group}] = s
}

// drawDots draws a dot chart with its error bars and reference values.
func (o PlotOptions) drawDots(dir, name, note string, c dotChart) (Figure, error) {
	p := plot.New()
	p.X.Label.Text, p.Y.Label.Text = c.x, c.y
	p.Y.Tick.Marker = LinearTicks{}
	if c.logY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = LogTicks{}
	}
	addGrid(p, false)
	if c.zero {
		z := plotter.NewFunction(func(float64) float64 { return 0 })
		z.Color, z.Width = gridColor, vg.Points(1.5)
		p.Add(z)
	}
	var lg legend
	width := 0.7 / float64(len(c.groups))
	for gi, g := range c.groups {
		st := Style(gi)
		var xy, bars, ref plotter.XYs
		var errs plotter.YErrors
		for ci, cat := range c.cats {
			s, ok := c.vals[[2]string{cat, g}]
			if !ok || math.IsNaN(s.Mean) {
				continue
			}
			x := float64(ci) + (float64(gi)-float64(len(c.groups)-1)/2)*width
			xy = append(xy, plotter.XY{X: x, Y: s.Mean})
			if hw := s.HalfWidth; hw > 0 {
				low := hw
				if c.logY {
					low = min(hw, s.Mean/2) // the bar's low end stays on the scale
				}
				bars = append(bars, plotter.XY{X: x, Y: s.Mean})
				errs = append(errs, struct{ Low, High float64 }{low, hw})
			}
			if s.HasReference() && (!c.logY || s.Reference > 0) {
				ref = append(ref, plotter.XY{X: x, Y: s.Reference})
			}
		}
		if len(xy) == 0 {
			continue
		}
		dots, err := plotter.NewScatter(xy)
		if err != nil {
			return Figure{}, err
		}
		st.Glyph(&dots.GlyphStyle)
		p.Add(dots)
		if len(bars) > 0 {
			eb, err := plotter.NewYErrorBars(struct {
				plotter.XYs
				plotter.YErrors
			}{bars, errs})
			if err != nil {
				return Figure{}, err
			}
			eb.LineStyle.Color, eb.LineStyle.Width, eb.CapWidth = st.Color, st.Width*0.6, vg.Points(8)
			p.Add(eb)
		}
		if g != "" {
			lg.add(g, dots)
		}
		if len(ref) > 0 {
			rm, err := plotter.NewScatter(ref)
			if err != nil {
				return Figure{}, err
			}
			rm.Color, rm.Shape, rm.Radius = st.Color, hollow(gi), vg.Points(5)
			p.Add(rm)
			label := c.ref
			if g != "" {
				label = g + ": " + c.ref
			}
			lg.add(label, rm)
		}
	}
	padY(p, c.logY)
	p.NominalX(c.cats...)
	p.X.Min, p.X.Max = -0.6, float64(len(c.cats))-0.4
	return o.write(dir, name, c.title, note, p, lg)
}

// dotPlot draws a plots: entry whose x axis is categorical (policy,
// method …) as a dot chart: the axis's values along x in the sweep's
// order, one dot per series value (or per metric of Metrics) dodged
// within each, with its 95% confidence interval and reference value.
func (o PlotOptions) dotPlot(dir string, spec PlotSpec, r *Report, points []Point) (Figure, error) {
	c := dotChart{
		title: cmp.Or(spec.Title, o.metricTitle(r, spec.Lines(), spec.Where)),
		x:     cmp.Or(spec.XLabel, axisName(r, spec.X)),
		y:     cmp.Or(spec.YLabel, o.yTitle(spec.Lines())),
		ref:   cmp.Or(o.ReferenceLabel, "paper"),
		logY:  spec.LogY,
	}
	for _, pt := range points {
		cv, ok := pt.Label(spec.X)
		if !ok {
			return Figure{}, fmt.Errorf("x: %q is not a sweep axis", spec.X)
		}
		for _, metric := range spec.Lines() {
			s, _ := pt.Metric(metric)
			group, err := o.lineName(spec, r, pt, metric, s)
			if err != nil {
				return Figure{}, err
			}
			c.add(ValueLabel(cv), group, s)
		}
	}
	return o.drawDots(dir, FileName(spec.Name), r.InterruptedNote(), c)
}

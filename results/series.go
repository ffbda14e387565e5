package results

import (
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// adder is what figures are drawn on: a *plot.Plot.
type adder interface{ Add(...plot.Plotter) }

// seriesSet collects the points of the lines of a figure, in the order
// the series first appear.
type seriesSet struct {
	names []string
	pts   map[string][]seriesPoint
}

type seriesPoint struct {
	x float64
	s Summary
}

func (set *seriesSet) add(name string, x float64, s Summary) {
	if set.pts == nil {
		set.pts = map[string][]seriesPoint{}
	}
	if _, ok := set.pts[name]; !ok {
		set.names = append(set.names, name)
	}
	set.pts[name] = append(set.pts[name], seriesPoint{x, s})
}

// draw adds every series to p, each in its own Style: a line with
// markers, error bars in the same colour where the point has a confidence
// interval (two replications or more), and the reference values as a
// thin dashed line with hollow markers. It returns the legend.
func (set *seriesSet) draw(p adder, logY bool, refLabel string) (legend, error) {
	var lg legend
	refShown := false
	var refThumbs []plot.Thumbnailer
	for i, name := range set.names {
		pts := set.pts[name]
		sort.SliceStable(pts, func(a, b int) bool { return pts[a].x < pts[b].x })
		st := Style(i)
		var xy, ref plotter.XYs
		var bars plotter.XYs
		var errs plotter.YErrors
		for _, sp := range pts {
			if math.IsNaN(sp.s.Mean) {
				continue // undefined in every replication: no point
			}
			xy = append(xy, plotter.XY{X: sp.x, Y: sp.s.Mean})
			if hw := sp.s.HalfWidth; hw > 0 {
				low := hw
				if logY {
					low = min(hw, sp.s.Mean/2) // the bar's low end stays on the scale
				}
				bars = append(bars, plotter.XY{X: sp.x, Y: sp.s.Mean})
				errs = append(errs, struct{ Low, High float64 }{low, hw})
			}
			if sp.s.HasReference() && (!logY || sp.s.Reference > 0) {
				ref = append(ref, plotter.XY{X: sp.x, Y: sp.s.Reference})
			}
		}
		if len(xy) == 0 {
			continue
		}
		line, marks, err := plotter.NewLinePoints(xy)
		if err != nil {
			return lg, err
		}
		st.Line(&line.LineStyle)
		st.Glyph(&marks.GlyphStyle)
		p.Add(line, marks)
		if len(bars) > 0 {
			eb, err := plotter.NewYErrorBars(struct {
				plotter.XYs
				plotter.YErrors
			}{bars, errs})
			if err != nil {
				return lg, err
			}
			eb.LineStyle.Color = st.Color
			eb.LineStyle.Width = vg.Points(1)
			eb.CapWidth = vg.Points(6)
			p.Add(eb)
		}
		lg.add(name, line, marks)
		if len(ref) > 0 {
			rl, rm, err := plotter.NewLinePoints(ref)
			if err != nil {
				return lg, err
			}
			referenceStyle(&rl.LineStyle)
			rl.Color = st.Color
			rm.Color, rm.Shape, rm.Radius = st.Color, hollow(i), vg.Points(3)
			p.Add(rl, rm)
			if !refShown {
				// One entry for the references of every series: a grey
				// dashed line with a hollow marker.
				gl, gm, err := plotter.NewLinePoints(ref)
				if err != nil {
					return lg, err
				}
				referenceStyle(&gl.LineStyle)
				gm.Color, gm.Shape, gm.Radius = gl.Color, hollow(0), vg.Points(3)
				refThumbs = []plot.Thumbnailer{gl, gm}
				refShown = true
			}
		}
	}
	if refShown {
		lg.add(refLabel, refThumbs...)
	}
	return lg, nil
}

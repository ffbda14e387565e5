package results

import (
	"bytes"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// BarSeries is one series of a bar plot: a name for the legend and one
// value per category.
type BarSeries struct {
	Name   string
	Values []float64
}

// WriteBarPlot draws grouped bars, one group per category label and one
// bar per series in it, into path (PNG or SVG by its extension; PNG when
// it has neither), e.g. the arrivals of workloads by hour of the day.
func WriteBarPlot(path, title, xLabel, yLabel string, labels []string, series []BarSeries) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	p.Y.Tick.Marker = LinearTicks{}
	addGrid(p, false)
	width := vg.Points(24 / float64(max(1, len(series))))
	for i, s := range series {
		bars, err := plotter.NewBarChart(plotter.Values(s.Values), width)
		if err != nil {
			return err
		}
		bars.Color = Style(i).Color
		bars.LineStyle.Width = 0
		bars.Offset = width * vg.Length(float64(i)-float64(len(series)-1)/2)
		p.Add(bars)
		if len(series) > 1 {
			p.Legend.Add(s.Name, bars)
		}
	}
	p.Legend.Top = true
	p.NominalX(labels...)
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".png" && ext != ".svg" {
		path, ext = path+".png", ".png"
	}
	w, err := p.WriterTo(9*vg.Inch, 4*vg.Inch, ext[1:])
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if _, err := w.WriteTo(&buf); err != nil {
		return err
	}
	return WriteFileAtomic(path, buf.Bytes())
}

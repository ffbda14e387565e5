package results

import (
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// WriteBarPlot draws one bar per value (labelled by labels) into path,
// PNG or SVG by its extension, e.g. the arrivals of a workload by hour of
// the day.
func WriteBarPlot(path, title, xLabel, yLabel string, labels []string, values []float64) error {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	bars, err := plotter.NewBarChart(plotter.Values(values), vg.Points(12))
	if err != nil {
		return err
	}
	p.Add(bars)
	p.NominalX(labels...)
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".png" && ext != ".svg" {
		path += ".png"
	}
	return p.Save(8*vg.Inch, 4*vg.Inch, path)
}

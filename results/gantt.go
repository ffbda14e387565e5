package results

import (
	"fmt"
	"image"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Gantt raster size: the chart is drawn into an image of this many pixels
// (time × processors) whatever the number of jobs, so that a trace of
// 243 000 jobs gives a figure of the same size as one of 100.
const (
	ganttW = 1600
	ganttH = 800
)

// sizeClasses colour the jobs of a Gantt chart by their processors.
var sizeClasses = []struct {
	max   int
	label string
}{{1, "1 processor"}, {4, "2–4 processors"}, {16, "5–16 processors"}, {64, "17–64 processors"}, {256, "65–256 processors"}, {math.MaxInt, "> 256 processors"}}

func sizeClass(procs int) int {
	for i, c := range sizeClasses {
		if procs <= c.max {
			return i
		}
	}
	return len(sizeClasses) - 1
}

// shade is the colour of job j of size class c: the class's colour,
// lighter for every other job so that neighbours stay apart.
func shade(c, j int) color.RGBA {
	base := palette[c%len(palette)].(color.RGBA)
	if j%2 == 1 {
		base.R = uint8((int(base.R) + 255) / 2)
		base.G = uint8((int(base.G) + 255) / 2)
		base.B = uint8((int(base.B) + 255) / 2)
	}
	return base
}

// timeUnit picks the unit of a time axis spanning d seconds.
func timeUnit(d float64) (string, float64) {
	switch {
	case d > 3*86400:
		return "days", 86400
	case d > 3*3600:
		return "hours", 3600
	}
	return "s", 1
}

// rasterGantt fills an image with the blocks over [t0, t1) and processors
// [0, procs): one rectangle per block, at least one pixel wide, in the
// colour of its job.
func rasterGantt(blocks []block, colours []color.RGBA, t0, t1 float64, procs int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, ganttW, ganttH))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	sx := float64(ganttW) / (t1 - t0)
	sy := float64(ganttH) / float64(procs)
	for _, b := range blocks {
		if b.end <= t0 || b.start >= t1 {
			continue
		}
		x0 := int(math.Floor((math.Max(b.start, t0) - t0) * sx))
		x1 := max(int(math.Ceil((math.Min(b.end, t1)-t0)*sx)), x0+1)
		// Image rows run top-down; processor 0 is at the bottom.
		y1 := ganttH - int(math.Floor(float64(b.lo)*sy))
		y0 := min(ganttH-int(math.Ceil(float64(b.hi)*sy)), y1-1)
		c := colours[b.job]
		x1, y0, y1 = min(x1, ganttW), max(y0, 0), min(y1, ganttH)
		for y := y0; y < y1; y++ {
			row := img.Pix[y*img.Stride:]
			for x := x0; x < x1; x++ {
				p := row[4*x : 4*x+4 : 4*x+4]
				p[0], p[1], p[2], p[3] = c.R, c.G, c.B, 255
			}
		}
	}
	return img
}

// swatch is a legend thumbnail: a filled square.
type swatch color.RGBA

// Thumbnail implements plot.Thumbnailer.
func (s swatch) Thumbnail(c *draw.Canvas) {
	r := c.Rectangle
	h := r.Max.Y - r.Min.Y
	w := min(r.Max.X-r.Min.X, h)
	c.FillPolygon(color.RGBA(s), []vg.Point{{X: r.Min.X, Y: r.Min.Y}, {X: r.Min.X + w, Y: r.Min.Y}, {X: r.Min.X + w, Y: r.Max.Y}, {X: r.Min.X, Y: r.Max.Y}})
}

// ganttChart draws the Gantt chart of one run over [t0, t1), its jobs
// coloured as by says (see ColorBys).
func (o PlotOptions) ganttChart(dir, name, title string, run schedRun, t0, t1 float64, by string) (Figure, error) {
	colours, lg, err := jobColours(run.jobs, by, t0, t1)
	if err != nil {
		return Figure{}, err
	}
	blocks, offsets := place(run.jobs)
	procs := max(offsets[len(offsets)-1], 1)
	img := rasterGantt(blocks, colours, t0, t1, procs)
	unit, scale := timeUnit(t1 - t0)
	p := plot.New()
	p.Add(plotter.NewImage(img, t0/scale, 0, t1/scale, float64(procs)))
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = t0/scale, t1/scale, 0, float64(procs)
	p.X.Label.Text = "time (" + unit + ")"
	p.Y.Label.Text = "processors"
	if len(offsets) > 2 {
		p.Y.Label.Text = "processors, cluster by cluster"
		for _, off := range offsets[1 : len(offsets)-1] {
			l, err := plotter.NewLine(plotter.XYs{{X: t0 / scale, Y: float64(off)}, {X: t1 / scale, Y: float64(off)}})
			if err != nil {
				return Figure{}, err
			}
			l.Color, l.Width = color.Black, vg.Points(0.8)
			p.Add(l)
		}
	}
	p.X.Tick.Marker, p.Y.Tick.Marker = LinearTicks{}, LinearTicks{}
	return o.write(dir, name, fmt.Sprintf("%s (%d jobs, processors placed first-fit)", title, len(run.jobs)), "", p, lg)
}

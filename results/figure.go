package results

import (
	"bytes"
	"fmt"
	"image/png"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// PlotFormats are the image formats figures can be written in.
var PlotFormats = []string{"png", "svg", "pdf"}

// PlotOptions say how figures are drawn and written.
type PlotOptions struct {
	// Formats are the image formats of every figure (default png and svg).
	Formats []string
	// DPI is the resolution of PNG images (default 150).
	DPI int
	// Metrics give the units and descriptions of the metrics, for the
	// axis titles ("description (unit)"); a metric not listed is titled
	// with its name.
	Metrics []MetricInfo
	// ReferenceLabel names the reference values in legends (default
	// "paper"; "Erlang-C" for the M/M/c kind).
	ReferenceLabel string
	// Baseline, "key=value", adds charts of the paired differences of
	// every point against the point with that value (and the same values
	// of the other axes).
	Baseline string
}

// ParsePlotFormats parses a comma-separated list of image formats.
func ParsePlotFormats(s string) ([]string, error) {
	var out []string
	for _, f := range strings.Split(s, ",") {
		f = strings.ToLower(strings.TrimSpace(f))
		if !slices.Contains(PlotFormats, f) {
			return nil, fmt.Errorf("results: unknown plot format %q (allowed: %s)", f, strings.Join(PlotFormats, ", "))
		}
		if !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	return out, nil
}

func (o PlotOptions) formats() []string {
	if len(o.Formats) == 0 {
		return []string{"png", "svg"}
	}
	return o.Formats
}

func (o PlotOptions) dpi() int {
	if o.DPI <= 0 {
		return 150
	}
	return o.DPI
}

// axisTitle is the title of a metric's axis: "description (unit)".
func (o PlotOptions) axisTitle(metric string) string {
	if m, ok := o.info(metric); ok {
		return m.Label()
	}
	return metric
}

func (o PlotOptions) info(metric string) (MetricInfo, bool) {
	for _, m := range o.Metrics {
		if m.Name == metric {
			return m, true
		}
	}
	return MetricInfo{}, false
}

// Figure is one figure written to an output directory.
type Figure struct {
	// Name is the file name without extension; Files are the files
	// written, relative to the output directory (plots/NAME.png …).
	Name  string
	Title string
	Files []string
}

// File returns the figure's file with the given extension, "" if none.
func (f Figure) File(ext string) string {
	for _, p := range f.Files {
		if strings.HasSuffix(p, "."+ext) {
			return p
		}
	}
	return ""
}

// SavePlot writes p as dir/base.png and dir/base.svg, each atomically
// (see WriteFileAtomic), at the given size.
func SavePlot(p *plot.Plot, dir, base string, w, h vg.Length) error {
	_, err := PlotOptions{}.save(func(c vg.CanvasSizer) { p.Draw(draw.New(c)) }, w, h, filepath.Join(dir, base))
	return err
}

var pdfDates sync.Once

// save renders a figure of size w×h in every format, as base.EXT, and
// returns the files written.
func (o PlotOptions) save(render func(vg.CanvasSizer), w, h vg.Length, base string) ([]string, error) {
	var files []string
	for _, ext := range o.formats() {
		var wt io.WriterTo
		switch ext {
		case "png":
			c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(o.dpi()))
			render(c)
			wt = fastPNG{c}
		case "svg":
			c := vgsvg.New(w, h)
			render(c)
			wt = c
		case "pdf":
			// Fixed dates and a sorted catalogue: the same figure gives
			// the same bytes.
			pdfDates.Do(func() {
				fpdf.SetDefaultCreationDate(time.Unix(0, 0).UTC())
				fpdf.SetDefaultModificationDate(time.Unix(0, 0).UTC())
				fpdf.SetDefaultCatalogSort(true)
			})
			c := vgpdf.New(w, h)
			render(c)
			wt = c
		default:
			return nil, fmt.Errorf("results: unknown plot format %q", ext)
		}
		var buf bytes.Buffer
		if _, err := wt.WriteTo(&buf); err != nil {
			return nil, err
		}
		if err := WriteFileAtomic(base+"."+ext, buf.Bytes()); err != nil {
			return nil, err
		}
		files = append(files, base+"."+ext)
	}
	return files, nil
}

// fastPNG encodes a canvas as PNG at the fastest compression: the files
// are a little larger, and written several times faster than at the
// default level (vgimg.PngCanvas).
type fastPNG struct{ c *vgimg.Canvas }

func (f fastPNG) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(cw, f.c.Image())
	return cw.n, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

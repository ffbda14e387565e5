package results

import (
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// SeriesStyle is how one series is drawn: a colour, a dash pattern and a
// marker, so that series stay apart in greyscale, and a line width and
// marker radius that shrink with the series index, so that a series drawn
// exactly over an earlier one leaves the earlier visible around it.
type SeriesStyle struct {
	Color  color.Color
	Dashes []vg.Length
	Shape  draw.GlyphDrawer
	Width  vg.Length
	Radius vg.Length
}

// palette is the Okabe–Ito colour-blind-safe palette (black last), in an
// order whose neighbours also differ in lightness.
var palette = []color.Color{
	color.RGBA{0, 114, 178, 255},   // blue
	color.RGBA{230, 159, 0, 255},   // orange
	color.RGBA{0, 158, 115, 255},   // bluish green
	color.RGBA{213, 94, 0, 255},    // vermillion
	color.RGBA{204, 121, 167, 255}, // reddish purple
	color.RGBA{86, 180, 233, 255},  // sky blue
	color.RGBA{240, 228, 66, 255},  // yellow
	color.RGBA{0, 0, 0, 255},       // black
}

var dashes = [][]vg.Length{
	nil,
	{vg.Points(6), vg.Points(3)},
	{vg.Points(1.5), vg.Points(2)},
	{vg.Points(6), vg.Points(2), vg.Points(1.5), vg.Points(2)},
	{vg.Points(10), vg.Points(3)},
	{vg.Points(3), vg.Points(3)},
	{vg.Points(6), vg.Points(2), vg.Points(1.5), vg.Points(2), vg.Points(1.5), vg.Points(2)},
}

var shapes = []draw.GlyphDrawer{
	draw.CircleGlyph{},
	draw.TriangleGlyph{},
	draw.BoxGlyph{},
	draw.CrossGlyph{},
	draw.RingGlyph{},
	draw.PlusGlyph{},
	draw.PyramidGlyph{},
	draw.SquareGlyph{},
}

// Style returns the style of series i (0-based). Colours, dashes and
// markers cycle with coprime periods (8, 7, 8 offset), so no two of the
// first 56 series share all three.
func Style(i int) SeriesStyle {
	return SeriesStyle{
		Color:  palette[i%len(palette)],
		Dashes: dashes[i%len(dashes)],
		Shape:  shapes[(i+i/len(shapes))%len(shapes)],
		Width:  vg.Points(max(2.8-0.6*float64(i), 1)),
		Radius: vg.Points(max(4.5-0.7*float64(i), 2.5)),
	}
}

// Line applies the style to a line.
func (s SeriesStyle) Line(l *draw.LineStyle) {
	l.Color, l.Dashes, l.Width = s.Color, s.Dashes, s.Width
}

// Glyph applies the style to markers.
func (s SeriesStyle) Glyph(g *draw.GlyphStyle) {
	g.Color, g.Shape, g.Radius = s.Color, s.Shape, s.Radius
}

// gridColor is the light grey of the grid lines.
var gridColor = color.Gray{Y: 225}

// addGrid draws light major grid lines under the data.
func addGrid(p *plot.Plot, vertical bool) {
	g := plotter.NewGrid()
	g.Horizontal.Color, g.Horizontal.Width = gridColor, vg.Points(0.5)
	g.Vertical.Color, g.Vertical.Width = gridColor, vg.Points(0.5)
	if !vertical {
		g.Vertical.Color = nil
	}
	p.Add(g)
}

// referenceStyle is the dashed grey line of reference values.
func referenceStyle(l *draw.LineStyle) {
	l.Color = color.Gray{Y: 90}
	l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	l.Width = vg.Points(1)
}

// hollow is the marker of the reference values of series i: an outline,
// so that it never hides the measured point it sits on.
func hollow(i int) draw.GlyphDrawer {
	return []draw.GlyphDrawer{draw.RingGlyph{}, draw.TriangleGlyph{}, draw.SquareGlyph{}, draw.CrossGlyph{}}[i%4]
}

// padY widens the y range of a plot whose data are all added by 5% of the
// span on each side (a factor on a log scale), so that no marker or error
// bar sits on the frame.
func padY(p *plot.Plot, log bool) {
	lo, hi := p.Y.Min, p.Y.Max
	switch {
	case !(hi > lo):
		return
	case log && lo > 0:
		f := math.Pow(hi/lo, 0.05)
		p.Y.Min, p.Y.Max = lo/f, hi*f
	case !log:
		d := 0.05 * (hi - lo)
		p.Y.Min, p.Y.Max = lo-d, hi+d
		if lo >= 0 && p.Y.Min < 0 {
			p.Y.Min = 0 // a quantity that cannot be negative stays so
		}
	}
}

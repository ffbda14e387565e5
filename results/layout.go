package results

import (
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Figure layout: the legend sits in a strip under the plot, in up to three
// columns, never over the data; the title is broken into lines that fit
// the figure's width, preferably after a colon or a comma.
const (
	plotWidth     = 6.4 * vg.Inch
	plotHeight    = 4.2 * vg.Inch
	maxTicks      = 12 // at most this many swept values get their own tick
	legendRows    = 5  // entries per legend column
	legendColumns = 3
	topMargin     = 0.12 * vg.Inch // above the title, which gonum draws at the canvas's edge
)

// legend is the entries of a figure's legend, in order.
type legend struct {
	names  []string
	thumbs [][]plot.Thumbnailer
}

func (l *legend) add(name string, thumbs ...plot.Thumbnailer) {
	l.names = append(l.names, name)
	l.thumbs = append(l.thumbs, thumbs)
}

// columns splits the legend into gonum legends of at most legendRows
// entries (more when that would need more than legendColumns columns).
func (l *legend) columns() []plot.Legend {
	if len(l.names) == 0 {
		return nil
	}
	cols := min(legendColumns, (len(l.names)+legendRows-1)/legendRows)
	rows := (len(l.names) + cols - 1) / cols
	var out []plot.Legend
	for i := 0; i < len(l.names); i += rows {
		lg := plot.NewLegend()
		lg.ThumbnailWidth = vg.Points(28)
		lg.TextStyle.Font.Size = vg.Points(10)
		for j := i; j < min(i+rows, len(l.names)); j++ {
			lg.Add(l.names[j], l.thumbs[j]...)
		}
		out = append(out, lg)
	}
	return out
}

// write lays out a plot, its legend and its title and saves the figure as
// dir/plots/name.EXT in every format.
func (o PlotOptions) write(dir, name, title, note string, p *plot.Plot, lg legend) (Figure, error) {
	return o.writeSized(dir, name, title, note, p, lg, plotHeight)
}

// writeSized is write with a plot area of the given height.
func (o PlotOptions) writeSized(dir, name, title, note string, p *plot.Plot, lg legend, plotH vg.Length) (Figure, error) {
	p.Title.TextStyle.Font.Size = vg.Points(12)
	p.Title.Text = fitTitle(title, p.Title.TextStyle, plotWidth-0.4*vg.Inch)
	if note != "" {
		p.Title.Text += "\n" + note
	}
	// Long axis titles break into lines rather than shrink the data area.
	p.X.Label.Text = fitTitle(p.X.Label.Text, p.X.Label.TextStyle, plotWidth-vg.Inch)
	p.Y.Label.Text = fitTitle(p.Y.Label.Text, p.Y.Label.TextStyle, plotH-1.2*vg.Inch)
	cols := lg.columns()
	legendH := vg.Length(0)
	for _, c := range cols {
		if r := c.Rectangle(draw.Canvas{}); r.Max.Y-r.Min.Y+0.3*vg.Inch > legendH {
			legendH = r.Max.Y - r.Min.Y + 0.3*vg.Inch
		}
	}
	h := plotH + legendH + topMargin
	render := func(c vg.CanvasSizer) {
		dc := draw.New(c)
		p.Draw(draw.Crop(dc, 0, 0, legendH, -topMargin))
		colW := (plotWidth - 0.6*vg.Inch) / vg.Length(max(len(cols), 1))
		for i := range cols {
			left := 0.5*vg.Inch + vg.Length(i)*colW
			cols[i].Left, cols[i].Top = true, true
			cols[i].Draw(draw.Crop(dc, left, -(plotWidth - left - colW), 0.12*vg.Inch, -(h - legendH)))
		}
	}
	base := filepath.Join(dir, "plots", filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
		return Figure{}, err
	}
	files, err := o.save(render, plotWidth, h, base)
	if err != nil {
		return Figure{}, err
	}
	for i, f := range files {
		rel, _ := filepath.Rel(dir, f)
		files[i] = filepath.ToSlash(rel)
	}
	return Figure{Name: name, Title: title, Files: files}, nil
}

// fitTitle breaks a title into lines no wider than width in the given
// font: first after a colon, then after commas, then between words.
func fitTitle(s string, sty text.Style, width vg.Length) string {
	fits := func(t string) bool { return sty.Width(t) <= width }
	var out []string
	for _, line := range strings.Split(s, "\n") {
		out = append(out, breakLine(line, fits)...)
	}
	return strings.Join(out, "\n")
}

func breakLine(line string, fits func(string) bool) []string {
	if fits(line) {
		return []string{line}
	}
	for _, sep := range []string{": ", "; ", ", ", " vs ", " ("} {
		if i := strings.Index(line, sep); i > 0 {
			head, tail := line[:i+len(sep)-1], line[i+len(sep)-1:]
			if sep == " vs " || sep == " (" {
				head, tail = line[:i], line[i:]
			}
			head, tail = strings.TrimSpace(head), strings.TrimSpace(tail)
			if fits(head) {
				return append([]string{head}, breakLine(tail, fits)...)
			}
		}
	}
	// Between words, as many as fit.
	words := strings.Fields(line)
	cur := ""
	var out []string
	for _, w := range words {
		if cur != "" && !fits(cur+" "+w) {
			out = append(out, cur)
			cur = w
		} else if cur == "" {
			cur = w
		} else {
			cur += " " + w
		}
	}
	return append(out, cur)
}

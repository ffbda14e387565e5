package results

import (
	"bytes"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// SavePlot writes p as dir/base.png and dir/base.svg, each atomically
// (see WriteFileAtomic), at the given size.
func SavePlot(p *plot.Plot, dir, base string, w, h vg.Length) error {
	for _, ext := range []string{"png", "svg"} {
		wt, err := p.WriterTo(w, h, ext)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if _, err := wt.WriteTo(&buf); err != nil {
			return err
		}
		if err := WriteFileAtomic(filepath.Join(dir, base+"."+ext), buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

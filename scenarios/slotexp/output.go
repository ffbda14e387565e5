package slotexp

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
	"github.com/schedsim/schedsim/results"
)

// FigureCycles is the number of counted cycles the per-cycle comparison
// shows, as in the paper's Figures 5 and 6.
const FigureCycles = 300

// perJob returns the per-job values of a counted cycle plotted and
// written per cycle: least-time choice's time and cost, least-cost
// choice's cost and time, and the alternatives per job, for ALP and AMP.
func perJob(r CycleResult) (tt, tc, cc, ct, alts [2]float64) {
	n := float64(r.Jobs)
	for m := range r.Choice {
		c := r.Choice[m]
		tt[m] = c.MinTime.Time / n
		tc[m] = c.MinTime.Cost / n
		cc[m] = c.MinCost.Cost / n
		ct[m] = c.MinCost.Time / n
		alts[m] = float64(r.Alternatives[m]) / n
	}
	return
}

// WriteCycleFiles writes, into dir, the per-cycle comparison of ALP and
// AMP for the first FigureCycles counted cycles of recs (cycles.csv, and
// the plots fig5_timemin_time, fig5_timemin_cost, fig6_costmin_cost,
// fig6_costmin_time as PNG and SVG) and histograms of the per-job values
// over all of recs (hist_*.png/svg). Values are per job: the batch total
// divided by the batch size.
func WriteCycleFiles(dir string, recs []CycleResult) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"cycle", "jobs", "slots",
		"alp_alternatives", "amp_alternatives",
		"timemin_alp_time", "timemin_amp_time", "timemin_alp_cost", "timemin_amp_cost",
		"costmin_alp_cost", "costmin_amp_cost", "costmin_alp_time", "costmin_amp_time",
		"alp_tstar", "amp_tstar", "alp_bstar", "amp_bstar"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 8, 64) }
	fig := min(len(recs), FigureCycles)
	var series [4][2]plotter.XYs
	var hists [5][2]plotter.Values
	for i, r := range recs {
		tt, tc, cc, ct, alts := perJob(r)
		vals := [5][2]float64{tt, tc, cc, ct, alts}
		for k := range hists {
			for m := range 2 {
				hists[k][m] = append(hists[k][m], vals[k][m])
			}
		}
		if i >= fig {
			continue
		}
		for k := range series {
			for m := range 2 {
				series[k][m] = append(series[k][m], plotter.XY{X: float64(i + 1), Y: vals[k][m]})
			}
		}
		_ = w.Write([]string{strconv.Itoa(r.Cycle), strconv.Itoa(r.Jobs), strconv.Itoa(r.Slots),
			strconv.Itoa(r.Alternatives[IdxALP]), strconv.Itoa(r.Alternatives[IdxAMP]),
			f(tt[0]), f(tt[1]), f(tc[0]), f(tc[1]), f(cc[0]), f(cc[1]), f(ct[0]), f(ct[1]),
			f(r.Choice[0].TStar), f(r.Choice[1].TStar), f(r.Choice[0].BStar), f(r.Choice[1].BStar)})
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	if err := results.WriteFileAtomic(filepath.Join(dir, "cycles.csv"), buf.Bytes()); err != nil {
		return err
	}
	if len(recs) == 0 {
		return nil
	}
	figs := []struct{ name, title, y string }{
		{"fig5_timemin_time", "Toporkov et al., Fig. 5: time minimisation, execution time per job", "time per job"},
		{"fig5_timemin_cost", "Toporkov et al., Fig. 5 (companion): time minimisation, execution cost per job", "cost per job"},
		{"fig6_costmin_cost", "Toporkov et al., Fig. 6: cost minimisation, execution cost per job", "cost per job"},
		{"fig6_costmin_time", "Toporkov et al., Fig. 6 (companion): cost minimisation, execution time per job", "time per job"},
	}
	for k, fg := range figs {
		p := plot.New()
		p.Title.Text = fg.title
		p.X.Label.Text = "counted cycle"
		p.Y.Label.Text = fg.y
		for m, name := range []string{"ALP", "AMP"} {
			l, err := plotter.NewLine(series[k][m])
			if err != nil {
				return err
			}
			l.Color = methodColor(m)
			p.Add(l)
			p.Legend.Add(name, l)
		}
		p.Legend.Top = true
		if err := results.SavePlot(p, dir, fg.name, 9*vg.Inch, 4*vg.Inch); err != nil {
			return err
		}
	}
	hs := []struct{ name, title string }{
		{"hist_timemin_time", "Time minimisation: time per job"},
		{"hist_timemin_cost", "Time minimisation: cost per job"},
		{"hist_costmin_cost", "Cost minimisation: cost per job"},
		{"hist_costmin_time", "Cost minimisation: time per job"},
		{"hist_alternatives", "Alternatives per job"},
	}
	for k, h := range hs {
		p := plot.New()
		p.Title.Text = fmt.Sprintf("%s (%d counted cycles)", h.title, len(recs))
		p.Y.Label.Text = "cycles"
		for m, name := range []string{"ALP", "AMP"} {
			if !spread(hists[k][m]) {
				continue // a histogram of one value has no bins
			}
			hist, err := plotter.NewHist(hists[k][m], 40)
			if err != nil {
				return err
			}
			c := methodColor(m)
			hist.FillColor = color.NRGBA{R: c.R, G: c.G, B: c.B, A: 110}
			hist.LineStyle.Color = c
			p.Add(hist)
			p.Legend.Add(name, hist)
		}
		p.Legend.Top = true
		if err := results.SavePlot(p, dir, h.name, 6*vg.Inch, 4*vg.Inch); err != nil {
			return err
		}
	}
	return nil
}

func spread(v plotter.Values) bool {
	for _, x := range v {
		if x != v[0] {
			return true
		}
	}
	return false
}

// WriteAlternatives writes dir/alternatives.csv: every alternative that
// ALP and AMP find for the batch on l (which is not modified), one row per
// window: method, job, alternative, start, finish, time, cost, and the
// nodes (names, or indices) separated by spaces.
func WriteAlternatives(dir string, l *slot.List, jobs []slot.Request) error {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write([]string{"method", "job", "alternative", "start", "finish", "time", "cost", "nodes"})
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }
	for _, m := range Methods() {
		ws, err := slots.FindAlternatives(l.Clone(), jobs, m)
		if err != nil {
			return fmt.Errorf("%s: %w", m.Name, err)
		}
		for j, jw := range ws {
			for k, win := range jw {
				names := ""
				for i, s := range win.Slots {
					if i > 0 {
						names += " "
					}
					if n := l.Nodes[s.Node].Name; n != "" {
						names += n
					} else {
						names += strconv.Itoa(s.Node)
					}
				}
				_ = w.Write([]string{m.Name, strconv.Itoa(j), strconv.Itoa(k), f(win.Start), f(win.Finish()), f(win.Time()), f(win.Cost), names})
			}
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	return results.WriteFileAtomic(filepath.Join(dir, "alternatives.csv"), buf.Bytes())
}

func methodColor(m int) color.NRGBA {
	if m == IdxALP {
		return color.NRGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}
	}
	return color.NRGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}
}

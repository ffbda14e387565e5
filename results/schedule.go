package results

import (
	"cmp"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// maxScheduleRuns is the most points the schedule views show.
const maxScheduleRuns = 8

// WriteSchedule draws the schedule views of a cluster or multicluster run
// from the per-job CSV files in dir (written with --per-job): for each
// shown point a Gantt chart (processors × time over the window w) and,
// overlaid for the shown points, the utilisation and the queue (jobs and
// processor demand) over time and the ECDFs of wait and bounded slowdown.
// The shown points are those at the largest value of every numeric sweep
// axis (every point when there is none), at most maxScheduleRuns; r may
// be nil (every run found is shown, up to that many). For the slot kinds
// (dir holds windows.csv) the views are instead the chosen windows per
// node of cycle w.Cycle: a chart per shown point, a node × time panel
// per variant.
func (o PlotOptions) WriteSchedule(dir string, r *Report, w Window) ([]Figure, error) {
	if _, err := os.Stat(filepath.Join(dir, WindowsFile)); err == nil {
		return o.writeWindows(dir, r, w.Cycle)
	}
	runs, err := readSchedules(dir, shownPoints(r))
	if err != nil {
		return nil, err
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, run := range runs {
		for _, j := range run.jobs {
			lo = math.Min(lo, math.Min(j.start, cmpNaN(j.submit, j.start)))
			hi = math.Max(hi, j.end)
		}
	}
	if !(hi > lo) {
		return nil, fmt.Errorf("results: %s: no job ran (the per-job CSV is empty)", dir)
	}
	t0, t1 := lo, hi
	if !math.IsNaN(w.From) {
		t0 = w.From
	}
	if !math.IsNaN(w.To) {
		t1 = w.To
	}
	if !(t1 > t0) || t0 >= hi || t1 <= lo {
		return nil, fmt.Errorf("results: the window --from/--to [%s, %s] s holds no part of the schedule, which spans [%s, %s] s", num(t0), num(t1), num(lo), num(hi))
	}
	// The figures are independent: draw them in parallel, keep their order.
	var tasks []func() (Figure, error)
	for _, run := range runs {
		name := "gantt"
		if run.name != "" {
			name += "_" + fileUnsafe.ReplaceAllString(run.name, "_")
		}
		tasks = append(tasks, func() (Figure, error) {
			return o.ganttChart(dir, "schedule/"+name, strings.TrimSpace("Gantt chart "+run.name), run, t0, t1, w.ColorBy)
		})
	}
	tasks = append(tasks, func() (Figure, error) { return o.loadChart(dir, runs, t0, t1) })
	for _, e := range []struct{ name, title, axis string }{
		{"ecdf_wait", "ECDF of the wait", "wait (s, log scale; waits under 1 s at 1 s)"},
		{"ecdf_bsld", "ECDF of the bounded slowdown", "bounded slowdown (log scale)"},
	} {
		tasks = append(tasks, func() (Figure, error) { return o.ecdfChart(dir, e.name, e.title, e.axis, runs) })
	}
	return parallelFigures(tasks)
}

// parallelFigures runs the tasks on GOMAXPROCS goroutines and returns
// their figures in task order (an empty figure, drawn for nothing, is left
// out), or the first error in task order.
func parallelFigures(tasks []func() (Figure, error)) ([]Figure, error) {
	figs := make([]Figure, len(tasks))
	errs := make([]error, len(tasks))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(tasks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				figs[i], errs[i] = tasks[i]()
			}
		}()
	}
	for i := range tasks {
		next <- i
	}
	close(next)
	wg.Wait()
	var out []Figure
	for i, f := range figs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if f.Name != "" {
			out = append(out, f)
		}
	}
	return out, nil
}

func cmpNaN(x, alt float64) float64 {
	if math.IsNaN(x) {
		return alt
	}
	return x
}

// shownPoints returns the selector of the points the views show: those
// at the largest value of every numeric axis of r (all of them when there
// is none), at most maxScheduleRuns in all; with no report, the first
// maxScheduleRuns points found.
func shownPoints(r *Report) func(name string) bool {
	var names []string
	if r != nil && len(r.Points) > 1 {
		for _, p := range r.Points {
			top := true
			for a, l := range p.Labels {
				vals, numeric := axisValues(r, a)
				if !numeric || len(vals) < 2 {
					continue
				}
				v, _ := strconv.ParseFloat(l.Value, 64)
				for _, o := range vals {
					if x, _ := strconv.ParseFloat(o, 64); x > v {
						top = false
					}
				}
			}
			if top && len(names) < maxScheduleRuns {
				names = append(names, p.Name())
			}
		}
	}
	seen := map[string]bool{}
	return func(name string) bool {
		if names != nil {
			return slices.Contains(names, name)
		}
		if !seen[name] && len(seen) < maxScheduleRuns {
			seen[name] = true
		}
		return seen[name]
	}
}

// loadBins is the number of time bins of the utilisation and queue views.
const loadBins = 600

// stepAverages returns the time average over each of n bins of [t0, t1)
// of the step function that changes by d[i].v at d[i].t.
func stepAverages(d []change, t0, t1 float64, n int) []float64 {
	slices.SortStableFunc(d, func(a, b change) int { return cmp.Compare(a.t, b.t) })
	out := make([]float64, n)
	width := (t1 - t0) / float64(n)
	level, t, k := 0.0, t0, 0
	for _, c := range d {
		if c.t <= t0 {
			level += c.v
			continue
		}
		for k < n && c.t > t0+float64(k+1)*width {
			end := t0 + float64(k+1)*width
			out[k] += level * (end - t)
			t = end
			k++
		}
		if k == n {
			break
		}
		out[k] += level * (c.t - t)
		t = c.t
		level += c.v
	}
	for ; k < n; k++ {
		end := t0 + float64(k+1)*width
		out[k] += level * (end - t)
		t = end
	}
	for i := range out {
		out[i] /= width
	}
	return out
}

type change struct{ t, v float64 }

// loadChart draws three aligned panels over the window: busy processors,
// waiting jobs and their processor demand, one line per run.
func (o PlotOptions) loadChart(dir string, runs []schedRun, t0, t1 float64) (Figure, error) {
	unit, scale := timeUnit(t1 - t0)
	titles := []string{"busy processors", "waiting jobs", "processors the waiting jobs request"}
	plots := make([]*plot.Plot, 3)
	for i := range plots {
		plots[i] = plot.New()
		plots[i].Y.Label.Text = titles[i]
		plots[i].X.Tick.Marker, plots[i].Y.Tick.Marker = LinearTicks{}, LinearTicks{}
		plots[i].X.Min, plots[i].X.Max = t0/scale, t1/scale
		addGrid(plots[i], true)
	}
	plots[2].X.Label.Text = "time (" + unit + ")"
	var lg legend
	for ri, run := range runs {
		var busy, qjobs, qprocs []change
		for _, j := range run.jobs {
			p := float64(j.procs)
			busy = append(busy, change{j.start, p}, change{j.end, -p})
			if !math.IsNaN(j.submit) {
				qjobs = append(qjobs, change{j.submit, 1}, change{j.start, -1})
				qprocs = append(qprocs, change{j.submit, p}, change{j.start, -p})
			}
		}
		st := Style(ri)
		for i, d := range [][]change{busy, qjobs, qprocs} {
			avg := stepAverages(d, t0, t1, loadBins)
			xy := make(plotter.XYs, loadBins)
			for k, v := range avg {
				xy[k] = plotter.XY{X: (t0 + (float64(k)+0.5)*(t1-t0)/loadBins) / scale, Y: v}
			}
			l, err := plotter.NewLine(xy)
			if err != nil {
				return Figure{}, err
			}
			st.Line(&l.LineStyle)
			l.Width = max(st.Width*0.5, vg.Points(0.8))
			plots[i].Add(l)
			if i == 0 && run.name != "" {
				lg.add(run.name, l)
			}
		}
	}
	title := fmt.Sprintf("Utilisation and queue over time (averages over %d bins)", loadBins)
	return o.writeTiles(dir, "schedule/load", title, plots, lg)
}

// ecdfPoints is the most points of one ECDF line.
const ecdfPoints = 400

// ecdfChart overlays the empirical distribution functions of one per-job
// column, one step line per run, on a log x axis.
func (o PlotOptions) ecdfChart(dir, name, title, axis string, runs []schedRun) (Figure, error) {
	p := plot.New()
	p.X.Label.Text, p.Y.Label.Text = axis, "fraction of jobs"
	p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, LogTicks{}
	p.Y.Tick.Marker = LinearTicks{}
	p.Y.Min, p.Y.Max = 0, 1
	addGrid(p, true)
	var lg legend
	for ri, run := range runs {
		var xs []float64
		for _, j := range run.jobs {
			v := j.wait
			if name == "ecdf_bsld" {
				v = j.bsld
			}
			if !math.IsNaN(v) {
				xs = append(xs, math.Max(v, 1))
			}
		}
		if len(xs) == 0 {
			continue
		}
		sort.Float64s(xs)
		var xy plotter.XYs
		step := max(1, len(xs)/ecdfPoints)
		for i := 0; i < len(xs); i += step {
			xy = append(xy, plotter.XY{X: xs[i], Y: float64(i+1) / float64(len(xs))})
		}
		xy = append(xy, plotter.XY{X: xs[len(xs)-1], Y: 1})
		l, err := plotter.NewLine(xy)
		if err != nil {
			return Figure{}, err
		}
		l.StepStyle = plotter.PostStep
		st := Style(ri)
		st.Line(&l.LineStyle)
		l.Width = max(st.Width*0.7, vg.Points(1))
		p.Add(l)
		lg.add(cmpOr(run.name, "all jobs"), l)
	}
	if len(lg.names) == 0 {
		return Figure{}, nil
	}
	return o.write(dir, "schedule/"+name, title, "", p, lg)
}

// writeTiles lays plots out one above the other with aligned axes and
// saves them as one figure.
func (o PlotOptions) writeTiles(dir, name, title string, plots []*plot.Plot, lg legend) (Figure, error) {
	host := plot.New()
	host.HideAxes()
	tiles := draw.Tiles{Rows: len(plots), Cols: 1, PadTop: vg.Points(28), PadY: vg.Points(8), PadBottom: vg.Points(4), PadLeft: vg.Points(4), PadRight: vg.Points(8)}
	host.Add(tileDrawer{plots, tiles})
	return o.writeSized(dir, name, title, "", host, lg, 6.5*vg.Inch)
}

// tileDrawer draws aligned plots inside a host plot's data area.
type tileDrawer struct {
	plots []*plot.Plot
	tiles draw.Tiles
}

// Plot implements plot.Plotter.
func (t tileDrawer) Plot(c draw.Canvas, _ *plot.Plot) {
	grid := make([][]*plot.Plot, len(t.plots))
	for i, p := range t.plots {
		grid[i] = []*plot.Plot{p}
	}
	for i, row := range plot.Align(grid, t.tiles, c) {
		t.plots[i].Draw(row[0])
	}
}

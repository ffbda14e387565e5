package results

import (
	"encoding/csv"
	"errors"
	"fmt"
	"image/color"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// WindowsFile is the per-window records of the slot kinds (slots,
// css2014, anticipation) written with --schedule.
const WindowsFile = "windows.csv"

// CombineWindows writes dir/windows.csv, the per-window records of every
// file in long format: one column per sweep axis (typed as in
// summary.csv), the replication (always 0), then the kind's columns, in
// the order of files. Every file must have the same header.
func CombineWindows(dir string, r *Report, files []JobFile) error {
	return combineRecords(dir, WindowsFile, r, files)
}

// slotWindow is one row of windows.csv: the part of a chosen window on
// one node.
type slotWindow struct {
	variant    string
	job, node  int
	start, end float64
}

// windowRun is the chosen windows of one point in the drawn cycle.
type windowRun struct {
	name     string
	variants []string // in the order of the file
	parts    []slotWindow
}

// readWindows reads the chosen windows of cycle of the points keep
// selects from dir/windows.csv, and the cycles the file holds (the
// largest cycle + 1, 0 when it holds none).
func readWindows(dir string, cycle int, keep func(string) bool) ([]windowRun, int, error) {
	path := filepath.Join(dir, WindowsFile)
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	cr := csv.NewReader(f)
	cr.ReuseRecord = true
	head, err := cr.Read()
	if err != nil {
		return nil, 0, fmt.Errorf("results: %s: %w", path, err)
	}
	head = slices.Clone(head) // the reader reuses its record
	col := map[string]int{}
	for i, h := range head {
		if _, dup := col[h]; !dup {
			col[h] = i
		}
	}
	for _, c := range []string{"replication", "cycle", "variant", "job", "chosen", "node", "start", "end"} {
		if _, ok := col[c]; !ok {
			return nil, 0, fmt.Errorf("results: %s: no %s column", path, c)
		}
	}
	axes := col["replication"]
	var runs []windowRun
	index := map[string]int{}
	cycles := 0
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			return nil, 0, fmt.Errorf("results: %s:%d: %w", path, line, err)
		}
		num := func(name string) (float64, error) {
			v, err := strconv.ParseFloat(rec[col[name]], 64)
			if err != nil {
				return 0, fmt.Errorf("results: %s:%d: %s %q is not a number", path, line, name, rec[col[name]])
			}
			return v, nil
		}
		var v [6]float64
		for i, name := range []string{"cycle", "job", "chosen", "node", "start", "end"} {
			if v[i], err = num(name); err != nil {
				return nil, 0, err
			}
		}
		cycles = max(cycles, int(v[0])+1)
		parts := make([]string, axes)
		for i := range axes {
			parts[i] = strings.TrimPrefix(head[i], "axis.") + "=" + rec[i]
		}
		key := strings.Join(parts, " ")
		if rec[axes] != "0" || !keep(key) {
			continue
		}
		k, ok := index[key]
		if !ok {
			k = len(runs)
			index[key] = k
			runs = append(runs, windowRun{name: key})
		}
		run := &runs[k]
		variant := rec[col["variant"]]
		if !slices.Contains(run.variants, variant) {
			run.variants = append(run.variants, variant)
		}
		if int(v[0]) == cycle && v[2] == 1 {
			run.parts = append(run.parts, slotWindow{variant: variant, job: int(v[1]), node: int(v[3]), start: v[4], end: v[5]})
		}
	}
	return runs, cycles, nil
}

// writeWindows draws, for each shown point, the chosen windows of one
// cycle: a node × time panel per variant (the rows: the nodes some variant uses
// in that cycle), one rectangle per node of a
// job's window, coloured and labelled by job.
func (o PlotOptions) writeWindows(dir string, r *Report, cycle int) ([]Figure, error) {
	runs, cycles, err := readWindows(dir, cycle, shownPoints(r))
	if err != nil {
		return nil, err
	}
	if cycles == 0 {
		return nil, fmt.Errorf("results: %s/%s holds no window (no cycle placed a job)", dir, WindowsFile)
	}
	if cycle < 0 || cycle >= cycles {
		return nil, fmt.Errorf("results: --cycle %d is out of range: %s holds cycles 0 to %d", cycle, WindowsFile, cycles-1)
	}
	var tasks []func() (Figure, error)
	for _, run := range runs {
		name := fmt.Sprintf("windows_cycle%d", cycle)
		if run.name != "" {
			name += "_" + fileUnsafe.ReplaceAllString(run.name, "_")
		}
		tasks = append(tasks, func() (Figure, error) {
			title := strings.TrimSpace(fmt.Sprintf("Chosen windows of cycle %d %s", cycle, run.name))
			return o.windowChart(dir, "schedule/"+name, title, run)
		})
	}
	return parallelFigures(tasks)
}

// maxWindowLegend is the most jobs the legend of a window chart lists.
const maxWindowLegend = 15

// jobColour is the colour of job j in the window charts.
func jobColour(j int) color.RGBA { return shade(j%len(palette), j/len(palette)) }

// windowChart draws one point's chosen windows, a panel per variant.
func (o PlotOptions) windowChart(dir, name, title string, run windowRun) (Figure, error) {
	t0, t1 := 0.0, 0.0
	for i, p := range run.parts {
		if i == 0 || p.start < t0 {
			t0 = p.start
		}
		t1 = max(t1, p.end)
	}
	if !(t1 > t0) {
		t1 = t0 + 1
	}
	// Rows are the nodes some variant uses in the cycle, in order: of a
	// domain of a hundred nodes a cycle's batch uses a few dozen.
	var used []int
	for _, p := range run.parts {
		used = append(used, p.node)
	}
	slices.Sort(used)
	used = slices.Compact(used)
	row := map[int]float64{}
	var ticks []plot.Tick
	every := max(1, (len(used)+7)/8) // at most 8 labels a panel
	for i, n := range used {
		row[n] = float64(i)
		t := plot.Tick{Value: float64(i)}
		if i%every == 0 {
			t.Label = strconv.Itoa(n)
		}
		ticks = append(ticks, t)
	}
	var plots []*plot.Plot
	seen := map[int]bool{}
	for _, variant := range run.variants {
		p := plot.New()
		p.Title.Text = variant
		p.Y.Label.Text = "node"
		p.X.Min, p.X.Max = t0, t1
		p.Y.Min, p.Y.Max = -0.5, float64(max(len(used), 1))-0.5
		p.X.Tick.Marker, p.Y.Tick.Marker = LinearTicks{}, plot.ConstantTicks(ticks)
		addGrid(p, true)
		var xys plotter.XYs
		var labels []string
		placed := 0
		labelled := map[int]bool{}
		for _, s := range run.parts {
			if s.variant != variant {
				continue
			}
			placed++
			y := row[s.node]
			poly, err := plotter.NewPolygon(plotter.XYs{{X: s.start, Y: y - 0.4}, {X: s.end, Y: y - 0.4}, {X: s.end, Y: y + 0.4}, {X: s.start, Y: y + 0.4}})
			if err != nil {
				return Figure{}, err
			}
			c := jobColour(s.job)
			poly.Color = c
			poly.LineStyle.Color, poly.LineStyle.Width = color.Black, vg.Points(0.3)
			p.Add(poly)
			if !labelled[s.job] { // one label a window, on its first node
				labelled[s.job] = true
				xys = append(xys, plotter.XY{X: (s.start + s.end) / 2, Y: y})
				labels = append(labels, strconv.Itoa(s.job))
			}
			seen[s.job] = true
		}
		if placed == 0 {
			p.Title.Text += ": no job placed in this cycle"
		}
		if len(xys) > 0 {
			l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
			if err != nil {
				return Figure{}, err
			}
			for i := range l.TextStyle {
				l.TextStyle[i].XAlign, l.TextStyle[i].YAlign = -0.5, -0.5
				l.TextStyle[i].Font.Size = vg.Points(7)
			}
			p.Add(l)
		}
		plots = append(plots, p)
	}
	if len(plots) == 0 {
		return Figure{}, nil
	}
	plots[len(plots)-1].X.Label.Text = "time (model time units)"
	// A legend of a few jobs; past that the labels on the windows name
	// them.
	var lg legend
	if len(seen) <= maxWindowLegend {
		for _, j := range slices.Sorted(maps.Keys(seen)) {
			lg.add(fmt.Sprintf("job %d", j), swatch(jobColour(j)))
		}
	}
	return o.writeTiles(dir, name, title, plots, lg)
}

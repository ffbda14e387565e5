package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/claims"
	"github.com/schedsim/schedsim/scenarios"
	"github.com/schedsim/schedsim/scenarios/slotexp"
)

// figureFlags are the flags of `schedsim run` and `replay` that shape the
// figures and the report written with --out.
type figureFlags struct {
	formats  string
	dpi      int
	baseline string
	schedule bool
	window   window
	cycle    int
	colorBy  string
}

func (f *figureFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.formats, "plot-format", "png,svg", "with --out: image formats of the figures, comma-separated: png, svg, pdf")
	fs.IntVar(&f.dpi, "dpi", 150, "with --out: resolution of PNG figures")
	fs.StringVar(&f.baseline, "baseline", "", "with --out: chart every point's paired differences against this one, KEY=VALUE (e.g. policy=easy)")
	fs.BoolVar(&f.schedule, "schedule", false, "with --out: schedule views; cluster and multicluster: Gantt chart, utilisation and queue over time, ECDFs of wait and bounded slowdown; slots, css2014, anticipation: the chosen windows per node of one cycle (windows.csv)")
	f.registerViews(fs)
}

// registerViews registers the flags that shape the schedule views, which
// `schedsim plot schedule` shares.
func (f *figureFlags) registerViews(fs *flag.FlagSet) {
	f.window.register(fs)
	fs.IntVar(&f.cycle, "cycle", 0, fmt.Sprintf("with --schedule, for slots, css2014 and anticipation: the cycle whose chosen windows are drawn, in [0, %d) (the cycles windows.csv records)", slotexp.MaxWindowCycles))
	fs.StringVar(&f.colorBy, "color-by", results.ColorBySize, "with --schedule: what colours the jobs of a Gantt chart: "+strings.Join(results.ColorBys, " or "))
}

// validate checks the figure flags that need no scenario.
func (f *figureFlags) validate(set map[string]bool, out string) error {
	// Commands that share runFlags without these flags (slurm) leave
	// them zero: the defaults.
	if _, err := results.ParsePlotFormats(f.formats); f.formats != "" && err != nil {
		return usagef("--plot-format: %s", strings.TrimPrefix(err.Error(), "results: "))
	}
	if set["dpi"] && (f.dpi < 30 || f.dpi > 1200) {
		return usagef("--dpi must be in [30, 1200] (got %d)", f.dpi)
	}
	for _, name := range []string{"plot-format", "dpi", "baseline", "schedule", "from", "to", "cycle", "color-by"} {
		if set[name] && out == "" {
			return usagef("--%s needs --out DIR", name)
		}
	}
	if (set["from"] || set["to"]) && !f.schedule {
		return usagef("--from and --to window the schedule views: they go with --schedule")
	}
	if (set["cycle"] || set["color-by"]) && !f.schedule {
		return usagef("--cycle and --color-by shape the schedule views: they go with --schedule")
	}
	if f.cycle < 0 || f.cycle >= slotexp.MaxWindowCycles {
		return usagef("--cycle must be in [0, %d] (the cycles windows.csv records; got %d)", slotexp.MaxWindowCycles-1, f.cycle)
	}
	if !slices.Contains(results.ColorBys, f.colorBy) && f.colorBy != "" {
		return usagef("--color-by must be %s (got %q)", strings.Join(results.ColorBys, " or "), f.colorBy)
	}
	return f.window.check()
}

// scheduleKinds are the model kinds whose per-job records have
// placements; scenarios.WindowKinds have schedule views too, from their
// per-window records.
var scheduleKinds = []string{"cluster", "multicluster"}

// windows reports whether the schedule views of sc are drawn from
// per-window records (windows.csv).
func (f *figureFlags) windows(sc *scenarios.Scenario) bool {
	return f.schedule && slices.Contains(scenarios.WindowKinds, sc.Model)
}

// check validates the flags that depend on the scenario: the baseline
// must name a point, and schedule views need a kind with placements.
func (f *figureFlags) check(sc *scenarios.Scenario) error {
	if f.baseline != "" {
		labels := make([][]results.Label, len(sc.Points))
		for i, p := range sc.Points {
			labels[i] = p.Labels
		}
		if err := results.CheckBaseline(f.baseline, labels); err != nil {
			return usagef("--baseline: %s", strings.TrimPrefix(err.Error(), "results: "))
		}
	}
	if f.schedule && !slices.Contains(scheduleKinds, sc.Model) && !f.windows(sc) {
		return usagef("--schedule: model %s places no job on processors or nodes (schedule views are for %s)", sc.Model, strings.Join(append(slices.Clone(scheduleKinds), scenarios.WindowKinds...), ", "))
	}
	if f.windows(sc) {
		if f.window.from != "" || f.window.to != "" {
			return usagef("--from/--to window the Gantt chart of %s; model %s draws one cycle: use --cycle", strings.Join(scheduleKinds, ", "), sc.Model)
		}
		if f.colorBy != "" && f.colorBy != results.ColorBySize {
			return usagef("--color-by colours the Gantt chart of %s; model %s colours its windows by job", strings.Join(scheduleKinds, ", "), sc.Model)
		}
	} else if f.schedule && f.cycle != 0 {
		return usagef("--cycle chooses the cycle of %s; model %s has a Gantt chart: use --from/--to", strings.Join(scenarios.WindowKinds, ", "), sc.Model)
	}
	return nil
}

// options are the plot options of a run of sc.
func (f *figureFlags) options(sc *scenarios.Scenario, rep *results.Report) results.PlotOptions {
	formats, _ := results.ParsePlotFormats(f.formats)
	o := results.PlotOptions{Formats: formats, DPI: f.dpi, Baseline: f.baseline, Metrics: rep.Metrics}
	if sc.Model == "mmc" {
		o.ReferenceLabel = "Erlang-C"
	}
	return o
}

// commandLine is the command line of this process, for the report.
func commandLine() string {
	args := make([]string, len(os.Args))
	for i, a := range os.Args {
		if strings.ContainsAny(a, " \t'\"$") {
			a = fmt.Sprintf("%q", a)
		}
		args[i] = a
	}
	return strings.Join(args, " ")
}

// writeFigures writes the figures, the schedule views when asked and
// report.html into dir.
func writeFigures(dir string, sc *scenarios.Scenario, rep *results.Report, fig *figureFlags, resolved string, verdicts []claims.Verdict) error {
	o := fig.options(sc, rep)
	figs, err := o.WriteFigures(dir, rep, sc.Plots)
	if err != nil {
		return err
	}
	var sched []results.Figure
	if fig.schedule {
		if sched, err = o.WriteSchedule(dir, rep, fig.view()); err != nil {
			return err
		}
	}
	return results.WriteHTML(dir, rep, results.HTMLReport{
		Description: strings.TrimSpace(sc.Description), YAML: resolved,
		Version: version(), CommandLine: commandLine(),
		Metrics: o.Metrics, Figures: figs, Schedule: sched,
		Claims: htmlClaims(verdicts),
	})
}

// cmdPlot runs `schedsim plot schedule DIR`: the schedule views of a
// finished run whose --out DIR holds per-job CSV files.
func cmdPlot(args []string, stdout io.Writer) error {
	const synopsis = "schedsim plot schedule DIR [--from T] [--to T] [--cycle N] [--color-by size|user] [--plot-format png,svg,pdf] [--dpi N]"
	fs := newFlagSet("plot schedule", synopsis, stdout)
	if len(args) == 0 || args[0] != "schedule" {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
			fs.help()
			return nil
		}
		return usagef("plot needs the subcommand schedule: %s", synopsis)
	}
	var f figureFlags
	fs.StringVar(&f.formats, "plot-format", "png,svg", "image formats, comma-separated: png, svg, pdf")
	fs.IntVar(&f.dpi, "dpi", 150, "resolution of PNG figures")
	f.registerViews(fs.FlagSet)
	dirs, err := parseInterleaved(fs, args[1:])
	if err != nil {
		return err
	}
	if len(dirs) != 1 {
		return commandError{"plot schedule", usagef("plot schedule needs one output directory (from run or replay with --out and --per-job or --schedule)")}
	}
	f.schedule = true
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if err := f.validate(set, dirs[0]); err != nil {
		return commandError{"plot schedule", err}
	}
	if st, err := os.Stat(dirs[0]); err != nil || !st.IsDir() {
		return commandError{"plot schedule", usagef("%s: not a directory", dirs[0])}
	}
	// The views of the slot kinds (windows.csv) take --cycle, the Gantt
	// charts --from, --to and --color-by.
	_, err = os.Stat(filepath.Join(dirs[0], results.WindowsFile))
	switch slots := err == nil; {
	case slots && (set["from"] || set["to"] || set["color-by"]):
		return commandError{"plot schedule", usagef("%s holds %s: its views draw one cycle (--cycle); --from, --to and --color-by are for Gantt charts", dirs[0], results.WindowsFile)}
	case !slots && set["cycle"]:
		return commandError{"plot schedule", usagef("--cycle chooses the cycle of the slot kinds' views, and %s holds no %s", dirs[0], results.WindowsFile)}
	}
	formats, _ := results.ParsePlotFormats(f.formats)
	figs, err := results.PlotOptions{Formats: formats, DPI: f.dpi}.WriteSchedule(dirs[0], nil, f.view())
	if err != nil {
		return commandError{"plot schedule", usageError{errors.New(strings.TrimPrefix(err.Error(), "results: "))}}
	}
	for _, fig := range figs {
		for _, file := range fig.Files {
			fmt.Fprintln(stdout, filepath.Join(dirs[0], file))
		}
	}
	return nil
}

// view is the part of the schedule views the flags choose: the time
// window, the cycle and the colouring.
func (f *figureFlags) view() results.Window {
	w := f.window.results()
	w.Cycle, w.ColorBy = f.cycle, f.colorBy
	return w
}

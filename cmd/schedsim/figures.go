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
)

// figureFlags are the flags of `schedsim run` and `replay` that shape the
// figures and the report written with --out.
type figureFlags struct {
	formats  string
	dpi      int
	baseline string
	schedule bool
	window   window
}

func (f *figureFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.formats, "plot-format", "png,svg", "with --out: image formats of the figures, comma-separated: png, svg, pdf")
	fs.IntVar(&f.dpi, "dpi", 150, "with --out: resolution of PNG figures")
	fs.StringVar(&f.baseline, "baseline", "", "with --out: chart every point's paired differences against this one, KEY=VALUE (e.g. policy=easy)")
	fs.BoolVar(&f.schedule, "schedule", false, "with --out, for cluster and multicluster runs: schedule views (Gantt chart, utilisation and queue over time, ECDFs of wait and bounded slowdown)")
	f.window.register(fs)
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
	for _, name := range []string{"plot-format", "dpi", "baseline", "schedule", "from", "to"} {
		if set[name] && out == "" {
			return usagef("--%s needs --out DIR", name)
		}
	}
	if (set["from"] || set["to"]) && !f.schedule {
		return usagef("--from and --to window the schedule views: they go with --schedule")
	}
	return f.window.check()
}

// scheduleKinds are the model kinds whose per-job records have placements.
var scheduleKinds = []string{"cluster", "multicluster"}

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
	if f.schedule && !slices.Contains(scheduleKinds, sc.Model) {
		return usagef("--schedule: model %s places no job on processors (schedule views are for %s)", sc.Model, strings.Join(scheduleKinds, ", "))
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
		if sched, err = o.WriteSchedule(dir, rep, fig.window.results()); err != nil {
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
	const synopsis = "schedsim plot schedule DIR [--from T] [--to T] [--plot-format png,svg,pdf] [--dpi N]"
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
	f.window.register(fs.FlagSet)
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
	formats, _ := results.ParsePlotFormats(f.formats)
	figs, err := results.PlotOptions{Formats: formats, DPI: f.dpi}.WriteSchedule(dirs[0], nil, f.window.results())
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

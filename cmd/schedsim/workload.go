package main

import (
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/internal/input"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios"
	"github.com/schedsim/schedsim/workloads/lublin"
	"github.com/schedsim/schedsim/workloads/slurm"
	"github.com/schedsim/schedsim/workloads/swf"
)

const generateSynopsis = "schedsim generate lublin --procs N (--jobs M | --days D) [--load F] [--params FILE.yaml] --out FILE.swf[.gz]"

// cmdGenerate runs `schedsim generate lublin …`: a synthetic workload of
// the Lublin–Feitelson model, written as SWF.
func cmdGenerate(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) > 0 && (args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		fmt.Fprintf(stdout, "usage: %s\n", generateSynopsis)
		return nil
	}
	if len(args) == 0 || args[0] != "lublin" {
		return commandError{"generate", usagef("generate needs the model lublin: %s", generateSynopsis)}
	}
	err := generateLublin(ctx, args[1:], stdout)
	if errors.As(err, new(usageError)) {
		return commandError{"generate lublin", err}
	}
	return err
}

func generateLublin(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlagSet("generate lublin", generateSynopsis, stdout)
	// The --params file is read first, so that the flags below, whose
	// defaults are its values, override it.
	p := lublin.Defaults(0)
	paramsFile := paramsFlag(args)
	if paramsFile != "" {
		if err := readLublinParams(ctx, paramsFile, &p); err != nil {
			return err
		}
		if p.Seed == 0 { // not in the file (0 is a scenario's "from the run")
			p.Seed = 1
		}
	}
	fs.String("params", "", "YAML file of model parameters (keys of lublin.Params: classes, batch: {serial_prob: …}, …); flags override it")
	fs.IntVar(&p.Procs, "procs", p.Procs, "machine size in processors (required)")
	fs.IntVar(&p.Jobs, "jobs", p.Jobs, "number of jobs")
	fs.Float64Var(&p.Days, "days", p.Days, "generate the jobs submitted in the first D days")
	fs.Float64Var(&p.Load, "load", p.Load, "offered load to scale the arrivals to (0: the model's own)")
	fs.StringVar(&p.Classes, "classes", p.Classes, "both (batch and interactive) or combined (one class)")
	fs.StringVar(&p.Requested, "requested", p.Requested, "requested times: none, exact, or factor (ceil(run time × --requested-factor))")
	fs.Float64Var(&p.RequestedFactor, "requested-factor", p.RequestedFactor, "factor of --requested factor (≥ 1)")
	fs.Uint64Var(&p.Seed, "seed", p.Seed, "random seed")
	out := fs.String("out", "", "output SWF file, gzipped when it ends in .gz (required)")
	cyclePlot := fs.String("cycle-plot", "", "also draw the share of arrivals by hour of the day into this PNG or SVG")
	cycleCompare := fs.String("cycle-compare", "", "with --cycle-plot: draw this SWF trace's arrivals by hour beside them")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usagef("generate lublin takes no positional arguments (got %q)", strings.Join(rest, " "))
	}
	if *out == "" {
		return usagef("--out FILE.swf[.gz] is required")
	}
	if *cycleCompare != "" && *cyclePlot == "" {
		return usagef("--cycle-compare goes with --cycle-plot (it draws into that plot)")
	}
	for _, in := range []string{paramsFile, *cycleCompare} {
		if err := checkOut(*out, in); err != nil {
			return err
		}
	}
	if err := p.Validate(); err != nil {
		return lublinParamsError(fs.FlagSet, paramsFile, p.Procs, err)
	}
	g, err := lublin.New(p)
	if err != nil {
		return err
	}
	// The trace to compare with is read first, and the SWF file is
	// committed last: a failure anywhere leaves --out as it was.
	var compare *results.BarSeries
	if *cycleCompare != "" {
		if compare, err = hourShares(ctx, *cycleCompare); err != nil {
			return err
		}
	}
	f, err := createOutput(*out)
	if err != nil {
		return err
	}
	defer f.abort()
	var hours [24]float64
	n, err := streamSWF(ctx, f, *out, g, func(r swf.Record) {
		hours[int(r.Submit)%86400/3600]++
	})
	if err != nil {
		return err
	}
	if *cyclePlot != "" {
		series := []results.BarSeries{{Name: fmt.Sprintf("generated (%d jobs)", n), Values: shares(hours)}}
		if compare != nil {
			series = append(series, *compare)
		}
		if err := plotCycle(*cyclePlot, series); err != nil {
			return err
		}
	}
	if err := f.Commit(); err != nil {
		return err
	}
	load := fmt.Sprintf("the model's own load, %.4f", p.ModelLoad())
	if p.Load > 0 {
		load = fmt.Sprintf("load %v asked; the model's own is %.4f", p.Load, p.ModelLoad())
	}
	fmt.Fprintf(stdout, "wrote %d jobs on %d processors to %s (%s)\n", n, p.Procs, *out, load)
	return nil
}

// hourShares reads an SWF trace and returns its arrivals by hour of the
// day, as percentages.
func hourShares(ctx context.Context, path string) (*results.BarSeries, error) {
	r, err := swf.Open(path, swf.ReadOptions{Context: ctx})
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var hours [24]float64
	n := 0
	for {
		rec, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		hours[int(rec.Submit)%86400/3600]++
		n++
	}
	return &results.BarSeries{Name: fmt.Sprintf("%s (%d jobs)", filepath.Base(path), n), Values: shares(hours)}, nil
}

// plotCycle draws the share of arrivals by hour of the day of each series
// into path.
func plotCycle(path string, series []results.BarSeries) error {
	labels := make([]string, 24)
	for h := range labels {
		labels[h] = strconv.Itoa(h)
	}
	if err := results.WriteBarPlot(path, "Arrivals by hour of the day", "hour of the day (submit time mod 24 h)", "% of jobs", labels, series); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// shares returns counts as percentages of their sum.
func shares(counts [24]float64) []float64 {
	sum := 0.0
	for _, c := range counts {
		sum += c
	}
	out := make([]float64, len(counts))
	for i, c := range counts {
		out[i] = 100 * c / max(sum, 1)
	}
	return out
}

// lublinParamsError names what the user gave for a key lublin.Validate
// refused: the flag when it was set on the command line, else the --params
// file (where the key can be set), else the flag whose default failed.
// A class parameter (interactive.umed …) that fails at its default
// depends on the machine size only, so it names --procs.
func lublinParamsError(fs *flag.FlagSet, paramsFile string, procs int, err error) error {
	msg := strings.TrimPrefix(err.Error(), "lublin: ")
	key, detail, _ := strings.Cut(msg, ": ")
	name := strings.ReplaceAll(key, "_", "-")
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	switch {
	case set:
		return usagef("--%s: %s", name, detail)
	case paramsFile != "":
		return fmt.Errorf("%s: %s: %s", paramsFile, key, detail)
	case fs.Lookup(name) != nil:
		return usagef("--%s: %s", name, detail)
	}
	return usagef("--procs %d: the model's default %s does not fit this machine size: %s", procs, key, detail)
}

// paramsFlag returns the value of --params in args ("" without one).
func paramsFlag(args []string) string {
	for i, a := range args {
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case a == "--" || !strings.HasPrefix(a, "-"):
			continue
		case name == "params" && hasValue:
			return value
		case name == "params" && i+1 < len(args):
			return args[i+1]
		}
	}
	return ""
}

// readLublinParams decodes a YAML file of model parameters over p.
func readLublinParams(ctx context.Context, path string, p *lublin.Params) error {
	b, err := input.ReadFile(ctx, path, lublin.MaxParamsBytes, "parameter file")
	if errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
		return usageError{err}
	}
	if err != nil {
		return err
	}
	return scenarios.DecodeStrictYAML(b, path, p)
}

// writeSWF streams the records of src into path (gzipped for .gz),
// atomically: on an error or an interrupt the file is left as it was. each
// sees every record written.
func writeSWF(ctx context.Context, path string, src swf.RecordSource, each func(swf.Record)) (int, error) {
	f, err := createOutput(path)
	if err != nil {
		return 0, err
	}
	defer f.abort()
	n, err := streamSWF(ctx, f, path, src, each)
	if err != nil {
		return n, err
	}
	return n, f.Commit()
}

// checkOut refuses an --out that is a directory, or that is the input
// file in (by any name): the command would replace its own input.
func checkOut(out, in string) error {
	o, err := os.Stat(out)
	if err != nil {
		return nil // a new file: its directory is checked when it is created
	}
	if o.IsDir() {
		return usagef("--out %s: is a directory, not a file", out)
	}
	if i, err := os.Stat(in); err == nil && os.SameFile(i, o) {
		return usagef("--out %s is the input file %s: it would be replaced; choose another --out", out, in)
	}
	return nil
}

// output is a file written atomically that main removes if the command
// does not stop in time after a signal.
type output struct {
	*results.AtomicFile
	untrack func()
}

// createOutput starts the atomic write of path; end it with Commit and,
// deferred, abort (which after Commit only stops the tracking).
func createOutput(path string) (*output, error) {
	f, err := results.CreateAtomic(path)
	if err != nil {
		return nil, err
	}
	return &output{f, trackStage(f)}, nil
}

func (o *output) abort() {
	o.untrack()
	o.Abort()
}

// streamSWF writes the records of src into f, gzipped when path ends in
// .gz, and returns their number; each sees every record written.
func streamSWF(ctx context.Context, f io.Writer, path string, src swf.RecordSource, each func(swf.Record)) (int, error) {
	var w io.Writer = f
	var gz *gzip.Writer
	if strings.HasSuffix(path, ".gz") {
		gz = gzip.NewWriter(f)
		w = gz
	}
	sw := swf.NewWriter(w, src.Header())
	sw.SetTimeDigits(0)
	n := 0
	for {
		r, err := src.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return n, err
		}
		if n%4096 == 0 && ctx.Err() != nil {
			return n, ctx.Err()
		}
		if err := sw.Write(r); err != nil {
			return n, err
		}
		if each != nil {
			each(r)
		}
		n++
	}
	if err := sw.Flush(); err != nil {
		return n, err
	}
	if gz != nil {
		return n, gz.Close()
	}
	return n, nil
}

const importSynopsis = "schedsim trace import-sacct FILE --out FILE.swf[.gz] [--tz ZONE] [--procs N]"

// importSacct runs `schedsim trace import-sacct FILE --out F.swf.gz`.
func importSacct(ctx context.Context, args []string, stdout io.Writer) error {
	fs := newFlagSet("trace import-sacct", importSynopsis, stdout)
	out := fs.String("out", "", "output SWF file, gzipped when it ends in .gz (required)")
	tz := fs.String("tz", "UTC", "time zone sacct printed its times in (the TZ it ran with), an IANA name")
	procs := fs.Int("procs", 0, "the cluster's processor count, written to the header as MaxProcs")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(files) != 1:
		return usagef("trace import-sacct needs exactly one sacct output file (got %d)", len(files))
	case *out == "":
		return usagef("--out FILE.swf[.gz] is required")
	case *procs < 0:
		return usagef("--procs must be ≥ 0 (got %d)", *procs)
	}
	loc, err := slurm.LoadLocation(*tz)
	if err != nil {
		return usagef("--tz: %v", err)
	}
	if err := checkOut(*out, files[0]); err != nil {
		return err
	}
	tr, err := slurm.ReadFile(files[0], slurm.Options{Location: loc, Procs: *procs, Context: ctx})
	if err != nil {
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
			return usageError{err}
		}
		return err
	}
	st := tr.Stats()
	if tr.Usable() == 0 {
		why := "no line skipped"
		if p := tr.Problems(); len(p) > 0 {
			why = "skipped: " + p.Summary()
		}
		return fmt.Errorf("slurm: %s: no usable job (none started with a run time > 0): %d lines, %d jobs (%d never started), %s; nothing written", files[0], st.Lines, st.Jobs, st.NeverStarted, why)
	}
	n, err := writeSWF(ctx, *out, tr, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d lines: %d jobs written to %s (%d never started), %d steps and %d het components folded, %d lines skipped\n",
		files[0], st.Lines, n, *out, st.NeverStarted, st.Steps, st.HetComponents, st.Skipped)
	if p := tr.Problems(); len(p) > 0 {
		return p.Format(stdout)
	}
	return nil
}

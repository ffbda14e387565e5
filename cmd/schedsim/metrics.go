package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/schedsim/schedsim/internal/prose"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios"
)

//go:generate go test -run TestMetricsDocIsCurrent -update-metrics .

// cmdMetrics lists the metrics of the model kinds (or of one kind, or of
// the points of one scenario) with their units and descriptions, as the
// kinds declare them (scenarios.Params.Metrics).
func cmdMetrics(args []string, stdout io.Writer) error {
	fs := newFlagSet("metrics", "schedsim metrics [--markdown] [KIND | scenario.yaml | built-in]", stdout)
	md := fs.Bool("markdown", false, "print docs/reference/metrics.md: every kind, its default and built-in scenarios' metrics")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) > 1 {
		return usagef("metrics takes at most one kind or scenario, got %d: %s", len(rest), strings.Join(rest, " "))
	}
	var kinds []scenarios.Kind
	var only *scenarios.Scenario
	switch {
	case len(rest) == 0:
		kinds = scenarios.Kinds()
	default:
		if k, ok := scenarios.LookupKind(rest[0]); ok {
			kinds = []scenarios.Kind{k}
			break
		}
		sc, err := scenarios.Load(rest[0])
		if err != nil {
			if errors.Is(err, scenarios.ErrNotFound) {
				var names []string
				for _, k := range scenarios.Kinds() {
					names = append(names, k.Name)
				}
				return usagef("metrics: %q is neither a model kind (%s) nor a scenario file or built-in", rest[0], strings.Join(names, ", "))
			}
			return loadError(err)
		}
		only = sc
		k, _ := scenarios.LookupKind(sc.Model)
		kinds = []scenarios.Kind{k}
	}
	if *md {
		return writeMetricsDoc(stdout, kinds, only)
	}
	width := terminalWidth(stdout)
	var b strings.Builder
	for i, k := range kinds {
		if i > 0 {
			fmt.Fprintln(&b)
		}
		fmt.Fprintln(&b, prose.Hang(k.Name+": "+k.Summary, width, "", "    "))
		rows := [][]string{{"metric", "unit", "description"}}
		for _, m := range kindMetrics(k, only) {
			star := ""
			if slices.Contains(k.Headline, m.Name) {
				star = " *"
			}
			rows = append(rows, []string{m.Name + star, m.Unit, m.Description})
		}
		prose.Columns(&b, "  ", rows, width)
	}
	fmt.Fprintln(&b, "\n"+prose.Hang("* a headline metric: the tables of `schedsim run` show these unless --metrics says otherwise", width, "", "  "))
	_, err = io.WriteString(stdout, b.String())
	return err
}

// kindMetrics returns the metrics of a kind: those of the points of only
// when it is given; else those of its defaults, then the others that its
// built-in scenarios report (per-site or per-cluster utilizations, the
// metrics of other experiments or variants).
func kindMetrics(k scenarios.Kind, only *scenarios.Scenario) []results.MetricInfo {
	var out []results.MetricInfo
	add := func(ms []results.MetricInfo) {
		for _, m := range ms {
			if !slices.ContainsFunc(out, func(x results.MetricInfo) bool { return x.Name == m.Name }) {
				out = append(out, m)
			}
		}
	}
	if only != nil {
		for _, p := range only.Points {
			add(p.Params.Metrics())
		}
		return out
	}
	add(k.NewParams().Metrics())
	for _, name := range scenarios.Builtins() {
		sc, err := scenarios.Load(name)
		if err != nil || sc.Model != k.Name {
			continue // a built-in whose trace is absent: its kind's defaults cover it
		}
		for _, p := range sc.Points {
			add(p.Params.Metrics())
		}
	}
	return out
}

// writeMetricsDoc writes the Markdown reference of the metrics.
func writeMetricsDoc(w io.Writer, kinds []scenarios.Kind, only *scenarios.Scenario) error {
	var b strings.Builder
	b.WriteString(`# Metrics

Every metric that a model kind reports, with its unit and what it
measures, as the kinds declare them in their parameters
(` + "`scenarios.Params.Metrics`" + `). The tables of ` + "`schedsim run`" + `, the ` + "`unit`" + `
column of ` + "`summary.csv`" + `, the ` + "`metrics`" + ` of ` + "`summary.json`" + `, the plots' axis
titles and this page all come from there. ` + "`schedsim metrics KIND`" + ` prints a
kind's list, ` + "`schedsim metrics scenario.yaml`" + ` the metrics of one scenario's
points. Headline metrics (**bold**) are the ones the compact tables show
unless ` + "`--metrics`" + ` names others.

This file is generated: ` + "`go generate ./cmd/schedsim`" + ` rewrites it, and a
test fails when it drifts from the declarations.

Units: *s* are seconds of a trace's clock; *model time units* are the
abstract time of a synthetic model (the mean service time 1/μ of the mmc
and karatza kinds, the slot models' time of the slot kinds); *cost units*
the slot models' money; *fraction* a share in [0, 1]; *%* a percentage;
*ratio* a dimensionless quotient (a slowdown, an AMP / ALP ratio);
*count* and *jobs* numbers of things.
`)
	for _, k := range kinds {
		fmt.Fprintf(&b, "\n## %s\n\n%s.\n\n| metric | unit | description |\n| --- | --- | --- |\n", k.Name, k.Summary)
		for _, m := range kindMetrics(k, only) {
			name := "`" + m.Name + "`"
			if slices.Contains(k.Headline, m.Name) {
				name = "**" + name + "**"
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", name, m.Unit, strings.ReplaceAll(m.Description, "|", `\|`))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

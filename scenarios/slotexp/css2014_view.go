package slotexp

import (
	"strings"

	"github.com/schedsim/schedsim/results"
)

// The prefixes of the css2014 views, which let a sweep axis stand for
// what the paper compares within one run, so that claims compare the
// points of that axis pairwise (the points share their cycles).
const (
	// ViewVariant prefixes the metrics of the one variant a point runs
	// (the variant key): v_start, v_proc, … for Figures 5–8.
	ViewVariant = "v"
	// ViewRow prefixes the metrics of one row of Table 1 (the table1_row
	// key): the jobs of one user criterion under the generalised scheme,
	// or every job under plain CSS.
	ViewRow = "row"
)

// CSS2014Table1Rows returns the rows of Table 1 in the paper's order:
// the four user criteria of the generalised scheme, then plain CSS.
func CSS2014Table1Rows() []string {
	rows := make([]string, 0, len(criterionOrder)+1)
	for _, p := range criterionOrder {
		rows = append(rows, p.String())
	}
	return append(rows, VariantCSS)
}

// CSS2014RowVariant returns the variant that a Table 1 row needs.
func CSS2014RowVariant(row string) string {
	if row == VariantCSS {
		return VariantCSS
	}
	return VariantGeneralised
}

// rowMeasures are the suffixes a Table 1 row has (those of every
// criterion group).
var rowMeasures = []string{"_alternatives", "_group_alternatives", "_start", "_runtime", "_finish", "_cost", "_proc", "_start_plus_proc"}

// CSS2014ViewName returns the name a metric of the cycler takes in the
// view of one variant (variant ≠ "") or of one Table 1 row (row ≠ ""),
// and false when the view leaves it out. A variant's view keeps the
// measures every variant has: its alternatives are left out; a row's
// keeps the per-job measures and the alternatives.
func CSS2014ViewName(name, variant, row string) (string, bool) {
	switch {
	case variant != "":
		rest, ok := strings.CutPrefix(name, variant+"_")
		if !ok || strings.HasPrefix(rest, "by_") || strings.HasSuffix(rest, "alternatives") {
			return "", false
		}
		return ViewVariant + "_" + rest, true
	case row != "":
		prefix := VariantCSS
		if row != VariantCSS {
			prefix = VariantGeneralised + "_by_" + row
		}
		rest, ok := strings.CutPrefix(name, prefix)
		if !ok {
			return "", false
		}
		for _, m := range rowMeasures {
			if rest == m {
				return ViewRow + rest, true
			}
		}
		return "", false
	}
	return name, true
}

// CSS2014View renames the metrics for the view of one variant or one
// Table 1 row (see CSS2014ViewName), dropping the others; with neither
// it returns m.
func CSS2014View(m results.Metrics, variant, row string) results.Metrics {
	if variant == "" && row == "" {
		return m
	}
	var out results.Metrics
	for _, x := range m {
		if name, ok := CSS2014ViewName(x.Name, variant, row); ok {
			out = out.Add(name, x.Value)
		}
	}
	return out
}

// CSS2014Derived appends the comparisons the paper states between the
// variants of one run, computed per replication so that their CIs are
// those of the paired differences: with gen and backfill, Table 3's
// advantage of МПСР over backfilling, 100·(BF − МПСР)/BF on the
// processor time and 100·(BF − МПСР)/МПСР on the start (planned, and
// actual when simulated, with the growth of the processor-time advantage
// and backfilling's start cut by re-planning); with gen and css, МПСР's
// gain over ЦСП on the processor time; with the hybrid, start minus
// processor time (Figure 4's curves cross where it changes sign).
func CSS2014Derived(m results.Metrics) results.Metrics {
	get := func(name string) (float64, bool) { return m.Get(name) }
	pct := func(a, b, base string) (float64, bool) {
		x, ok1 := get(a)
		y, ok2 := get(b)
		z, ok3 := get(base)
		return div(100*(x-y), z), ok1 && ok2 && ok3
	}
	add := func(name string, v float64, ok bool) {
		if ok {
			m = m.Add(name, v)
		}
	}
	planned, ok := pct("backfill_proc", "gen_proc", "backfill_proc")
	add("gen_vs_backfill_proc_pct", planned, ok)
	v, ok2 := pct("backfill_start", "gen_start", "gen_start")
	add("gen_vs_backfill_start_pct", v, ok2)
	actual, okActual := pct("backfill_actual_proc", "gen_actual_proc", "backfill_actual_proc")
	add("gen_vs_backfill_actual_proc_pct", actual, okActual)
	v, ok2 = pct("backfill_actual_start", "gen_actual_start", "gen_actual_start")
	add("gen_vs_backfill_actual_start_pct", v, ok2)
	add("gen_vs_backfill_proc_growth", actual-planned, ok && okActual)
	v, ok2 = pct("backfill_start", "backfill_actual_start", "backfill_start")
	add("backfill_actual_start_cut_pct", v, ok2)
	v, ok2 = pct("css_proc", "gen_proc", "css_proc")
	add("gen_vs_css_proc_pct", v, ok2)
	start, ok1 := get("hybrid_start")
	proc, ok2 := get("hybrid_proc")
	add("hybrid_start_minus_proc", start-proc, ok1 && ok2)
	return m
}

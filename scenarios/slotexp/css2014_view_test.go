package slotexp

import (
	"math"
	"testing"

	"github.com/schedsim/schedsim/results"
)

func TestCSS2014Derived(t *testing.T) {
	var m results.Metrics
	for name, v := range map[string]float64{
		"backfill_proc": 200, "gen_proc": 150, "css_proc": 160,
		"backfill_start": 70, "gen_start": 280,
		"backfill_actual_proc": 120, "gen_actual_proc": 84,
		"backfill_actual_start": 49, "gen_actual_start": 280,
		"hybrid_start": 120, "hybrid_proc": 190,
	} {
		m = m.Add(name, v)
	}
	m = CSS2014Derived(m)
	for name, want := range map[string]float64{
		"gen_vs_backfill_proc_pct":         25,    // 100·(200 − 150)/200
		"gen_vs_backfill_actual_proc_pct":  30,    // 100·(120 − 84)/120
		"gen_vs_backfill_proc_growth":      5,     // 30 − 25
		"gen_vs_backfill_start_pct":        -75,   // 100·(70 − 280)/280
		"gen_vs_backfill_actual_start_pct": -82.5, // 100·(49 − 280)/280
		"backfill_actual_start_cut_pct":    30,    // 100·(70 − 49)/70
		"gen_vs_css_proc_pct":              6.25,  // 100·(160 − 150)/160
		"hybrid_start_minus_proc":          -70,
	} {
		got, ok := m.Get(name)
		if !ok || math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v (present %v), want %v", name, got, ok, want)
		}
		if _, ok := CSS2014MetricInfo(name); !ok {
			t.Errorf("%s has no description", name)
		}
	}
	// without backfilling, none of Table 3's comparisons
	if got := CSS2014Derived(results.Metrics{{Name: "gen_proc", Value: 1}}); len(got) != 1 {
		t.Errorf("derived metrics without their variants: %v", got)
	}
}

func TestCSS2014ViewName(t *testing.T) {
	for _, c := range []struct {
		name, variant, row, want string
	}{
		{"shift_start", "shift", "", "v_start"},
		{"css_start", "shift", "", ""},
		{"css_alternatives", "css", "", ""},
		{"gen_by_cost_start", "gen", "", ""},
		{"backfill_actual_proc", "backfill", "", "v_actual_proc"},
		{"gen_by_cost_group_alternatives", "", "cost", "row_group_alternatives"},
		{"gen_by_cost_start", "", "cost", "row_start"},
		{"gen_by_start_start", "", "cost", ""},
		{"gen_cost", "", "cost", ""},
		{"css_start", "", "css", "row_start"},
		{"css_failed_share", "", "css", ""},
		{"css_batch_cost", "", "", "css_batch_cost"},
	} {
		got, ok := CSS2014ViewName(c.name, c.variant, c.row)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("CSS2014ViewName(%q, %q, %q) = %q, %v; want %q", c.name, c.variant, c.row, got, ok, c.want)
		}
		if ok {
			if _, described := CSS2014MetricInfo(got); !described {
				t.Errorf("%s has no description", got)
			}
		}
	}
}

package scenarios

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/scenarios/slotexp"
	"github.com/schedsim/schedsim/sim"
)

func TestCSS2014BuiltinsRunShort(t *testing.T) {
	for _, name := range []string{"css2014-criteria", "css2014-plans", "css2014-pricing"} {
		sc, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		sc.Points = sc.Points[:1]
		sc.Points[0].Params.(*CSS2014Params).Cycles = 10
		rep, err := Run(context.Background(), sc, Options{Replications: 2, Check: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pt := rep.Points[0]
		want := map[string]float64{
			"css2014-criteria": 171.7, // start of the start-criterion jobs, Table 1
			"css2014-plans":    115.1, // backfilling's actual processor time, Table 3
			"css2014-pricing":  527.1, // profit at c = 2, Table 2
		}[name]
		metric := map[string]string{"css2014-criteria": "row_start", "css2014-plans": "backfill_actual_proc", "css2014-pricing": "owned_profit"}[name]
		s, ok := pt.Metric(metric)
		if !ok || s.Reference != want || !(s.Mean > 0) {
			t.Errorf("%s: %s = %+v, want a positive mean and the paper's %v", name, metric, s, want)
		}
	}
}

func TestCSS2014IsDeterministic(t *testing.T) {
	run := func() string {
		sc, err := Load("css2014-nodes")
		if err != nil {
			t.Fatal(err)
		}
		sc.Points = sc.Points[:2]
		for _, pt := range sc.Points {
			pt.Params.(*CSS2014Params).Cycles = 10
		}
		rep, err := Run(context.Background(), sc, Options{Replications: 2})
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := results.WriteCSV(&b, rep); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if a, b := run(), run(); a != b {
		t.Fatal("two runs of the same scenario differ")
	}
}

func TestCSS2014BadInput(t *testing.T) {
	cases := map[string]string{
		"slices: 21": "params.slices",
		"slices: 0":  "params.slices",
		"nodes: {owned: {node: 0, performance: 6, price: 0}}":  "params.nodes.owned.price",
		"nodes: {owned: {node: 0, performance: 6, price: -2}}": "params.nodes.owned.price",
		"load_level: \"\"\n  owners: {load: 0.99}":             "params.owners.load",
		"load_level: extreme":                                  "params.load_level",
		"load_levels: {high: 1.2}":                             "params.load_levels.high",
		"variants: [css, fastest]":                             "params.variants[1]",
		"hybrid_css_share: 1.5":                                "params.hybrid_css_share",
		"jobs: {criteria: [cost, speed]}":                      "params.jobs.criteria[1]",
		"paper_table: table9":                                  "params.paper_table",
		"cycle: -600":                                          "params.cycle",
		"vo_criterion: speed":                                  "params.vo_criterion",
		"variant: fastest":                                     "params.variant",
		"table1_row: speed":                                    "params.table1_row",
		"variant: gen\n  table1_row: cost":                     "params.variant",
		"variant: shift\n  actual: true":                       "params.variant",
	}
	for params, key := range cases {
		src := "name: bad\nmodel: css2014\nseed: 1\nreplications: 1\nparams:\n  " + params + "\n"
		_, err := Parse([]byte(src), "bad.yaml", ".")
		if err == nil {
			t.Errorf("%q: accepted", params)
			continue
		}
		msg := err.Error()
		if !strings.Contains(msg, key) || !strings.HasPrefix(msg, "bad.yaml") || strings.Contains(msg, "\n") {
			t.Errorf("%q: error %q does not name %s on one line", params, msg, key)
		}
	}
}

// TestCSS2014Views: a point of one Table 1 row or one variant reports, on
// the same seed, exactly the numbers the run of every variant reports
// under that row's or variant's own names.
func TestCSS2014Views(t *testing.T) {
	run := func(set func(p *CSS2014Params)) results.Point {
		t.Helper()
		p := NewCSS2014Params()
		p.Cycles, p.LoadLevel = 20, "medium"
		set(p)
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		sc := &Scenario{Name: "v", Model: "css2014", Seed: 7, Replications: 2, Points: []Point{{Params: p}}}
		rep, err := Run(context.Background(), sc, Options{Replications: 2})
		if err != nil {
			t.Fatal(err)
		}
		return rep.Points[0]
	}
	all := run(func(*CSS2014Params) {})
	row := run(func(p *CSS2014Params) { p.Table1Row = "finish" })
	for _, c := range []struct{ view, want string }{
		{"row_start", "gen_by_finish_start"},
		{"row_group_alternatives", "gen_by_finish_group_alternatives"},
		{"row_cost", "gen_by_finish_cost"},
	} {
		a, okA := row.Metric(c.view)
		b, okB := all.Metric(c.want)
		if !okA || !okB || a.Mean != b.Mean || a.HalfWidth != b.HalfWidth {
			t.Errorf("table1_row finish: %s = %+v, want %s = %+v", c.view, a, c.want, b)
		}
	}
	for _, v := range []string{"css", "shift", "backfill"} {
		pt := run(func(p *CSS2014Params) { p.Variant = v })
		a, okA := pt.Metric("v_start_plus_proc")
		b, okB := all.Metric(v + "_start_plus_proc")
		if !okA || !okB || a.Mean != b.Mean {
			t.Errorf("variant %s: v_start_plus_proc = %+v, want %+v", v, a, b)
		}
		if _, ok := pt.Metric("v_alternatives"); ok {
			t.Errorf("variant %s reports v_alternatives, which backfilling lacks", v)
		}
	}
}

func TestCSS2014LoadLevels(t *testing.T) {
	p := NewCSS2014Params()
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	if p.Owners.Load != DefaultCSS2014LoadLevels()["medium"] {
		t.Errorf("default owners.load %v is not the medium level %v", p.Owners.Load, DefaultCSS2014LoadLevels()["medium"])
	}
	p.LoadLevel = "high"
	if err := p.Validate(); err != nil || p.Owners.Load != DefaultCSS2014LoadLevels()["high"] {
		t.Errorf("load_level high: owners.load %v, err %v", p.Owners.Load, err)
	}
}

func TestPlotMetricsValidation(t *testing.T) {
	base := "name: p\nmodel: css2014\nseed: 1\nreplications: 1\nparams: {cycles: 1}\nsweep:\n  - {key: slices, values: [1, 2]}\nplots:\n  - "
	if _, err := Parse([]byte(base+"{name: ok, metrics: [gen_proc, gen_cost], x: slices}\n"), "p.yaml", "."); err != nil {
		t.Fatalf("metrics: %v", err)
	}
	for _, bad := range []string{
		"{name: both, metrics: [gen_proc], metric: gen_cost, x: slices}",
		"{name: none, x: slices}",
	} {
		if _, err := Parse([]byte(base+bad+"\n"), "p.yaml", "."); err == nil || !strings.Contains(err.Error(), "plots") {
			t.Errorf("%s: err = %v", bad, err)
		}
	}
}

// TestCycleKindsStopOnInterrupt: a cancelled run of every cycle-based
// kind abandons its replications between two cycles (its Context is the
// only signal); with no replication finished the run reports
// sim.ErrInterrupted, not a failure.
func TestCycleKindsStopOnInterrupt(t *testing.T) {
	for name, endless := range map[string]func(Params){
		"css2014-criteria":         func(p Params) { p.(*CSS2014Params).Cycles = 1_000_000 },
		"toporkov-alp-amp":         func(p Params) { p.(*SlotsParams).Cycles = 100_000_000 },
		"toporkov-ant-replication": func(p Params) { p.(*AnticipationParams).Batches = 10_000_000 },
	} {
		t.Run(name, func(t *testing.T) {
			sc, err := Load(name)
			if err != nil {
				t.Fatal(err)
			}
			endless(sc.Points[0].Params)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			var rep *results.Report
			go func() {
				defer close(done)
				rep, err = Run(ctx, sc, Options{Replications: 2})
			}()
			// cancel once the replications are under way; so many cycles
			// take hours, so only the interrupt can end the run.
			time.AfterFunc(100*time.Millisecond, cancel)
			<-done
			// No replication finished, so nothing is kept: the run says so
			// with sim.ErrInterrupted rather than a failure of the model.
			if !errors.Is(err, sim.ErrInterrupted) || rep != nil {
				t.Fatalf("interrupted run: report %v, err %v; want sim.ErrInterrupted", rep, err)
			}
		})
	}
}

// TestCSS2014Table1RowsValid: the rows table1_row accepts are those of
// the paper's Table 1 as the cycler names them.
func TestCSS2014Table1RowsValid(t *testing.T) {
	for _, row := range slotexp.CSS2014Table1Rows() {
		p := NewCSS2014Params()
		p.Table1Row = row
		if err := p.Validate(); err != nil {
			t.Errorf("table1_row %q: %v", row, err)
		}
	}
}

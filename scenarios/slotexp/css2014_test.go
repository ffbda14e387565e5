package slotexp

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// mediumEnv is the paper's environment at the medium load level of the
// css2014 kind.
func mediumEnv() toporkov.CSS2014Config {
	env := toporkov.DefaultCSS2014Config()
	env.Owners.Load = 0.28
	return env
}

func run2014(t testing.TB, cfg CSS2014Config, env toporkov.CSS2014Config, seed uint64) map[string]float64 {
	t.Helper()
	g, err := toporkov.NewCSS2014Generator(env, sim.NewStreams(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	m, err := RunCSS2014(context.Background(), g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, x := range m {
		out[x.Name] = x.Value
	}
	return out
}

// TestCSS2014Invariants runs every variant with actual runtimes and the
// invariant checker on a few cycles at each load level.
func TestCSS2014Invariants(t *testing.T) {
	for _, load := range []float64{0.05, 0.28, 0.37} {
		env := mediumEnv()
		env.Owners.Load = load
		for _, k := range []int{1, 3, 20} {
			cfg := CSS2014Config{Cycles: 8, Variants: CSS2014Variants(), Slices: k, HybridCSSJobs: 10, Actual: true, Check: true}
			m := run2014(t, cfg, env, 5)
			for _, v := range CSS2014Variants() {
				if !(m[v+"_proc"] > 0) {
					t.Fatalf("load %v k %d: %s_proc = %v", load, k, v, m[v+"_proc"])
				}
			}
			// plans kept: actual start is the planned start; backfilling
			// re-plans and never starts a job later than planned.
			if m["gen_actual_start"] != m["gen_start"] || m["css_actual_start"] != m["css_start"] {
				t.Fatalf("a kept plan moved: %v", m)
			}
			if m["backfill_actual_start"] > m["backfill_start"] {
				t.Fatalf("backfilling started later than planned: %v > %v", m["backfill_actual_start"], m["backfill_start"])
			}
			if m["shift_start"] > m["css_start"] || math.Abs(m["shift_proc"]-m["css_proc"]) > 1e-9*m["css_proc"] || m["shift_cost"] != m["css_cost"] {
				t.Fatalf("shift: start %v (css %v), proc %v (css %v)", m["shift_start"], m["css_start"], m["shift_proc"], m["css_proc"])
			}
		}
	}
}

// TestCSS2014UserCriteriaWinTheirColumns is a short version of Table 1:
// over 150 cycles, the jobs whose users chose runtime, finish or cost have
// the best mean of that measure among the four criteria groups.
func TestCSS2014UserCriteriaWinTheirColumns(t *testing.T) {
	m := run2014(t, CSS2014Config{Cycles: 150, Variants: []string{VariantGeneralised}, Slices: 1}, mediumEnv(), 11)
	groups := []string{"start", "runtime", "finish", "cost"}
	for _, col := range []string{"runtime", "finish", "cost"} {
		for _, g := range groups {
			if g != col && m["gen_by_"+g+"_"+col] <= m["gen_by_"+col+"_"+col] {
				t.Errorf("column %s: group %s (%v) beats group %s (%v)", col, g, m["gen_by_"+g+"_"+col], col, m["gen_by_"+col+"_"+col])
			}
		}
	}
}

// BenchmarkCSS2014Cycle measures one scheduling cycle of each variant at
// the medium load level (the environment generation included); 5 000
// cycles take 5 000 × ns/op.
func BenchmarkCSS2014Cycle(b *testing.B) {
	for _, v := range CSS2014Variants() {
		b.Run(v, func(b *testing.B) {
			cfg := CSS2014Config{Variants: []string{v}, Slices: 1, HybridCSSJobs: 10, Actual: v != VariantShift && v != VariantHybrid}
			g, err := toporkov.NewCSS2014Generator(mediumEnv(), sim.NewStreams(1, 0))
			if err != nil {
				b.Fatal(err)
			}
			c, err := NewCSS2014Cycler(cfg, g.Config())
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := c.RunCycle(g.Next()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestCSS2014MetricNamesAreUnique(t *testing.T) {
	env := mediumEnv()
	env.Nodes.Owned = &toporkov.CSS2014OwnedNode{Node: 0, Performance: 6, Price: 6}
	g, err := toporkov.NewCSS2014Generator(env, sim.NewStreams(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	m, err := RunCSS2014(context.Background(), g, CSS2014Config{Cycles: 2, Variants: CSS2014Variants(), Slices: 2, HybridCSSJobs: 10, Actual: true})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, x := range m {
		if seen[x.Name] {
			t.Errorf("metric %s reported twice", x.Name)
		}
		seen[x.Name] = true
	}
}

func TestRunCSS2014StopsWhenCancelled(t *testing.T) {
	g, err := toporkov.NewCSS2014Generator(mediumEnv(), sim.NewStreams(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// 10⁶ cycles would take hours: only the cancellation can end the run.
	m, err := RunCSS2014(ctx, g, CSS2014Config{Cycles: 1_000_000, Variants: []string{VariantCSS}, Slices: 1})
	if !errors.Is(err, sim.ErrInterrupted) || m != nil {
		t.Fatalf("metrics %v, err %v; want sim.ErrInterrupted", m, err)
	}
}

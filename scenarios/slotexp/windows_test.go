package slotexp

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/anticipation"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

// windowRow is one row of the per-window records.
type windowRow struct {
	cycle, job, alt, node int
	variant               string
	chosen                bool
	start, end, cost      float64
}

func readWindowRows(t *testing.T, b []byte) []windowRow {
	t.Helper()
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) == 0 || !slices.Equal(recs[0], WindowColumns) {
		t.Fatalf("header %v, want %v", recs[:min(1, len(recs))], WindowColumns)
	}
	var rows []windowRow
	for _, r := range recs[1:] {
		n := func(i int) float64 {
			if r[i] == "" {
				return -1
			}
			v, err := strconv.ParseFloat(r[i], 64)
			if err != nil {
				t.Fatalf("row %v: %v", r, err)
			}
			return v
		}
		rows = append(rows, windowRow{cycle: int(n(0)), variant: r[1], job: int(n(2)), alt: int(n(3)), chosen: n(4) == 1,
			node: int(n(5)), start: n(6), end: n(7), cost: n(8)})
	}
	return rows
}

// checkChosen checks the chosen windows of every (cycle, variant): no two
// overlap on a node, every part ends after it starts, a job has at most
// one chosen window, all its parts start together, and no cycle is past
// MaxWindowCycles. It returns the chosen jobs by "cycle variant".
func checkChosen(t *testing.T, rows []windowRow) map[string]int {
	t.Helper()
	type key struct {
		cycle   int
		variant string
	}
	byKey := map[key][]windowRow{}
	for _, r := range rows {
		if r.cycle < 0 || r.cycle >= MaxWindowCycles {
			t.Fatalf("cycle %d recorded (only the first %d are)", r.cycle, MaxWindowCycles)
		}
		if !(r.end > r.start) || !(r.cost >= 0) {
			t.Fatalf("bad part %+v", r)
		}
		if r.chosen {
			byKey[key{r.cycle, r.variant}] = append(byKey[key{r.cycle, r.variant}], r)
		}
	}
	jobs := map[string]int{}
	for k, rs := range byKey {
		start := map[int]float64{}
		alt := map[int]int{}
		for i, a := range rs {
			if s, ok := start[a.job]; ok && (s != a.start || alt[a.job] != a.alt) {
				t.Fatalf("cycle %d %s: job %d has two chosen windows (%+v)", k.cycle, k.variant, a.job, a)
			}
			start[a.job], alt[a.job] = a.start, a.alt
			for _, b := range rs[i+1:] {
				if a.node == b.node && a.start < b.end && b.start < a.end {
					t.Fatalf("cycle %d %s: jobs %d and %d overlap on node %d", k.cycle, k.variant, a.job, b.job, a.node)
				}
			}
		}
		jobs[fmt.Sprint(k.cycle, " ", k.variant)] = len(start)
	}
	return jobs
}

// TestSlotsWindows: the slots experiment records its first cycles'
// alternatives under each of the four choices; in a counted cycle every
// job has exactly one chosen window, and recording changes no metric.
func TestSlotsWindows(t *testing.T) {
	cfg := ExperimentConfig{Cycles: MaxWindowCycles + 5}
	src := func() Source {
		g, err := toporkov.NewGenerator(toporkov.DefaultConfig(), sim.NewStreams(3, 0))
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	plain, recs, err := RunExperiment(context.Background(), src(), ExperimentConfig{Cycles: cfg.Cycles, Record: -1})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	cfg.Windows = NewWindows(&b)
	got, _, err := RunExperiment(context.Background(), src(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got.Metrics(), plain.Metrics()) {
		t.Fatal("recording windows changed the metrics")
	}
	rows := readWindowRows(t, b.Bytes())
	chosen := checkChosen(t, rows)
	counted := 0
	for _, r := range recs {
		if r.Cycle >= MaxWindowCycles {
			continue
		}
		counted++
		for _, v := range slotsVariants {
			for _, name := range v {
				if n := chosen[fmt.Sprint(r.Cycle, " ", name)]; n != r.Jobs {
					t.Errorf("cycle %d %s: %d jobs chosen, want %d", r.Cycle, name, n, r.Jobs)
				}
			}
		}
	}
	if counted == 0 {
		t.Fatal("no counted cycle among the recorded ones: the test checks nothing")
	}
	if !slices.ContainsFunc(rows, func(r windowRow) bool { return !r.chosen }) {
		t.Fatal("no alternative that was not chosen recorded")
	}
}

// TestCSS2014Windows: every variant's planned windows of the first
// cycles, none overlapping, and the same metrics as without recording.
func TestCSS2014Windows(t *testing.T) {
	cfg := CSS2014Config{Cycles: 3, Variants: CSS2014Variants(), Slices: 2, HybridCSSJobs: 10}
	plain := run2014(t, cfg, mediumEnv(), 9)
	var b bytes.Buffer
	cfg.Windows = NewWindows(&b)
	if got := run2014(t, cfg, mediumEnv(), 9); fmt.Sprint(got) != fmt.Sprint(plain) {
		t.Fatal("recording windows changed the metrics")
	}
	chosen := checkChosen(t, readWindowRows(t, b.Bytes()))
	for c := range 3 {
		for _, v := range CSS2014Variants() {
			if chosen[fmt.Sprint(c, " ", v)] == 0 {
				t.Errorf("cycle %d: no window of %s", c, v)
			}
		}
	}
}

// TestANTWindows: the comparison's alternatives and chosen windows.
func TestANTWindows(t *testing.T) {
	cfg := ANTConfig{Experiment: ExperimentComparison, Batches: 2, Limit: 10, Method: MethodCSS,
		Similarity: anticipation.Similarity{Terms: []css.Property{css.Cost}, Floor: 1}}
	g, err := toporkov.NewDomainGenerator(toporkov.DefaultDomainConfig(), sim.NewStreams(4, 0))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	cfg.Windows = NewWindows(&b)
	if _, err := RunANT(context.Background(), g, cfg, nil); err != nil {
		t.Fatal(err)
	}
	rows := readWindowRows(t, b.Bytes())
	chosen := checkChosen(t, rows)
	if chosen["0 "+MethodCSS] == 0 || chosen["1 "+MethodCSS] == 0 {
		t.Fatalf("chosen jobs %v", chosen)
	}
	if !slices.ContainsFunc(rows, func(r windowRow) bool { return !r.chosen }) {
		t.Error("no alternative that was not chosen: CSS finds several per job")
	}
}

// TestWindowsDoNotAllocate: once the buffers have grown, recording a
// cycle's windows costs no allocation.
func TestWindowsDoNotAllocate(t *testing.T) {
	w := NewWindows(io.Discard)
	win := slot.Window{Start: 1.5, Slots: []slot.Slot{{Node: 3, Start: 1.5, End: 4}, {Node: 7, Start: 1.5, End: 3.25}}, Cost: 12.5}
	plan := css.Plan{Alternatives: [][]css.Alternative{{css.NewAlternative(win), css.NewAlternative(win)}}, Chosen: []int{1}}
	planned := []slot.Window{win, win}
	var r CycleResult
	r.Counted = true
	r.Choice[0].MinTime.Index, r.Choice[0].MinCost.Index = []int{0}, []int{0}
	r.Choice[1].MinTime.Index, r.Choice[1].MinCost.Index = []int{0}, []int{0}
	cycle := 0
	if n := testing.AllocsPerRun(100, func() {
		w.Begin(cycle % MaxWindowCycles)
		cycle++
		w.Planned("gen", planned)
		w.Plan("css", plan)
		w.keep(0, 0, 0, win)
		w.keep(1, 0, 0, win)
		w.choices(r)
	}); n != 0 {
		t.Errorf("%v allocations per cycle, want 0", n)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
}

// TestWindowsOnlyFirstCycles: cycles past MaxWindowCycles write nothing,
// and a nil Windows does nothing.
func TestWindowsOnlyFirstCycles(t *testing.T) {
	var nilW *Windows
	if nilW.Begin(0) || nilW.Flush() != nil {
		t.Fatal("nil Windows records")
	}
	nilW.Planned("x", []slot.Window{{Slots: []slot.Slot{{End: 1}}}})
	var b bytes.Buffer
	w := NewWindows(&b)
	if w.Begin(MaxWindowCycles) {
		t.Fatal("Begin past MaxWindowCycles reports recording")
	}
	w.Planned("x", []slot.Window{{Slots: []slot.Slot{{End: 1}}}})
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(b.String()); got != strings.Join(WindowColumns, ",") {
		t.Fatalf("wrote %q, want only the header", got)
	}
}

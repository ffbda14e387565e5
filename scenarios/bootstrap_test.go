package scenarios

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/results"
)

// TestBootstrapDeterministic runs a bootstrapped sweep at GOMAXPROCS 1
// with one worker and at GOMAXPROCS 2 with three: summary.csv,
// summary.json and the text table are byte-identical, and they carry the
// population interval, whose half-width is √(n+1) times the replication
// CI's (t·sd·√(1+1/n) against t·sd/√n: the excerpt's bootstrap strata
// have more users than the 4 replications, so both t have n − 1 degrees
// of freedom).
func TestBootstrapDeterministic(t *testing.T) {
	needExcerpt(t)
	abs, err := filepath.Abs(excerptTrace)
	if err != nil {
		t.Fatal(err)
	}
	const reps = 4
	src := "name: t\nmodel: cluster\nseed: 5\nreplications: " + strconv.Itoa(reps) + "\nparams:\n  trace: " + abs +
		"\n  replicate: {method: bootstrap}\nsweep:\n  - key: policy\n    values: [fcfs, easy]\n"
	var outs, csvs []string
	for _, c := range []struct{ procs, workers int }{{1, 1}, {2, 3}} {
		old := runtime.GOMAXPROCS(c.procs)
		sc, err := Parse([]byte(src), "t.yaml", t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		res, err := Run(context.Background(), sc, Options{Workers: c.workers, Log: zerolog.Nop()})
		runtime.GOMAXPROCS(old)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := results.WriteCSV(&b, res); err != nil {
			t.Fatal(err)
		}
		csvs = append(csvs, b.String())
		if err := results.WriteJSON(&b, res); err != nil {
			t.Fatal(err)
		}
		if err := results.WriteText(&b, res, results.TextOptions{Format: "long"}); err != nil {
			t.Fatal(err)
		}
		outs = append(outs, b.String())
	}
	if outs[0] != outs[1] {
		t.Fatal("GOMAXPROCS 1 with 1 worker and GOMAXPROCS 2 with 3 workers give different outputs")
	}
	if !strings.Contains(outs[0], "± 95% population") || !strings.Contains(outs[0], `"population_ci_half_width"`) {
		t.Errorf("no population interval in the table or summary.json:\n%s", outs[0])
	}
	rows, err := csv.NewReader(strings.NewReader(csvs[0])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := func(name string) int { return slices.Index(rows[0], name) }
	hw, pop := col("ci_half_width"), col("population_ci_half_width")
	if hw < 0 || pop < 0 {
		t.Fatalf("summary.csv columns %v", rows[0])
	}
	checked := 0
	for _, r := range rows[1:] {
		if r[col("metric")] != "mean_wait" {
			continue
		}
		h, _ := strconv.ParseFloat(r[hw], 64)
		p, _ := strconv.ParseFloat(r[pop], 64)
		if !(h > 0) || math.Abs(p/h-math.Sqrt(reps+1)) > 1e-9 {
			t.Errorf("%v: population half-width %v, CI half-width %v: want a ratio of √%d", r, p, h, reps+1)
		}
		checked++
	}
	if checked != 2 {
		t.Errorf("%d mean_wait rows, want 2", checked)
	}
}

// TestBootstrapDegreesOfFreedom: a trace of 3 long-term users and 5
// temporary ones, replayed with 5 bootstrap replications, gets population
// intervals with 2 degrees of freedom (its smaller stratum's users − 1),
// not the replications' 4: population_ci_half_width = t(2)·sd·√(1 + 1/5).
func TestBootstrapDegreesOfFreedom(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("; MaxProcs: 16\n")
	job := 0
	add := func(user int, from, to float64) {
		for s := from; s < to; s += 6 * 3600 {
			job++
			fmt.Fprintf(&b, "%d %.0f -1 %d %d -1 -1 %d 20000 -1 1 %d -1 -1 -1 -1 -1 -1\n", job, s+float64(user*600), 3600+user*900, 1+user%4, 1+user%4, user)
		}
	}
	const week = 7 * 86400
	for u := 1; u <= 3; u++ { // active in all 4 weeks (and a day after)
		add(u, 0, 4*week+86400)
	}
	for u := 4; u <= 8; u++ { // active a day in one week
		w := float64(u % 4)
		add(u, w*week, w*week+86400)
	}
	trace := filepath.Join(dir, "users.swf")
	if err := os.WriteFile(trace, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	const reps = 5
	src := "name: t\nmodel: cluster\nseed: 3\nreplications: " + strconv.Itoa(reps) + "\nparams:\n  trace: " + trace +
		"\n  policy: fcfs\n  replicate: {method: bootstrap}\n"
	sc, err := Parse([]byte(src), "t.yaml", dir)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), sc, Options{Workers: 1, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range res.Points[0].Summaries {
		if s.Name != "mean_wait" {
			continue
		}
		want := results.TQuantile(results.Confidence, 2) * s.SD * math.Sqrt(1+1.0/reps)
		if got := s.PopulationHalfWidth(); !(s.SD > 0) || math.Abs(got-want) > 1e-9*want {
			t.Errorf("mean_wait: population half-width %v (sd %v), want t(2)·sd·√(1+1/%d) = %v", got, s.SD, reps, want)
		}
		return
	}
	t.Error("no mean_wait summary")
}

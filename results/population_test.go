package results

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// TestPopulationHalfWidth checks the formula, t(n−1)·sd·√(1+1/n), and NaN
// below two replications.
func TestPopulationHalfWidth(t *testing.T) {
	if got, want := PopulationHalfWidth(2, 30), 2.045229642132703*2*math.Sqrt(31.0/30); math.Abs(got-want) > 1e-9 {
		t.Errorf("PopulationHalfWidth(2, 30) = %v, want %v", got, want)
	}
	if !math.IsNaN(PopulationHalfWidth(1, 1)) {
		t.Error("PopulationHalfWidth of one replication is not NaN")
	}
	// Undefined values are left out of n.
	s := Describe("m", []float64{1, 2, 4, math.NaN()})
	if got, want := s.PopulationHalfWidth(), PopulationHalfWidth(s.SD, 3); got != want {
		t.Errorf("summary with an undefined value: %v, want %v", got, want)
	}
}

// TestPopulationOutputs checks that summary.csv, summary.json and the
// text tables show the population interval exactly when the report says
// its replications are bootstrap workloads.
func TestPopulationOutputs(t *testing.T) {
	mk := func(pop bool) *Report {
		r := &Report{Scenario: "s", Model: "cluster", Replications: 3, PopulationCI: pop}
		for _, policy := range []string{"fcfs", "easy"} {
			r.Points = append(r.Points, Point{Labels: []Label{{"policy", policy}}, Replications: 3,
				Summaries: []Summary{Describe("mean_wait", []float64{10, 12, 17})}})
		}
		return r
	}
	for _, pop := range []bool{false, true} {
		r := mk(pop)
		var csv, js, long, table bytes.Buffer
		if err := WriteCSV(&csv, r); err != nil {
			t.Fatal(err)
		}
		if err := WriteJSON(&js, r); err != nil {
			t.Fatal(err)
		}
		if err := WriteText(&long, r, TextOptions{Format: "long"}); err != nil {
			t.Fatal(err)
		}
		if err := WriteTable(&table, r); err != nil {
			t.Fatal(err)
		}
		hw := FormatNumber(r.Points[0].Summaries[0].PopulationHalfWidth(), 6, 1e-4, 1e15)
		for name, has := range map[string]bool{
			"summary.csv header":   strings.HasSuffix(strings.SplitN(csv.String(), "\n", 2)[0], ",population_ci_half_width,population_ci_low,population_ci_high"),
			"summary.json":         strings.Contains(js.String(), `"population_ci_low"`),
			"long table column":    strings.Contains(long.String(), "± 95% population") && strings.Contains(long.String(), hw),
			"compact table tables": strings.Contains(table.String(), "95% population interval"),
		} {
			if has != pop {
				t.Errorf("PopulationCI %v: %s shows the population interval: %v", pop, name, has)
			}
		}
	}
}

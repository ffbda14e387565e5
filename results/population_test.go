package results

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestPopulationHalfWidth checks the formula, t(ν)·sd·√(1+1/n) with
// ν = min(n, users) − 1 (n − 1 when users is under two), and NaN below
// two replications.
func TestPopulationHalfWidth(t *testing.T) {
	for _, c := range []struct {
		n, users int
		t        float64 // t quantile 0.975 of ν degrees of freedom
	}{
		{30, 0, 2.045229642132703},  // ν = 29
		{30, 1, 2.045229642132703},  // a stratum of one user bounds nothing
		{30, 40, 2.045229642132703}, // more users than replications: ν = 29
		{30, 12, 2.200985160082949}, // ν = 11
	} {
		if got, want := PopulationHalfWidth(2, c.n, c.users), c.t*2*math.Sqrt(1+1/float64(c.n)); math.Abs(got-want) > 1e-9 {
			t.Errorf("PopulationHalfWidth(2, %d, %d) = %v, want %v", c.n, c.users, got, want)
		}
	}
	if !math.IsNaN(PopulationHalfWidth(1, 1, 10)) {
		t.Error("PopulationHalfWidth of one replication is not NaN")
	}
	// Undefined values are left out of n.
	s := Describe("m", []float64{1, 2, 4, math.NaN()})
	s.PopulationUsers = 2
	if got, want := s.PopulationHalfWidth(), PopulationHalfWidth(s.SD, 3, 2); got != want {
		t.Errorf("summary with an undefined value: %v, want %v", got, want)
	}
}

// TestPopulationHalfWidthCoverage applies the interval where Student's
// theory holds: the mean of a normal value over 6 users, estimated by 30
// user bootstraps of one sample of them (as workloads/replicate's
// bootstrap does with real users) in each of 2 000 trials. With the
// replications' 29 degrees of freedom the interval ignores that sd comes
// from 6 users and covers the mean far less than 95% (about 88%, theory
// says); with the users' 5 it must cover at least 90% (theory: about 93%,
// the rest being the bootstrap variance's bias, (n − 1)/n), and more than
// three binomial standard deviations more often.
func TestPopulationHalfWidthCoverage(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	const trials, users, reps = 2000, 6, 30
	var byUsers, byReps int
	sample, xs := make([]float64, users), make([]float64, reps)
	for range trials {
		for i := range sample {
			sample[i] = r.NormFloat64()
		}
		for j := range xs {
			sum := 0.0
			for range users {
				sum += sample[r.IntN(users)]
			}
			xs[j] = sum / users
		}
		s := Describe("m", xs)
		if math.Abs(s.Mean) <= PopulationHalfWidth(s.SD, reps, users) {
			byUsers++
		}
		if math.Abs(s.Mean) <= PopulationHalfWidth(s.SD, reps, 0) {
			byReps++
		}
	}
	t.Logf("covered with the users' degrees of freedom %d of %d, with the replications' %d", byUsers, trials, byReps)
	if sdev := math.Sqrt(0.95 * 0.05 * trials); float64(byUsers) < 0.90*trials || float64(byUsers-byReps) <= 3*sdev {
		t.Errorf("covered %d of %d with the users' degrees of freedom, %d with the replications': want ≥ 90%% and more than %.0f apart",
			byUsers, trials, byReps, 3*sdev)
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

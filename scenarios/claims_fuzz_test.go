package scenarios

import (
	"math"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/results"
)

// FuzzClaims feeds arbitrary claims: entries to a small mmc sweep. Nothing
// may panic; an error is one line naming the file; claims that validate
// are evaluated on a made-up report of the sweep (NaN and a constant
// metric included) without an error, each to one of the three verdicts.
func FuzzClaims(f *testing.F) {
	for _, seed := range []string{
		"  - name: a\n    paper: x\n    order: {metric: waiting_time, axis: load, goal: increasing}\n",
		"  - name: a\n    paper: x\n    where: {servers: 4}\n    peak: {metric: utilization, axis: load, goal: max}\n",
		"  - name: a\n    paper: x\n    best: {metric: response_time, axis: servers, value: \"1\", goal: min}\n",
		"  - name: a\n    paper: x\n    difference: {metric: events, axis: load, a: \"0.9\", b: \"0.5\", relative: true, at_least: 5, at_most: 50}\n",
		"  - name: a\n    paper: x\n    within: {metric: utilization, tolerance: \"1%\"}\n  - name: b\n    paper: y\n    within: {metric: arrival_rate, range: [0, 1]}\n",
		"  - name: a\n    paper: x\n    within: {metric: events, reference: 3, tolerance: 0.5}\n",
		"  - {name: a, paper: x, expect: not decidable, order: {metric: waiting_time, axis: servers, values: [\"16\", \"1\"], goal: decreasing}}\n",
	} {
		f.Add(seed)
	}
	const head = "name: f\nmodel: mmc\nreplications: 2\nparams: {service_rate: 1}\nsweep:\n  - {key: servers, values: [1, 4, 16]}\n  - {key: load, values: [0.5, 0.8, 0.9]}\nclaims:\n"
	f.Fuzz(func(t *testing.T, entries string) {
		sc, err := Parse([]byte(head+entries), "fuzz.yaml", t.TempDir())
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || !strings.HasPrefix(msg, "fuzz.yaml") {
				t.Fatalf("error %q: not one line naming the file", msg)
			}
			return
		}
		r := &results.Report{Scenario: sc.Name}
		for i, p := range sc.Points {
			var sums []results.Summary
			for j, m := range MetricNames(p.Params) {
				vals := []float64{float64(i*j) + 0.5, float64(i+j) * 1.5}
				if j == 6 && i == 4 {
					vals[1] = math.NaN()
				}
				if j == 4 {
					vals = []float64{1, 1}
				}
				s := results.Describe(m, vals)
				s.Reference = float64(i + j)
				sums = append(sums, s)
			}
			r.Points = append(r.Points, results.Point{Labels: p.Labels, Summaries: sums, Replications: 2})
		}
		vs, err := sc.EvaluateClaims(r)
		if err != nil {
			t.Fatalf("a validated claim does not evaluate: %v", err)
		}
		if len(vs) != len(sc.Claims) {
			t.Fatalf("%d verdicts for %d claims", len(vs), len(sc.Claims))
		}
		for _, v := range vs {
			if v.Verdict.String() == "" || v.Numbers == "" {
				t.Fatalf("verdict %+v", v)
			}
		}
	})
}

package claims

import (
	"math"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/results"
)

// pt is a hand-made point: labels "k=v k=v" and the replications' values
// of metric m (and an optional reference).
type pt struct {
	labels string
	m      []float64
	ref    float64
}

func report(pts ...pt) *results.Report {
	r := &results.Report{Scenario: "test", Metrics: []results.MetricInfo{{Name: "m", Unit: "s"}}}
	for _, p := range pts {
		var ls []results.Label
		for _, kv := range strings.Fields(p.labels) {
			k, v, _ := strings.Cut(kv, "=")
			ls = append(ls, results.Label{Key: k, Value: v})
		}
		s := results.Describe("m", p.m)
		s.Reference = math.NaN()
		if p.ref != 0 {
			s.Reference = p.ref
		}
		r.Points = append(r.Points, results.Point{Labels: ls, Summaries: []results.Summary{s}, Replications: len(p.m)})
	}
	return r
}

func f(x float64) *float64 { return &x }

func TestEvaluate(t *testing.T) {
	// a is clearly below b and c (paired: the same noise in every
	// replication); d overlaps a.
	three := report(
		pt{labels: "p=a", m: []float64{1, 2, 3}},
		pt{labels: "p=b", m: []float64{2, 3.1, 4}},
		pt{labels: "p=c", m: []float64{3, 4, 5.2}},
	)
	overlap := report(
		pt{labels: "p=a", m: []float64{1, 2, 3}},
		pt{labels: "p=b", m: []float64{1.5, 1.8, 3.1}},
	)
	single := report(
		pt{labels: "p=a", m: []float64{1}},
		pt{labels: "p=b", m: []float64{1}},
		pt{labels: "p=c", m: []float64{2}},
	)
	// at every value of q: at q=1 a < b holds, at q=2 it fails.
	twoAxes := report(
		pt{labels: "p=a q=1", m: []float64{1, 2, 3}},
		pt{labels: "p=b q=1", m: []float64{2, 3, 4.1}},
		pt{labels: "p=a q=2", m: []float64{5, 6, 7}},
		pt{labels: "p=b q=2", m: []float64{2, 3, 4.1}},
	)
	peaked := report(
		pt{labels: "x=1", m: []float64{1, 2, 3}},
		pt{labels: "x=2", m: []float64{5, 6, 7.1}},
		pt{labels: "x=3", m: []float64{2, 3, 4.2}},
	)
	edge := report(
		pt{labels: "x=1", m: []float64{1, 2, 3}},
		pt{labels: "x=2", m: []float64{5, 6, 7.1}},
		pt{labels: "x=3", m: []float64{9, 10, 11.3}},
	)
	rel := report(
		pt{labels: "p=a", m: []float64{10, 20, 30}},
		pt{labels: "p=b", m: []float64{13, 26, 39.3}},
	)
	refs := report(
		pt{labels: "p=a", m: []float64{0.99, 1.0, 1.01}, ref: 1},
		pt{labels: "p=b", m: []float64{1.02, 1.03, 1.04}, ref: 1},
	)
	for _, tc := range []struct {
		name  string
		r     *results.Report
		c     Claim
		want  Outcome
		shows string
	}{
		{"best min reproduced", three, Claim{Best: &Best{"m", "p", "a", "min"}}, Reproduced, "p=a 2 ± 2.5 < p=b 3.033 ± 2.5, paired Δ -1.033 ± 0.14 (s)"},
		{"best max not reproduced", three, Claim{Best: &Best{"m", "p", "a", "max"}}, NotReproduced, "p=a 2"},
		{"best not decidable", overlap, Claim{Best: &Best{"m", "p", "a", "min"}}, NotDecidable, "paired Δ"},
		{"best where fixes", twoAxes, Claim{Where: map[string]string{"q": "1"}, Best: &Best{"m", "p", "a", "min"}}, Reproduced, "p=a"},
		{"best at every value of q", twoAxes, Claim{Best: &Best{"m", "p", "a", "min"}}, NotReproduced, "at q=2"},
		{"order increasing", three, Claim{Order: &Order{Metric: "m", Axis: "p", Goal: "increasing"}}, Reproduced, "p=b 3.033 ± 2.5 < p=c"},
		{"order values", three, Claim{Order: &Order{Metric: "m", Axis: "p", Values: []string{"c", "a"}, Goal: "decreasing"}}, Reproduced, "p=c 4.067 ± 2.7 > p=a"},
		{"order decreasing fails", three, Claim{Order: &Order{Metric: "m", Axis: "p", Goal: "decreasing"}}, NotReproduced, ""},
		{"one replication: values", single, Claim{Order: &Order{Metric: "m", Axis: "p", Values: []string{"b", "c"}, Goal: "increasing"}}, Reproduced, "p=b 1 < p=c 2, Δ -1 (s)"},
		{"one replication: equal fails a strict claim", single, Claim{Best: &Best{"m", "p", "a", "min"}}, NotReproduced, "p=a 1 = p=b 1"},
		{"peak inside", peaked, Claim{Peak: &Peak{"m", "x", "max"}}, Reproduced, "max inside at x=2"},
		{"peak at the end", edge, Claim{Peak: &Peak{"m", "x", "max"}}, NotReproduced, "max at the end x=3"},
		{"peak min at the end", peaked, Claim{Peak: &Peak{"m", "x", "min"}}, NotReproduced, "min at the end x=1"},
		{"difference > 0", three, Claim{Difference: &Difference{Metric: "m", Axis: "p", A: "c", B: "a"}}, Reproduced, "want > 0"},
		{"difference at least", three, Claim{Difference: &Difference{Metric: "m", Axis: "p", A: "c", B: "a", AtLeast: f(1.5)}}, Reproduced, "paired Δ 2.067 ± 0.29 (s), want ≥ 1.5"},
		{"difference at least fails", three, Claim{Difference: &Difference{Metric: "m", Axis: "p", A: "c", B: "a", AtLeast: f(3)}}, NotReproduced, ""},
		{"difference at least undecidable", three, Claim{Difference: &Difference{Metric: "m", Axis: "p", A: "c", B: "a", AtLeast: f(2.1)}}, NotDecidable, ""},
		{"difference at most", three, Claim{Difference: &Difference{Metric: "m", Axis: "p", A: "c", B: "a", AtMost: f(1)}}, NotReproduced, ""},
		// relative: 100·(c−a)/a per replication = 200, 100, 73.3 %
		{"difference relative not decidable", three, Claim{Difference: &Difference{Metric: "m", Axis: "p", A: "c", B: "a", Relative: true, AtLeast: f(25), AtMost: f(300)}}, NotDecidable, "paired Δ 124.4 ± 170 (%)"},
		// 30, 30, 31 %
		{"difference relative", rel, Claim{Difference: &Difference{Metric: "m", Axis: "p", A: "b", B: "a", Relative: true, AtLeast: f(25), AtMost: f(33)}}, Reproduced, "paired Δ 30.33 ± 1.4 (%), want ≥ 25 and ≤ 33"},
		{"difference relative above at_most", rel, Claim{Difference: &Difference{Metric: "m", Axis: "p", A: "b", B: "a", Relative: true, AtMost: f(20)}}, NotReproduced, ""},
		{"difference relative one replication", single, Claim{Difference: &Difference{Metric: "m", Axis: "p", A: "c", B: "a", Relative: true, AtLeast: f(100), AtMost: f(100)}}, Reproduced, "Δ 100 (%)"},
		{"within % of the point's reference", refs, Claim{Where: map[string]string{"p": "a"}, Within: &Within{Metric: "m", Tolerance: "1%"}}, Reproduced, "1 ± 0.025 in [0.99, 1.01] = reference 1 ± 1% (s)"},
		{"within at every point: one not decidable", refs, Claim{Within: &Within{Metric: "m", Tolerance: "1%"}}, NotDecidable, "outside"},
		{"within absolute fails", refs, Claim{Within: &Within{Metric: "m", Reference: f(2), Tolerance: "0.5"}}, NotReproduced, "outside [1.5, 2.5]"},
		{"within range", refs, Claim{Within: &Within{Metric: "m", Range: []float64{0.9, 1.1}}}, Reproduced, "at p=b"},
		{"within range fails", single, Claim{Within: &Within{Metric: "m", Range: []float64{0, 1.5}}}, NotReproduced, "2 outside [0, 1.5] (s) at p=c"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.c.Name, tc.c.Paper = "c", "p"
			vs, err := Evaluate(tc.r, []Claim{tc.c})
			if err != nil {
				t.Fatal(err)
			}
			if got := vs[0]; got.Verdict != tc.want || !strings.Contains(got.Numbers, tc.shows) {
				t.Errorf("verdict %s, numbers %q\nwant %s, numbers containing %q", got.Verdict, got.Numbers, tc.want, tc.shows)
			}
		})
	}
}

func TestEvaluateErrors(t *testing.T) {
	r := report(pt{labels: "p=a", m: []float64{1, 2}}, pt{labels: "p=b", m: []float64{1, 2}})
	for _, tc := range []struct {
		c    Claim
		want string
	}{
		{Claim{Within: &Within{Metric: "m", Tolerance: "1%"}}, "claims[0] (c): point p=a: metric m has no reference value here: give within.reference"},
		{Claim{Where: map[string]string{"p": "z"}, Within: &Within{Metric: "m", Range: []float64{0, 1}}}, "no point of the run matches where: p=z"},
		{Claim{Best: &Best{"x", "p", "a", "min"}}, `has no metric "x"`},
	} {
		tc.c.Name = "c"
		if _, err := Evaluate(r, []Claim{tc.c}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("error %v, want %q", err, tc.want)
		}
	}
}

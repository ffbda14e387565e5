package claims_test

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/claims"
)

// Two policies compared on three replications that share random numbers:
// the paired difference decides the claim even though the two CIs
// overlap.
func ExampleEvaluate() {
	point := func(policy string, waits ...float64) results.Point {
		s := results.Describe("mean_wait", waits)
		s.Reference = math.NaN()
		return results.Point{Labels: []results.Label{{Key: "policy", Value: policy}}, Summaries: []results.Summary{s}}
	}
	r := &results.Report{
		Scenario: "demo",
		Metrics:  []results.MetricInfo{{Name: "mean_wait", Unit: "s"}},
		Points:   []results.Point{point("easy", 100, 200, 300), point("fcfs", 110, 215, 320)},
	}
	c := []claims.Claim{{Name: "easy-waits-less", Paper: "EASY waits less than FCFS",
		Best: &claims.Best{Metric: "mean_wait", Axis: "policy", Value: "easy", Goal: "min"}}}
	if err := claims.Validate(c, []string{"mean_wait"}, claims.AxesOf([][]results.Label{r.Points[0].Labels, r.Points[1].Labels})); err != nil {
		fmt.Println(err)
		return
	}
	vs, err := claims.Evaluate(r, c)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(vs[0].Verdict)
	fmt.Println(vs[0].Numbers)
	// Output:
	// reproduced
	// policy=easy 200 ± 250 < policy=fcfs 215 ± 260, paired Δ -15 ± 12 (s)
}

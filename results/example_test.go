package results_test

import (
	"fmt"

	"github.com/schedsim/schedsim/results"
)

// The statistics of a point over its replications: mean, sample standard
// deviation and the half-width of the 95% Student-t confidence interval,
// beside a reference value (here Erlang-C's mean wait of M/M/1 at load
// 0.5, 1 service time).
func ExampleSummarize() {
	var reps []results.Metrics
	for _, w := range []float64{0.93, 1.08, 0.97, 1.02, 1.05} {
		reps = append(reps, results.Metrics{}.Add("waiting_time", w))
	}
	s, err := results.Summarize(reps, map[string]float64{"waiting_time": 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	w := s[0]
	fmt.Printf("%s: %.3f ± %.3f (sd %.3f, n %d); the reference %v is inside: %v\n",
		w.Name, w.Mean, w.HalfWidth, w.SD, w.N, w.Reference, w.Contains(w.Reference))
	// Output:
	// waiting_time: 1.010 ± 0.075 (sd 0.060, n 5); the reference 1 is inside: true
}

package replicate_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/schedsim/schedsim/workloads/replicate"
)

// The Hurst parameter of a year of Poisson arrivals per hour is 0.5 (the
// aggregated-variance estimate is a little low on 8 760 values); a
// parallel workload's is 0.7 to 0.8 (SDSC-SP2: 0.736).
func ExampleHurst() {
	r := rand.New(rand.NewPCG(1, 2))
	var submits []float64
	for t := 0.0; t < 365*86400; t += r.ExpFloat64() * 600 {
		submits = append(submits, t)
	}
	h, err := replicate.Hurst(replicate.ArrivalsPerHour(submits))
	fmt.Printf("%.2f %v\n", h, err)
	// Output: 0.44 <nil>
}

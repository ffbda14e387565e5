package scenarios_test

import (
	"context"
	"fmt"

	"github.com/schedsim/schedsim/scenarios"
)

// A scenario from YAML: decoded strictly, expanded into its sweep points,
// run with common random numbers across the points and summarised with
// 95% confidence intervals (results.WriteTable prints them as a table).
func Example() {
	const yaml = `
name: example
model: mmc
seed: 7
replications: 4
params: {servers: 1, service_rate: 1, jobs: 20000, warmup_jobs: 1000}
sweep:
  - key: load
    label: ρ
    values: [0.5, 0.8]
`
	sc, err := scenarios.Parse([]byte(yaml), "example.yaml", ".")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sc.Plan())
	rep, err := scenarios.Run(context.Background(), sc, scenarios.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range rep.Points {
		w, _ := p.Metric("waiting_time")
		fmt.Printf("%s: waiting time %.2f ± %.2f (M/M/1: %.2f)\n", p.Name(), w.Mean, w.HalfWidth, w.Reference)
	}
	// Output:
	// 2 points × 4 replications = 8 replications, each until the model's own end (see params)
	// load=0.5: waiting time 1.01 ± 0.04 (M/M/1: 1.00)
	// load=0.8: waiting time 4.08 ± 0.58 (M/M/1: 4.00)
}

package mmc_test

import (
	"fmt"

	"github.com/schedsim/schedsim/model/mmc"
	"github.com/schedsim/schedsim/sim"
)

// One replication of an M/M/2 queue at load 0.5, beside its Erlang-C
// values. The same seed and replication give the same numbers on either
// engine.
func Example() {
	cfg := mmc.Config{Servers: 2, ArrivalRate: 1, ServiceRate: 1, WarmupJobs: 1000, MeasuredJobs: 50000}
	for _, kind := range sim.Kinds() {
		eng, _ := sim.New(kind)
		sys, err := mmc.New(eng, sim.NewStreams(1, 0), cfg, nil)
		if err != nil {
			fmt.Println(err)
			return
		}
		r, err := sys.Run()
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-5s W = %.3f, ρ = %.3f over %d jobs\n", kind, r.MeanWait, r.Utilization, r.Completed)
	}
	a := mmc.ErlangC(cfg.Servers, cfg.ArrivalRate, cfg.ServiceRate)
	fmt.Printf("Erlang-C W = %.3f, ρ = %.3f\n", a.MeanWait, a.Rho)
	// Output:
	// fast  W = 0.343, ρ = 0.503 over 50000 jobs
	// simgo W = 0.343, ρ = 0.503 over 50000 jobs
	// Erlang-C W = 0.333, ρ = 0.500
}

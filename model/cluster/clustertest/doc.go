// Package clustertest is the shared test harness of the cluster model's
// schedulers (policies/batch and any new family of cluster.Scheduler), in
// the spirit of Nomad's scheduler/tests: a golden Case declares a few
// jobs and, per policy, the start time every job must get, worked out by
// hand; Run replays the case with the checker on, on every event engine
// (sim.Kinds: fast and simgo), and compares. Replay is the one way the
// tests of a scheduler run jobs on a fresh cluster.
//
// A new batch policy adds one file with its golden cases:
//
//	func TestMyPolicy(t *testing.T) {
//		clustertest.Run(t, clustertest.Case{
//			Name: "head-waits", Procs: 4,
//			Jobs: []clustertest.Job{{ID: 1, Submit: 0, Size: 4, Runtime: 10, Estimate: 10}, …},
//			Want: map[string][]float64{"mine": {0, 10, …}},
//		}, func(name string) (cluster.Scheduler, error) { return batch.Policies.New(name, batch.Options{}) })
//	}
package clustertest

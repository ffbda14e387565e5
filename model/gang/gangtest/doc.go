// Package gangtest is the shared test harness of the policies of the
// two-site gang model of Dimitriadou and Karatza (package model/gang):
// the allocation approaches and GS queue disciplines (policies/grid, the
// registries grid.Allocators and grid.Queues), the local queue
// disciplines and routers (policies/local, local.Disciplines and
// local.Routers), and any new implementation of the four interfaces of
// model/gang/policy.go. It has the shape of model/cluster/clustertest:
// a golden Case declares a toy platform (sites × processors), a few
// arrivals and, per combination of the four policies, every job's
// hand-computed outcome ("site 0 [2.5,4] backfilled", "split [0.5,3]",
// "unfinished"); Run replays the case with the model's invariant checker
// on, on every event engine (sim.Kinds: fast and simgo) and under four
// tie-breaking streams — a golden outcome must not depend on a random
// draw — and compares. Covered fails a test when a registered policy has
// no golden case.
//
// A golden case of a new GS queue discipline registered as "sgf": gang 1
// holds the site's two processors over [0,10]; gang 2 (size 1) joins one
// of their queues, which are empty, and starts at 10; gang 3 (size 2)
// finds one empty queue, waits at the GS and, dispatched at 10, takes the
// freed processor and gang 2's: [11,12].
//
//	gangtest.Run(t, gangtest.Case{
//		Name: "one-queued", Sites: 1, Processors: 2,
//		Jobs: []gang.Arrival{gangtest.Gang(0, 2, 10), gangtest.Gang(1, 1, 1), gangtest.Gang(2, 2, 1)},
//		Want: []gangtest.Expect{{
//			Policies: gangtest.Combos([]string{grid.Approach1}, []string{"sgf"}, []string{local.BackfillName}, []string{local.ShortestName}),
//			Outcomes: []string{"site 0 [0,10]", "site 0 [10,11]", "site 0 [11,12]"},
//		}},
//	}, newPolicies)
package gangtest

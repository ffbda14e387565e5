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
// A golden case of a new GS queue discipline, smallest gang first,
// registered as "sgf": a gang of 2 holds the site's two processors until
// 10; the gangs of 1 and 2 queued meanwhile leave in that order.
//
//	gangtest.Run(t, gangtest.Case{
//		Name: "two-queued", Sites: 1, Processors: 2,
//		Jobs: []gang.Arrival{gangtest.Gang(0, 2, 10), gangtest.Gang(1, 1, 1), gangtest.Gang(2, 2, 1)},
//		Want: []gangtest.Expect{{
//			Policies: gangtest.Combos([]string{grid.Approach1}, []string{"sgf"}, []string{local.BackfillName}, []string{local.ShortestName}),
//			Outcomes: []string{"site 0 [0,10]", "site 0 [10,11]", "site 0 [11,12]"},
//		}},
//	}, newPolicies)
package gangtest

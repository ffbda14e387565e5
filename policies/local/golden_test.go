package local_test

import (
	"testing"

	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/model/gang/gangtest"
	"github.com/schedsim/schedsim/policies/grid"
	"github.com/schedsim/schedsim/policies/local"
)

// golden is a hand-computed case with the local policies' options.
type golden struct {
	gangtest.Case
	opts local.Options
}

var (
	approaches = []string{grid.Approach1, grid.Approach2}
	lgf        = []string{grid.LGF}
	shortest   = []string{local.ShortestName}
	backfill   = []string{local.BackfillName}
	fcfs       = []string{local.FCFSName}
)

// busySites are the arrivals of the threshold cases, two sites of 4:
// locals 1–4 run [0,1], [0,2], [0,3], [0,4] at site 0, one per
// processor; locals 5–8 run [0,10] at site 1 and locals 9–12 wait one
// per queue there, running [10,20]. Gang 13 (size 4, runtime 1) arrives
// at 0.5: no site has a free processor, only site 0 has four empty
// queues: it waits there, for every processor, until 4. A local (job 14)
// of the given runtime and estimate arrives at site 0 at 2.5, when the
// processors of locals 1 and 2 are idle, held for the gang, which can
// start in 4 − 2.5 = 1.5.
func busySites(runtime, estimate float64) []gang.Arrival {
	a := []gang.Arrival{gangtest.Local(0, 0, 1), gangtest.Local(0, 0, 2), gangtest.Local(0, 0, 3), gangtest.Local(0, 0, 4)}
	for i := 0; i < 4; i++ {
		a = append(a, gangtest.Local(0, 1, 10))
	}
	for i := 0; i < 4; i++ {
		a = append(a, gangtest.Local(0.1, 1, 10))
	}
	return append(a, gangtest.Gang(0.5, 4, 1), gang.Arrival{Time: 2.5, Site: 0, Size: 1, Runtime: runtime, Estimate: estimate})
}

// busyOutcomes are the outcomes of jobs 1–12 of busySites, then those
// of the gang and of job 14.
func busyOutcomes(gang, job14 string) []string {
	return []string{"site 0 [0,1]", "site 0 [0,2]", "site 0 [0,3]", "site 0 [0,4]",
		"site 1 [0,10]", "site 1 [0,10]", "site 1 [0,10]", "site 1 [0,10]",
		"site 1 [10,20]", "site 1 [10,20]", "site 1 [10,20]", "site 1 [10,20]", gang, job14}
}

// The golden cases of the local policies, worked out by hand from the
// model's documented semantics (model/gang, policies/local): backfilling
// lets a local start ahead of a waiting gang when its estimate ≤ the
// time until the gang can start + T; FCFS never does; the router sends a
// local to a processor where it starts now, else to the queue with the
// fewest waiting jobs (a waiting gang task counts as one). Job IDs are
// the arrival order, 1-based; where a policy draws at random, the
// choices are symmetric.
var goldens = []golden{
	{
		// One site of 2. Local 1 runs [0,1]; local 2 goes to the other,
		// free, processor: [0,6]. Gang 3 (size 2, runtime 1) arrives at
		// 0.2 and waits at both queues until 6: [6,7].
		//
		// Backfilling (T = 0): local 4 (estimate 3) arrives at 1.5, when
		// the first processor is idle and the gang can start in 4.5:
		// 3 ≤ 4.5, so the router sends it there and it backfills:
		// [1.5,4.5]. Local 5 (estimate 5) arrives at 2: both processors
		// run, both queues hold the gang task: it waits behind the gang
		// (at 4.5 its wait would be 1.5 < 5, no backfill) and runs
		// after it: [7,12].
		//
		// FCFS: local 4 cannot start; both queues hold one job (the gang
		// task): it waits behind the gang at one of them, local 5 at the
		// other (now the shorter); both start when the gang ends:
		// [7,10] and [7,12].
		Case: gangtest.Case{
			Name: "backfill-or-wait", Sites: 1, Processors: 2,
			Jobs: []gang.Arrival{gangtest.Local(0, 0, 1), gangtest.Local(0, 0, 6), gangtest.Gang(0.2, 2, 1),
				gangtest.Local(1.5, 0, 3), gangtest.Local(2, 0, 5)},
			Want: []gangtest.Expect{
				{
					Policies: gangtest.Combos(approaches, lgf, backfill, shortest),
					Outcomes: []string{"site 0 [0,1]", "site 0 [0,6]", "site 0 [6,7]", "site 0 [1.5,4.5] backfilled", "site 0 [7,12]"},
				},
				{
					Policies: gangtest.Combos(approaches, lgf, fcfs, shortest),
					Outcomes: []string{"site 0 [0,1]", "site 0 [0,6]", "site 0 [6,7]", "site 0 [7,10]", "site 0 [7,12]"},
				},
			},
		},
	},
	{
		// busySites with job 14's estimate exactly the time until the
		// gang can start (1.5 ≤ 1.5 + 0): backfilling starts it at 2.5
		// on an idle processor, [2.5,4], and the gang starts at 4 as
		// planned. FCFS keeps it behind the gang: [5,6.5].
		Case: gangtest.Case{
			Name: "estimate-at-threshold", Sites: 2, Processors: 4,
			Jobs: busySites(1.5, 1.5),
			Want: []gangtest.Expect{
				{
					Policies: gangtest.Combos(approaches, lgf, backfill, shortest),
					Outcomes: busyOutcomes("site 0 [4,5]", "site 0 [2.5,4] backfilled"),
				},
				{
					Policies: gangtest.Combos(approaches, lgf, fcfs, shortest),
					Outcomes: busyOutcomes("site 0 [4,5]", "site 0 [5,6.5]"),
				},
			},
		},
	},
	{
		// Job 14's estimate just above the threshold (1.5625 > 1.5):
		// neither discipline lets it start; it waits behind the gang at
		// one of the four queues (one job each) and runs after it.
		Case: gangtest.Case{
			Name: "estimate-above-threshold", Sites: 2, Processors: 4,
			Jobs: busySites(1.5625, 1.5625),
			Want: []gangtest.Expect{{
				Policies: gangtest.Combos(approaches, lgf, append(backfill, fcfs...), shortest),
				Outcomes: busyOutcomes("site 0 [4,5]", "site 0 [5,6.5625]"),
			}},
		},
	},
	{
		// T = 0.5: job 14's estimate 2 = 1.5 + T backfills, and since it
		// really runs 2 it delays the gang to 4.5: [2.5,4.5] and the
		// gang [4.5,5.5]. FCFS: the gang at 4, job 14 after it, [5,7].
		Case: gangtest.Case{
			Name: "threshold-delays-the-gang", Sites: 2, Processors: 4,
			Jobs: busySites(2, 2),
			Want: []gangtest.Expect{
				{
					Policies: gangtest.Combos(approaches, lgf, backfill, shortest),
					Outcomes: busyOutcomes("site 0 [4.5,5.5]", "site 0 [2.5,4.5] backfilled"),
				},
				{
					Policies: gangtest.Combos(approaches, lgf, fcfs, shortest),
					Outcomes: busyOutcomes("site 0 [4,5]", "site 0 [5,7]"),
				},
			},
		},
		opts: local.Options{Threshold: 0.5},
	},
	{
		// T = 0.5, job 14's estimate just above 1.5 + T (2.0625 > 2):
		// it waits behind the gang, [5,7.0625], with either discipline.
		Case: gangtest.Case{
			Name: "estimate-above-threshold-plus-T", Sites: 2, Processors: 4,
			Jobs: busySites(2.0625, 2.0625),
			Want: []gangtest.Expect{{
				Policies: gangtest.Combos(approaches, lgf, append(backfill, fcfs...), shortest),
				Outcomes: busyOutcomes("site 0 [4,5]", "site 0 [5,7.0625]"),
			}},
		},
		opts: local.Options{Threshold: 0.5},
	},
	{
		// One site of 2, the router measuring queues by estimated work.
		// Local 1 runs [0,10], local 2 [0,1] on the other processor. At
		// 0.5 local 3 (1) finds no idle processor; the work is 9.5 at the
		// first and 0.5 at the second: it waits there, [1,2]. At 0.6
		// local 4 (1) finds 9.4 against 0.4 + 1: the second again, [2,3].
		// (By count both queues were empty at 0.5: a draw, no golden.)
		Case: gangtest.Case{
			Name: "route-by-work", Sites: 1, Processors: 2,
			Jobs: []gang.Arrival{gangtest.Local(0, 0, 10), gangtest.Local(0, 0, 1), gangtest.Local(0.5, 0, 1), gangtest.Local(0.6, 0, 1)},
			Want: []gangtest.Expect{{
				Policies: gangtest.Combos(approaches, lgf, append(backfill, fcfs...), shortest),
				Outcomes: []string{"site 0 [0,10]", "site 0 [0,1]", "site 0 [1,2]", "site 0 [2,3]"},
			}},
		},
		opts: local.Options{By: local.ByWork},
	},
	{
		// T = 0, an underestimate: job 14 says 1.5 (it backfills) but
		// runs 2, so the gang starts at 4.5 instead of 4.
		Case: gangtest.Case{
			Name: "underestimate-delays-the-gang", Sites: 2, Processors: 4,
			Jobs: busySites(2, 1.5),
			Want: []gangtest.Expect{{
				Policies: gangtest.Combos(approaches, lgf, backfill, shortest),
				Outcomes: busyOutcomes("site 0 [4.5,5.5]", "site 0 [2.5,4.5] backfilled"),
			}},
		},
	},
}

// newPolicies builds the named policies with the local policies' options
// o and the allocators' defaults.
func newPolicies(o local.Options) gangtest.NewFunc {
	return func(n gangtest.Names) (gang.Policies, error) {
		var p gang.Policies
		var err error
		if p.Allocator, err = grid.Allocators.New(n.Allocator, grid.DefaultOptions()); err != nil {
			return p, err
		}
		if p.Queue, err = grid.Queues.New(n.Queue, struct{}{}); err != nil {
			return p, err
		}
		if p.Local, err = local.Disciplines.New(n.Local, o); err != nil {
			return p, err
		}
		p.Router, err = local.Routers.New(n.Router, o)
		return p, err
	}
}

// TestGolden replays the golden cases on both engines, and checks that
// every local discipline and router has one.
func TestGolden(t *testing.T) {
	cases := make([]gangtest.Case, len(goldens))
	for i, g := range goldens {
		cases[i] = g.Case
	}
	gangtest.Covered(t, cases, gangtest.Registered{Locals: local.Disciplines.Names(), Routers: local.Routers.Names()})
	for _, g := range goldens {
		gangtest.Run(t, g.Case, newPolicies(g.opts))
	}
}

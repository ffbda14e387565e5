package grid_test

import (
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/model/gang/gangtest"
	"github.com/schedsim/schedsim/policies/grid"
	"github.com/schedsim/schedsim/policies/local"
)

// golden is a hand-computed case with the allocators' options.
type golden struct {
	gangtest.Case
	opts grid.Options
}

var (
	approaches  = []string{grid.Approach1, grid.Approach2}
	bothQueues  = []string{grid.FirstFit, grid.LGF}
	disciplines = []string{local.BackfillName, local.FCFSName}
	shortest    = []string{local.ShortestName}
)

// The golden cases of the GS policies, worked out by hand from the
// model's documented semantics (model/gang, policies/grid). Job IDs are
// the arrival order, 1-based. No outcome depends on a random draw: where
// a policy draws (a site among several, a processor among several), the
// choices are symmetric.
var goldens = []golden{
	{
		// One site of 4. Gang 1 (size 4) runs [0,10]; locals 2–5
		// (runtimes 1–4) arrive while it runs and wait one per queue
		// (shortest queue by count). Gangs 6 (size 3, arrives 1), 7
		// (size 2, at 2) and 8 (size 3, at 3) find no empty queue and
		// wait at the GS. At 10 the locals start (ending 11, 12, 13,
		// 14) and every queue is empty again.
		//
		// LGF: the largest gangs are 6 and 8; the oldest, 6, takes the
		// three queues of the earliest ends (11, 12, 13) and starts at
		// 13, ending 14. At 13 four queues are empty (6's three, all
		// ending 14, and local 5's, ending 14): 8 (largest) takes three
		// and starts at 14, ending 15; 7 then finds one empty queue and
		// waits. At 14, 8 starts; one processor is free and 8's three
		// queues are empty: 7 takes the free one and one of 8's, and
		// starts at 15, ending 16.
		//
		// First fit: 6 as with LGF; at 13 the oldest, 7, takes two of
		// the four queues ending 14 and starts at 14, ending 15; 8 finds
		// two empty queues and waits. At 14 two processors are free and
		// 7's two queues are empty: 8 starts at 15, ending 16.
		//
		// On one site approach 2 never splits (its split takes the free
		// processors, fewer than the gang when step 0 failed), and no
		// local ever waits behind a gang at an idle processor: every
		// combination of the two approaches and disciplines agrees.
		Case: gangtest.Case{
			Name: "queue-order", Sites: 1, Processors: 4,
			Jobs: []gang.Arrival{gangtest.Gang(0, 4, 10),
				gangtest.Local(0.1, 0, 1), gangtest.Local(0.2, 0, 2), gangtest.Local(0.3, 0, 3), gangtest.Local(0.4, 0, 4),
				gangtest.Gang(1, 3, 1), gangtest.Gang(2, 2, 1), gangtest.Gang(3, 3, 1)},
			Want: []gangtest.Expect{
				{
					Policies: gangtest.Combos(approaches, []string{grid.LGF}, disciplines, shortest),
					Outcomes: []string{"site 0 [0,10]", "site 0 [10,11]", "site 0 [10,12]", "site 0 [10,13]", "site 0 [10,14]",
						"site 0 [13,14]", "site 0 [15,16]", "site 0 [14,15]"},
				},
				{
					Policies: gangtest.Combos(approaches, []string{grid.FirstFit}, disciplines, shortest),
					Outcomes: []string{"site 0 [0,10]", "site 0 [10,11]", "site 0 [10,12]", "site 0 [10,13]", "site 0 [10,14]",
						"site 0 [13,14]", "site 0 [14,15]", "site 0 [15,16]"},
				},
			},
		},
		opts: grid.DefaultOptions(),
	},
	{
		// One site of 2 (the example of package gangtest). Gang 1 holds
		// both processors over [0,10]; gang 2 (size 1, at 1) joins one
		// of their queues, which are empty, and starts at 10: [10,11].
		// Gang 3 (size 2, at 2) finds one empty queue and waits at the
		// GS; at 10 it is alone there, takes the freed processor and
		// gang 2's and starts at 11: [11,12].
		Case: gangtest.Case{
			Name: "one-queued", Sites: 1, Processors: 2,
			Jobs: []gang.Arrival{gangtest.Gang(0, 2, 10), gangtest.Gang(1, 1, 1), gangtest.Gang(2, 2, 1)},
			Want: []gangtest.Expect{{
				Policies: gangtest.Combos(approaches, bothQueues, disciplines, shortest),
				Outcomes: []string{"site 0 [0,10]", "site 0 [10,11]", "site 0 [11,12]"},
			}},
		},
		opts: grid.DefaultOptions(),
	},
	{
		// Two sites of 2, split overhead 25%. Local 1 runs [0,5] at site
		// 1, leaving one processor free there. Gang 2 (size 3, runtime
		// 2) arrives at 0.5: no site has 3 processors.
		//
		// Approach 2 splits it at once over the free processors, site 0
		// (the most free, 2) first, then site 1's free one; its service
		// time grows to 2 × 1.25 = 2.5: split [0.5,3]. Local 3 arrives at
		// site 0 at 1, finds both processors running the gang and no
		// queue shorter than the other: it waits and runs [3,4].
		//
		// Approach 1 never splits: gang 2 waits at the GS for ever, and
		// local 3 starts on a free processor of site 0 at once: [1,2].
		Case: gangtest.Case{
			Name: "split-or-wait", Sites: 2, Processors: 2,
			Jobs: []gang.Arrival{gangtest.Local(0, 1, 5), gangtest.Gang(0.5, 3, 2), gangtest.Local(1, 0, 1)},
			Want: []gangtest.Expect{
				{
					Policies: gangtest.Combos([]string{grid.Approach2}, bothQueues, disciplines, shortest),
					Outcomes: []string{"site 1 [0,5]", "split [0.5,3]", "site 0 [3,4]"},
				},
				{
					Policies: gangtest.Combos([]string{grid.Approach1}, bothQueues, disciplines, shortest),
					Outcomes: []string{"site 1 [0,5]", gangtest.Unfinished, "site 0 [1,2]"},
				},
			},
		},
		opts: grid.Options{Overhead: 0.25},
	},
	earliestSite(grid.DispatchIdleOrBusy),
	earliestSite(grid.DispatchEmptyQueues),
	// One site of 3. Local 1 runs [0,10]. Gang 2 (size 3, runtime 1)
	// arrives at 1: two processors are free, one is busy with nothing
	// waiting.
	//
	// idle-or-empty-busy: neither 3 free processors nor 3 busy ones with
	// empty queues — never a mix — so gang 2 waits at the GS. Local 3
	// (at 2) and local 4 (at 2.5, runtime 10) take the two free
	// processors: [2,3], [2.5,12.5]. At 3 and at 10 the site has 2 free
	// processors and 1 busy: gang 2 waits until local 4 ends, [12.5,13.5].
	// The local discipline never matters: no gang waits in a local queue.
	neverAMix(grid.DispatchIdleOrBusy, nil, []string{"site 0 [0,10]", "site 0 [12.5,13.5]", "site 0 [2,3]", "site 0 [2.5,12.5]"}),
	// empty-queues: gang 2 takes the three empty queues (the two free
	// processors, then local 1's) and starts at 10: [10,11]. With
	// backfilling, local 3 (estimate 1 ≤ 10 − 2) starts ahead of it on a
	// held processor, [2,3]; local 4 (10 > 7.5) waits in a queue behind
	// the gang, [11,21]. With FCFS both wait behind the gang: [11,12] and
	// [11,21].
	neverAMix(grid.DispatchEmptyQueues, []string{local.BackfillName}, []string{"site 0 [0,10]", "site 0 [10,11]", "site 0 [2,3] backfilled", "site 0 [11,21]"}),
	neverAMix(grid.DispatchEmptyQueues, []string{local.FCFSName}, []string{"site 0 [0,10]", "site 0 [10,11]", "site 0 [11,12]", "site 0 [11,21]"}),
	// One site of 3. Locals 1 and 2 run [0,10] and [0,5]. Gang 2 (size
	// 2, runtime 1) arrives at 1: one processor is free, two are busy
	// with nothing waiting.
	//
	// idle-or-empty-busy: fewer than 2 free processors, 2 busy ones with
	// empty queues: the gang heads those two queues (not the free
	// processor) and starts when local 1 ends, [10,11]. Local 4 (at 2)
	// takes the free processor, [2,3].
	busyOnly(grid.DispatchIdleOrBusy, nil, []string{"site 0 [0,10]", "site 0 [0,5]", "site 0 [10,11]", "site 0 [2,3]"}),
	// The same with the queue picks index and random: they choose among
	// the busy processors only, never the free one.
	withPick(busyOnly(grid.DispatchIdleOrBusy, nil, []string{"site 0 [0,10]", "site 0 [0,5]", "site 0 [10,11]", "site 0 [2,3]"}), grid.PickIndex),
	withPick(busyOnly(grid.DispatchIdleOrBusy, nil, []string{"site 0 [0,10]", "site 0 [0,5]", "site 0 [10,11]", "site 0 [2,3]"}), grid.PickRandom),
	// empty-queues: the gang takes the free processor and the queue that
	// empties first (local 2's) and starts at 5, [5,6]. With backfilling
	// local 4 (estimate 1 ≤ 5 − 2) starts on the held free processor,
	// [2,3]; with FCFS it joins the only queue with nothing waiting
	// (local 1's) and runs [10,11].
	busyOnly(grid.DispatchEmptyQueues, []string{local.BackfillName}, []string{"site 0 [0,10]", "site 0 [0,5]", "site 0 [5,6]", "site 0 [2,3] backfilled"}),
	busyOnly(grid.DispatchEmptyQueues, []string{local.FCFSName}, []string{"site 0 [0,10]", "site 0 [0,5]", "site 0 [5,6]", "site 0 [10,11]"}),
}

// earliestSite is the "earliest-site" case under the given dispatch.
// The outcomes are the same under idle-or-empty-busy and empty-queues:
// gang 3 finds a site of free processors, gang 4 two busy processors with
// nothing waiting at each site.
func earliestSite(dispatch string) golden {
	return golden{
		// Two sites of 2, site choice "earliest". Locals 1 and 2 hold
		// site 0 over [0,10]. Gang 3 (size 2, runtime 3) arrives at 1:
		// site 1 is free (its earliest start is now), site 0's two
		// empty queues would start it at 10: site 1, [1,4]. Gang 4
		// (size 2, runtime 1) arrives at 2: no processor is free, both
		// sites have two empty queues; it could start at 4 at site 1
		// and at 10 at site 0: site 1, waiting for gang 3, [4,5].
		Case: gangtest.Case{
			Name: "earliest-site/" + dispatch, Sites: 2, Processors: 2,
			Jobs: []gang.Arrival{gangtest.Local(0, 0, 10), gangtest.Local(0, 0, 10), gangtest.Gang(1, 2, 3), gangtest.Gang(2, 2, 1)},
			Want: []gangtest.Expect{{
				Policies: gangtest.Combos(approaches, bothQueues, disciplines, shortest),
				Outcomes: []string{"site 0 [0,10]", "site 0 [0,10]", "site 1 [1,4]", "site 1 [4,5]"},
			}},
		},
		opts: grid.Options{SiteChoice: grid.SiteEarliest, Dispatch: dispatch},
	}
}

// neverAMix is the "never-a-mix" case under dispatch and the local
// disciplines locals (nil: both), with the given outcomes.
func neverAMix(dispatch string, locals []string, outcomes []string) golden {
	return dispatchCase("never-a-mix", dispatch, locals, outcomes,
		gangtest.Local(0, 0, 10), gangtest.Gang(1, 3, 1), gangtest.Local(2, 0, 1), gangtest.Local(2.5, 0, 10))
}

// busyOnly is the "busy-only" case under dispatch and the local
// disciplines locals (nil: both), with the given outcomes.
func busyOnly(dispatch string, locals []string, outcomes []string) golden {
	return dispatchCase("busy-only", dispatch, locals, outcomes,
		gangtest.Local(0, 0, 10), gangtest.Local(0, 0, 5), gangtest.Gang(1, 2, 1), gangtest.Local(2, 0, 1))
}

// withPick returns g under the queue pick pick.
func withPick(g golden, pick string) golden {
	g.Name += "/" + pick
	g.opts.QueuePick = pick
	return g
}

// dispatchCase is a one-site case of 3 processors comparing dispatches,
// under every approach, GS queue and queue pick.
func dispatchCase(name, dispatch string, locals, outcomes []string, jobs ...gang.Arrival) golden {
	if locals == nil {
		locals = disciplines
	}
	return golden{
		Case: gangtest.Case{
			Name: name + "/" + dispatch + "/" + strings.Join(locals, ","), Sites: 1, Processors: 3, Jobs: jobs,
			Want: []gangtest.Expect{{
				Policies: gangtest.Combos(approaches, bothQueues, locals, shortest),
				Outcomes: outcomes,
			}},
		},
		opts: grid.Options{Dispatch: dispatch},
	}
}

// newPolicies builds the named policies with the allocators' options o
// and the local policies' defaults.
func newPolicies(o grid.Options) gangtest.NewFunc {
	return func(n gangtest.Names) (gang.Policies, error) {
		var p gang.Policies
		var err error
		if p.Allocator, err = grid.Allocators.New(n.Allocator, o); err != nil {
			return p, err
		}
		if p.Queue, err = grid.Queues.New(n.Queue, struct{}{}); err != nil {
			return p, err
		}
		if p.Local, err = local.Disciplines.New(n.Local, local.Options{}); err != nil {
			return p, err
		}
		p.Router, err = local.Routers.New(n.Router, local.Options{})
		return p, err
	}
}

// TestGolden replays the golden cases on both engines, and checks that
// every allocator and GS queue discipline has one.
func TestGolden(t *testing.T) {
	cases := make([]gangtest.Case, len(goldens))
	for i, g := range goldens {
		cases[i] = g.Case
	}
	gangtest.Covered(t, cases, gangtest.Registered{Allocators: grid.Allocators.Names(), Queues: grid.Queues.Names()})
	for _, g := range goldens {
		gangtest.Run(t, g.Case, newPolicies(g.opts))
	}
}

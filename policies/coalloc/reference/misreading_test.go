package reference

import (
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/sim"
)

// misreadings are the choices the docs left open, each read the other
// way, with the metascheduler that shows it.
var misreadings = []struct {
	what, policy string
	alt          reading
	// hand, when set, is the workload that shows it (random ones seldom
	// do): none of 2,000 random workloads has a blocked EBF head that
	// finishes at the same time on two clusters and a job behind it that
	// can go to either.
	hand func() (config, []job)
}{
	{"cluster choice: ties go to the last cluster of the platform", "fcfs", reading{lastAmongEqual: true}, nil},
	{"ebf: the head's reservation ties go to the last cluster", "ebf", reading{lastAmongEqual: true}, ebfTie},
	{"ebf: a backfill's cluster is chosen among all with room, then checked against the head's reservation", "ebf", reading{ebfChooseThenCheck: true}, nil},
	{"scoal: no pass when a part ends before its job's last", "scoal", reading{passAtJobEnds: true}, nil},
	{"coarp: offers of equal finish by more processors first", "coarp", reading{coarpTiesByProcs: true}, nil},
	{"coarp: a rejected job calls for a pass", "coarp", reading{passOnRejection: true}, nil},
	{"coarp: no slot starts at now + horizon exactly", "coarp", reading{horizonExcluded: true}, nil},
	{"coarp: together-finish takes the latest of equal finishes", "coarp", reading{finishLatestTie: true}, nil},
	{"coarp: a job the offers cannot hold blocks the jobs behind it", "coarp", reading{coarpBlocks: true}, nil},
	{"coarp: independent, offers all: a cluster whose slot was taken offers no next one", "coarp", reading{slotsOnce: true}, nil},
	{"coarp: independent, per-cluster: a slot is min(P, processors), not all free", "coarp", reading{perClusterExact: true}, nil},
	{"scoal: split over the clusters with the most free processors first", "scoal", reading{scoalBySize: true}, nil},
}

// TestMisreadingsAreCaught shows that the cross-check can fail: for each
// choice the docs left open, the reference that reads it the other way
// disagrees with schedsim on some random workload.
func TestMisreadingsAreCaught(t *testing.T) {
	for _, m := range misreadings {
		if m.hand != nil {
			cfg, jobs := m.hand()
			if d := (check{m.policy, sim.Fast, references[m.policy].pass}).differ(t, cfg, jobs); d != "" {
				t.Errorf("%s (%s): the reference disagrees on its hand-made workload: %s", m.what, m.policy, d)
			}
		}
		r := rand.New(rand.NewPCG(26, 1))
		caught := -1
		for w := 0; w < workloads && caught < 0; w++ {
			cfg, jobs := workload(r)
			if m.hand != nil {
				cfg, jobs = m.hand()
			}
			cfg.alt = m.alt
			if (check{m.policy, sim.Fast, references[m.policy].pass}).differ(t, cfg, jobs) != "" {
				caught = w
			}
		}
		if caught < 0 {
			t.Errorf("%s (%s): no workload of %d tells it from schedsim", m.what, m.policy, workloads)
			continue
		}
		t.Logf("%s (%s): caught at workload %d", m.what, m.policy, caught)
	}
}

// ebfTie: two clusters of 3 processors at the same speed, first-fit.
// Jobs 1 and 2 (2 processors, 10 s) start at 0 on c0 and c1; the head,
// job 3 (3 processors), finishes at 20 on either and is reserved on c0;
// job 4 (1 processor, 20 s) would break that reservation on c0 and so
// starts on c1 (on c0 if the head were reserved on c1).
func ebfTie() (config, []job) {
	return config{clusters: []cluster{{3, 1000}, {3, 1000}}, choice: "first-fit"}, []job{
		{1, 0, 2, 10}, {2, 0, 2, 10}, {3, 1, 3, 10}, {4, 1, 1, 20},
	}
}

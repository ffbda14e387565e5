package reference

import (
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/sim"
)

// misreading is a reading of the docs other than the one schedsim
// follows: a reference pass and options for the cluster.
type misreading struct {
	what   string
	policy string
	alt    reading
	pass   policy
	// maui replays under order: maui (random weights).
	maui bool
}

// misreadings are the choices the docs left open (see reading and
// consRules), each read the other way.
var misreadings = []misreading{
	{what: "kill at the given estimate below 1 s", policy: "fcfs", alt: reading{killAtGiven: true}},
	{what: "one pass per instant (runtime 0)", policy: "fcfs", alt: reading{onePassPerInstant: true}},
	{what: "no pass at an extension alone", policy: "easy", alt: reading{noPassOnExtension: true}},
	{what: "sjf by the given estimates", policy: "fcfs", alt: reading{sjfByGiven: true}},
	{what: "EASY: every backfill that fits in the extra processors consumes them", policy: "easy", alt: reading{extraAlwaysConsumed: true}},
	{what: "conservative: after an overrun, every reservation that meets the extension in time is made again", policy: "conservative",
		pass: conservativeBy(consRules{repair: repairAll})},
	{what: "conservative: after an overrun, the overdrawn reservations are made again before the first sweep", policy: "conservative",
		pass: conservativeBy(consRules{repair: repairFirst})},
	{what: "conservative: the jobs that arrived are placed when the first sweep reaches them, not after the compression", policy: "conservative",
		pass: conservativeBy(consRules{arrivalsInSweep: true})},
	{what: "sjf by the requested times under a predictor", policy: "shrinking-easy", alt: reading{sjfByRequested: true}},
	{what: "tail-double: candidates shortest doubled estimate first", policy: "tail-double-easy", alt: reading{tailByEstimate: true}},
	{what: "lookahead: ties between sets of equal use go to the later jobs", policy: "lookahead", alt: reading{lookaheadLastTies: true}},
	{what: "easy++: the jobs ending at one instant are observed by ID", policy: "easy++", alt: reading{observeByID: true}},
	{what: "a rejected job calls for a pass", policy: "fcfs", alt: reading{passOnRejection: true}, maui: true},
	{what: "greedy-easy: the last of the orders taking the most jobs wins", policy: "greedy-easy", alt: reading{greedyLastAmongEquals: true}},
}

// TestMisreadingsAreCaught shows that the cross-check can fail: for each
// choice the docs left open, the reference that reads it the other way
// disagrees with schedsim on some random workload.
func TestMisreadingsAreCaught(t *testing.T) {
	for _, m := range misreadings {
		r := rand.New(rand.NewPCG(26, 1))
		rx := rand.New(rand.NewPCG(27, 1))
		rf := references[m.policy]
		if m.pass != nil {
			rf.pass = m.pass
		}
		caught := -1
		for w := 0; w < workloads && caught < 0; w++ {
			cfg, jobs := workload(r)
			extras(rx, &cfg, jobs)
			cfg.alt = m.alt
			if m.maui {
				cfg.sjf, cfg.maui = false, mauiWeights(rx)
			}
			// a deviating policy is compared under the code's reading
			cfg.alt.predictFromGiven = deviations[m.policy].code.predictFromGiven
			if (check{m.policy, sim.Fast, rf}).differ(cfg, jobs) != "" {
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

package coalloc

import (
	"testing"

	"github.com/schedsim/schedsim/model/multicluster"
	"github.com/schedsim/schedsim/model/multicluster/multiclustertest"
)

// gj is a job of a golden case: id, submit, processors, run time (at the
// reference speed 1000 MIPS).
type gj struct {
	id      int64
	submit  float64
	size    int
	runtime float64
}

// outcome is a job's hand-computed fate: its placement as
// "cluster:start:processors" parts (as in the per-job CSV), its end, or
// the reason it was rejected.
type outcome struct {
	parts  string
	end    float64
	reject string
}

type golden struct {
	name     string
	platform [][2]float64 // processors, speed
	opts     Options
	jobs     []gj
	want     map[string][]outcome // policy → outcome per job, in job order
}

func rej(reason string) outcome { return outcome{reject: reason} }

// The schedules below were worked out on paper; the comments give the
// reasoning. A is cluster 0, B cluster 1. D = run time × 1000 / speed.
var goldens = []golden{
	{
		// J1 (5 processors) fits no cluster (4 and 2): the whole-job
		// policies reject it; SCOAL splits it over the processors free
		// now, fastest first: B 2 (ends at 5), A 3 (ends at 10). COARP:
		// B's slot finishes first (5) and gives 2; B's next slot (from 5)
		// and A's both finish at 10, A has more processors: A gives 3.
		name: "split-over-speeds", platform: [][2]float64{{4, 1000}, {2, 2000}},
		jobs: []gj{{1, 0, 5, 10}},
		want: map[string][]outcome{
			"fcfs": {rej(multicluster.ReasonCluster)}, "ebf": {rej(multicluster.ReasonCluster)}, "fpfs": {rej(multicluster.ReasonCluster)},
			"scoal": {{"1:0:2 0:0:3", 10, ""}}, "coarp": {{"1:0:2 0:0:3", 10, ""}},
		},
	},
	{
		// J1 (7) is larger than the grid (6): rejected by all. J2 runs
		// on the faster B (2 s instead of 4 s).
		name: "too-large-for-the-grid", platform: [][2]float64{{4, 1000}, {2, 2000}},
		jobs: []gj{{1, 0, 7, 1}, {2, 0, 1, 4}},
		want: map[string][]outcome{
			"fcfs": {rej(multicluster.ReasonGrid), {"1:0:1", 2, ""}}, "ebf": {rej(multicluster.ReasonGrid), {"1:0:1", 2, ""}},
			"fpfs": {rej(multicluster.ReasonGrid), {"1:0:1", 2, ""}}, "scoal": {rej(multicluster.ReasonGrid), {"1:0:1", 2, ""}},
			"coarp": {rej(multicluster.ReasonGrid), {"1:0:1", 2, ""}},
		},
	},
	{
		// Two equal clusters of 4. J1 (8) and J2 (6) only fit by
		// co-allocation. COARP reserves J1 on A and B at 0 and J2 at 10
		// (A 4, B 2). J3 (2, 5 s) arrives at 2: B's free slot [10,20) of
		// 2 processors is offered, so J3 gets [10,15) beside J2's
		// reservation, which it must not touch. J4 (4, 1 s): A is full
		// until 20; B offers 2 processors from 15, then, with those
		// reserved, 2 more from 16: two slots of one cluster, J4 runs
		// 15–17 (see reservations-independent); with parts that start
		// together (by either reading) J4 waits for A at 20: at 15 only B's 2
		// processors are free. SCOAL splits J1 at 0 and J2 at 10 (both blocked until
		// the processors are free now), starts J3 on B at 10 and J4 on A
		// at 20. The whole-job policies reject J1 and J2 and start J3 on
		// A and J4 on B at once.
		name: "reservations-and-slots", platform: [][2]float64{{4, 1000}, {4, 1000}},
		jobs: []gj{{1, 0, 8, 10}, {2, 1, 6, 10}, {3, 2, 2, 5}, {4, 3, 4, 1}},
		want: map[string][]outcome{
			"fcfs":  {rej(multicluster.ReasonCluster), rej(multicluster.ReasonCluster), {"0:2:2", 7, ""}, {"1:3:4", 4, ""}},
			"ebf":   {rej(multicluster.ReasonCluster), rej(multicluster.ReasonCluster), {"0:2:2", 7, ""}, {"1:3:4", 4, ""}},
			"fpfs":  {rej(multicluster.ReasonCluster), rej(multicluster.ReasonCluster), {"0:2:2", 7, ""}, {"1:3:4", 4, ""}},
			"scoal": {{"0:0:4 1:0:4", 10, ""}, {"0:10:4 1:10:2", 20, ""}, {"1:10:2", 15, ""}, {"0:20:4", 21, ""}},
			"coarp": {{"0:0:4 1:0:4", 10, ""}, {"0:10:4 1:10:2", 20, ""}, {"1:10:2", 15, ""}, {"0:20:4", 21, ""}},
		},
	},
	{
		// COARP with independent starts: J4 takes 2 processors of B from
		// 15, then, with those reserved, B's next slot of 2 from 16.
		name: "reservations-independent", platform: [][2]float64{{4, 1000}, {4, 1000}},
		opts: Options{PartsStart: StartIndependent},
		jobs: []gj{{1, 0, 8, 10}, {2, 1, 6, 10}, {3, 2, 2, 5}, {4, 3, 4, 1}},
		want: map[string][]outcome{
			"coarp": {{"0:0:4 1:0:4", 10, ""}, {"0:10:4 1:10:2", 20, ""}, {"1:10:2", 15, ""}, {"1:15:2 1:16:2", 17, ""}},
		},
	},
	{
		// Independent starts with one offer per cluster: J4 waits for a
		// slot of 4 on one cluster, A at 20.
		name: "reservations-per-cluster", platform: [][2]float64{{4, 1000}, {4, 1000}},
		opts: Options{Offers: OffersPerCluster, PartsStart: StartIndependent},
		jobs: []gj{{1, 0, 8, 10}, {2, 1, 6, 10}, {3, 2, 2, 5}, {4, 3, 4, 1}},
		want: map[string][]outcome{
			"coarp": {{"0:0:4 1:0:4", 10, ""}, {"0:10:4 1:10:2", 20, ""}, {"1:10:2", 15, ""}, {"0:20:4", 21, ""}},
		},
	},
	{
		// Surplus kept: J1 of split-over-speeds takes all 4 processors of
		// A's slot although it needs 3 more.
		name: "surplus-keep", platform: [][2]float64{{4, 1000}, {2, 2000}},
		opts: Options{Surplus: SurplusKeep},
		jobs: []gj{{1, 0, 5, 10}},
		want: map[string][]outcome{"coarp": {{"1:0:2 0:0:4", 10, ""}}},
	},
	{
		// A horizon of 5 s: clusters offer only slots that start within
		// 5 s. J2 takes the slow B at 1, where it can start now. J3 (8)
		// needs both clusters at once; no start within the horizon holds
		// it at 2 or at 10 (B is busy until 21), so it waits in the
		// global queue and is placed when J2 ends at 21: both parts at 21.
		name: "horizon-global-queue", platform: [][2]float64{{4, 1000}, {4, 500}},
		opts: Options{Horizon: 5},
		jobs: []gj{{1, 0, 4, 10}, {2, 1, 4, 10}, {3, 2, 8, 1}},
		want: map[string][]outcome{
			"coarp": {{"0:0:4", 10, ""}, {"1:1:4", 21, ""}, {"0:21:4 1:21:4", 23, ""}},
		},
	},
	{
		// Independent starts, no horizon: J2 reserves A at 10 (it
		// finishes at 20 there, 21 on B). J3 (8) takes B's slot of 4 at 2
		// (finish 4) and then B's next slot at 4 (finish 6, before A's at
		// 21): a rigid job of 8 runs as two halves on a cluster of 4, one
		// after the other — why parts start together by default.
		name: "independent-halves", platform: [][2]float64{{4, 1000}, {4, 500}},
		opts: Options{PartsStart: StartIndependent},
		jobs: []gj{{1, 0, 4, 10}, {2, 1, 4, 10}, {3, 2, 8, 1}},
		want: map[string][]outcome{
			"coarp": {{"0:0:4", 10, ""}, {"0:10:4", 20, ""}, {"1:2:4 1:4:4", 6, ""}},
		},
	},
	{
		// EASY across clusters. J1 (3) takes A, J2 (2, 40 s → 20 s on B)
		// takes B. J3 (4) blocks: it only fits A, its reservation is
		// A at 10. J4 (1, 20 s on A) fits A's free processor now but
		// would run into that reservation: EBF refuses it, FPFS starts it
		// and delays J3 to 22. J5 (1, 5 s) ends before 10: EBF backfills
		// it on A at 3. FCFS and SCOAL keep the order: J4 and J5 at 20,
		// both on B (2 processors) where they finish first. COARP
		// reserves at arrival, parts together at the earliest start (the
		// default): J1 B 2 + A 1 at 0; J2 on A's 3 free processors at 0
		// (B is busy until 5); J3 (4) first fits both clusters at 10 (B 2
		// + A 2); J4 gets B at 15, J5 A's last processor at 3.
		name: "backfilling", platform: [][2]float64{{4, 1000}, {2, 2000}},
		jobs: []gj{{1, 0, 3, 10}, {2, 0, 2, 40}, {3, 1, 4, 10}, {4, 2, 1, 20}, {5, 3, 1, 5}},
		want: map[string][]outcome{
			"fcfs":  {{"0:0:3", 10, ""}, {"1:0:2", 20, ""}, {"0:10:4", 20, ""}, {"1:20:1", 30, ""}, {"1:20:1", 22.5, ""}},
			"ebf":   {{"0:0:3", 10, ""}, {"1:0:2", 20, ""}, {"0:10:4", 20, ""}, {"1:20:1", 30, ""}, {"0:3:1", 8, ""}},
			"fpfs":  {{"0:0:3", 10, ""}, {"1:0:2", 20, ""}, {"0:22:4", 32, ""}, {"0:2:1", 22, ""}, {"0:10:1", 15, ""}},
			"scoal": {{"0:0:3", 10, ""}, {"1:0:2", 20, ""}, {"0:10:4", 20, ""}, {"1:20:1", 30, ""}, {"1:20:1", 22.5, ""}},
			"coarp": {{"1:0:2 0:0:1", 10, ""}, {"0:0:2", 40, ""}, {"1:10:2 0:10:2", 20, ""}, {"1:15:1", 25, ""}, {"0:3:1", 8, ""}},
		},
	},
	{
		// COARP with parts together at the start of earliest finish: J1
		// B 2 + A 1 at 0 (ends 10); J2 (20 s on B, 40 on A) ends at 40 on
		// A from 0 but at 25 on B from 5: B at 5. J3 (4) does not fit at
		// 1 or 5 (A 3 free, B busy) and ends at 20 on A from 10 (B is
		// busy until 25, and 25 + 5 ≥ 20). J4 (1, 20 s on A, 10 on B): A
		// is full over [10, 20), so the first start is A at 20 (ends 40);
		// B from 25 ends at 35. J5 (1, 5 s): A's free processor at 3 ends
		// at 8; B is busy until 25.
		name: "backfilling-finish", platform: [][2]float64{{4, 1000}, {2, 2000}},
		opts: Options{PartsStart: StartTogetherFinish},
		jobs: []gj{{1, 0, 3, 10}, {2, 0, 2, 40}, {3, 1, 4, 10}, {4, 2, 1, 20}, {5, 3, 1, 5}},
		want: map[string][]outcome{
			"coarp": {{"1:0:2 0:0:1", 10, ""}, {"1:5:2", 25, ""}, {"0:10:4", 20, ""}, {"1:25:1", 35, ""}, {"0:3:1", 8, ""}},
		},
	},
	{
		// COARP with independent starts on the same jobs: J2 on B after
		// J1's part (5–25); J3 A 3 at 1 and A 1 at 10 (two slots of A);
		// J4 and J5 on A at 11.
		name: "backfilling-independent", platform: [][2]float64{{4, 1000}, {2, 2000}},
		opts: Options{PartsStart: StartIndependent},
		jobs: []gj{{1, 0, 3, 10}, {2, 0, 2, 40}, {3, 1, 4, 10}, {4, 2, 1, 20}, {5, 3, 1, 5}},
		want: map[string][]outcome{
			"coarp": {{"1:0:2 0:0:1", 10, ""}, {"1:5:2", 25, ""}, {"0:1:3 0:10:1", 20, ""}, {"0:11:1", 31, ""}, {"0:11:1", 16, ""}},
		},
	},
	{
		// Parts that start together, at the earliest start (the
		// default). J1 (4, 10 s: 5 s on the fast B) takes B at 0 until 5.
		// J2 (4, 10 s) starts at once on A (ends 11): at 1 only A is free.
		// J3 (6, 4 s: 4 on A, 2 on B) needs both clusters: over [2, ·)
		// neither is free, from 5 B alone (4), from 11 both: B 4 + A 2,
		// ends 15.
		name: "together-earliest-start", platform: [][2]float64{{4, 1000}, {4, 2000}},
		jobs: []gj{{1, 0, 4, 10}, {2, 1, 4, 10}, {3, 2, 6, 4}},
		want: map[string][]outcome{
			"coarp": {{"1:0:4", 5, ""}, {"0:1:4", 11, ""}, {"1:11:4 0:11:2", 15, ""}},
		},
	},
	{
		// The same jobs, parts together at the start of earliest finish.
		// J2: from 1 on A it ends at 11, from 5 on B at 10: it waits for
		// B (the search stops there: any later start + 5 s ≥ 10). J3: at
		// 2 and 5 the free processors (A's 4) do not hold 6; from 10 B 4
		// + A 2, ends 14; no step follows.
		name: "together-finish", platform: [][2]float64{{4, 1000}, {4, 2000}},
		opts: Options{PartsStart: StartTogetherFinish},
		jobs: []gj{{1, 0, 4, 10}, {2, 1, 4, 10}, {3, 2, 6, 4}},
		want: map[string][]outcome{
			"coarp": {{"1:0:4", 5, ""}, {"1:5:4", 10, ""}, {"1:10:4 0:10:2", 14, ""}},
		},
	},
}

// Case returns the golden case in the harness's terms.
func (g golden) Case() multiclustertest.Case {
	c := multiclustertest.Case{Name: g.name, Platform: g.platform, Want: map[string][]multiclustertest.Outcome{}}
	for _, x := range g.jobs {
		c.Jobs = append(c.Jobs, multiclustertest.Job{ID: x.id, Submit: x.submit, Size: x.size, Runtime: x.runtime})
	}
	for name, outs := range g.want {
		for _, o := range outs {
			c.Want[name] = append(c.Want[name], multiclustertest.Outcome{Parts: o.parts, End: o.end, Reject: o.reject})
		}
	}
	return c
}

// TestGolden replays every golden case on both engines and requires
// golden cases for every registered policy.
func TestGolden(t *testing.T) {
	cases := make([]multiclustertest.Case, len(goldens))
	for i, g := range goldens {
		cases[i] = g.Case()
	}
	multiclustertest.Covered(t, cases, Policies.Names())
	for i, g := range goldens {
		multiclustertest.Run(t, cases[i], func(name string) (multicluster.Metascheduler, error) {
			return Policies.New(name, g.opts)
		})
	}
}

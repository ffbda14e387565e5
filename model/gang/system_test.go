package gang_test

import (
	"errors"
	"math"
	"testing"

	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/sim"
)

// busySites returns arrivals that keep site 0 busy with locals ending at
// 1, 2, 3 and 4 (empty queues) and site 1 busy with locals ending at 10
// with one more local waiting at every processor (no empty queue): a gang
// of 4 arriving at 0.5 can only go to the empty queues of site 0 and start
// at 4. IDs: 1-4 site 0, 5-12 site 1, 13 the gang.
func busySites() []gang.Arrival {
	a := []gang.Arrival{loc(0, 0, 1), loc(0, 0, 2), loc(0, 0, 3), loc(0, 0, 4)}
	for i := 0; i < 4; i++ {
		a = append(a, loc(0, 1, 10))
	}
	for i := 0; i < 4; i++ {
		a = append(a, loc(0.1, 1, 10))
	}
	return append(a, gng(0.5, 4, 1))
}

func TestGangStartsWhenItsQueuesDrain(t *testing.T) {
	for _, approach := range []int{1, 2} {
		sys, buf := setup{approach: approach}.build(t, busySites()...)
		v := sys.View()
		run(t, sys, sim.Limit{Time: 2.5})
		idle := 0
		for i := 0; i < 4; i++ {
			if v.Idle(0, i) {
				idle++
				if u := v.UntilGang(0, i); u != 1.5 {
					t.Errorf("approach %d: time until the gang can start = %v, want 1.5", approach, u)
				}
			}
		}
		if idle != 2 || v.Free(0) != 0 || v.EmptyQueues(0) != 0 || v.EmptyQueues(1) != 0 {
			t.Errorf("approach %d at 2.5: %d idle, %d free, %d+%d empty queues; want 2 idle processors held for the gang, none free or empty",
				approach, idle, v.Free(0), v.EmptyQueues(0), v.EmptyQueues(1))
		}
		res := run(t, sys, sim.Limit{})
		g := records(t, buf)[13]
		if g["start"] != 4 || g["end"] != 5 || g["site"] != 1 || g["split"] != 0 {
			t.Errorf("approach %d: gang %v, want start 4, end 5 at site 1, not split", approach, g)
		}
		if res.GangsFinished != 1 || res.LocalsFinished != 12 || res.GangWRT != 4.5 {
			t.Errorf("approach %d: result %+v", approach, res)
		}
	}
}

func TestBackfillAtTheThreshold(t *testing.T) {
	const eps = 1e-9
	cases := []struct {
		name      string
		threshold float64
		fcfs      bool
		runtime   float64
		estimate  float64
		backfill  bool
		gangStart float64
	}{
		{"estimate = until", 0, false, 1.5, 1.5, true, 4},
		{"estimate just above until", 0, false, 1.5 + eps, 1.5 + eps, false, 4},
		{"estimate = until + T", 0.5, false, 2, 2, true, 4.5},
		{"estimate just above until + T", 0.5, false, 2 + eps, 2 + eps, false, 4},
		{"short job, no backfilling", 0, true, 0.25, 0.25, false, 4},
		{"underestimate delays the gang", 0, false, 2, 1.5, true, 4.5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			arr := append(busySites(), gang.Arrival{Time: 2.5, Site: 0, Size: 1, Runtime: c.runtime, Estimate: c.estimate})
			sys, buf := setup{approach: 1, threshold: c.threshold, fcfs: c.fcfs}.build(t, arr...)
			res := run(t, sys, sim.Limit{})
			recs := records(t, buf)
			l, g := recs[14], recs[13]
			if g["start"] != c.gangStart {
				t.Errorf("gang starts at %v, want %v", g["start"], c.gangStart)
			}
			if c.backfill {
				if l["start"] != 2.5 || l["backfilled"] != 1 || res.Backfilled != 1 {
					t.Errorf("local %v: want it to backfill at 2.5", l)
				}
			} else if l["start"] < g["end"] || l["backfilled"] != 0 || res.Backfilled != 0 {
				t.Errorf("local %v: want it to wait behind the gang (ends %v)", l, g["end"])
			}
		})
	}
}

// A backfill candidate behind the gang is found when a processor frees,
// scanning the queue in order past locals that do not fit.
func TestBackfillOnDepartureScansTheQueue(t *testing.T) {
	// One site of 2 processors: locals ending at 1 and 6; a gang of 2 waits
	// for both. Locals arriving at 0.5 cannot start (no idle processor) and
	// are routed (by a scripted router: a free processor, else the first)
	// behind the gang at processor 0: a long one, then a short one. When
	// processor 0 frees at 1, the gang needs 5 more: the long local (6) is
	// skipped, the short one (5) backfills.
	arr := []gang.Arrival{loc(0, 0, 1), loc(0, 0, 6), gng(0.2, 2, 1), loc(0.5, 0, 6), loc(0.6, 0, 5)}
	sys, buf := setup{sites: 1, procs: 2, approach: 1, router: firstFree}.build(t, arr...)
	run(t, sys, sim.Limit{})
	recs := records(t, buf)
	if recs[5]["start"] != 1 || recs[5]["backfilled"] != 1 {
		t.Errorf("short local %v: want a backfill at 1", recs[5])
	}
	if recs[3]["start"] != 6 || recs[4]["start"] < 7 {
		t.Errorf("gang %v, long local %v: want the gang at 6 and the long local after it", recs[3], recs[4])
	}
}

func TestSplitWithOverhead(t *testing.T) {
	cases := []struct {
		name     string
		approach int
		size     int
		overhead float64
		end      float64
		split    bool
		finished int
	}{
		{"fits one site: not split", 2, 4, 0.1, 2, false, 1},
		{"needs both sites: split, 10%", 2, 5, 0.1, 2.2, true, 1},
		{"needs both sites: split, 25%", 2, 5, 0.25, 2.5, true, 1},
		{"approach 1 never splits", 1, 5, 0.1, 0, false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// The local at 100 makes the window 101 long.
			sys, buf := setup{approach: c.approach, overhead: c.overhead}.build(t, gng(0, c.size, 2), loc(100, 0, 1))
			res := run(t, sys, sim.Limit{})
			if res.Window != 101 {
				t.Fatalf("window %v, want 101", res.Window)
			}
			if res.GangsFinished != c.finished || res.GangsArrived != 1 {
				t.Fatalf("%d gangs finished, want %d", res.GangsFinished, c.finished)
			}
			if c.finished == 0 {
				if res.GSQueueMean != 1 {
					t.Errorf("GS queue mean %v, want the gang waiting all along", res.GSQueueMean)
				}
				return
			}
			g := records(t, buf)[1]
			wantSite := 1.0
			if c.split {
				wantSite = 0
			}
			if g["start"] != 0 || math.Abs(g["end"]-c.end) > 1e-12 || (g["split"] == 1) != c.split || g["site"] != wantSite && !(!c.split && g["site"] == 2) {
				t.Errorf("gang %v: want start 0, end %v, split %v", g, c.end, c.split)
			}
			if math.Abs(res.GangWRT-c.end) > 1e-12 || math.Abs(res.GangWSLD-1) > 1e-12 {
				t.Errorf("WRT %v WSLD %v, want %v and 1 (the overhead is part of the service time)", res.GangWRT, res.GangWSLD, c.end)
			}
			wantOver := 0.0
			if c.split {
				wantOver = float64(c.size) * 2 * c.overhead / (8 * 101)
			}
			if math.Abs(res.OverheadLoad-wantOver) > 1e-12 || (res.GangsSplit == 1) != c.split {
				t.Errorf("overhead load %v (want %v), %d split", res.OverheadLoad, wantOver, res.GangsSplit)
			}
		})
	}
}

// A gang queued at the GS is dispatched when a departure empties enough
// queues; a local job never waits while its processor is free.
func TestGSQueueDispatchOnDeparture(t *testing.T) {
	// One site of 2: locals of 3 at both processors, one more waiting at
	// each; the gang of 2 arriving at 1 finds no empty queue and waits at
	// the GS. At 3 the running locals end, the waiting ones start (ending
	// at 4), their queues empty, the gang joins them and starts at 4.
	arr := []gang.Arrival{loc(0, 0, 3), loc(0, 0, 3), loc(0.5, 0, 1), loc(0.5, 0, 1), gng(1, 2, 1)}
	sys, buf := setup{sites: 1, procs: 2, approach: 1}.build(t, arr...)
	res := run(t, sys, sim.Limit{})
	g := records(t, buf)[5]
	if g["start"] != 4 || g["end"] != 5 {
		t.Errorf("gang %v: want start 4", g)
	}
	if want := 2.0 / 5; math.Abs(res.GSQueueMean-want) > 1e-12 {
		t.Errorf("GS queue mean %v, want %v (one gang from 1 to 3 over 5)", res.GSQueueMean, want)
	}
}

func TestCompletedJobsStopAndResume(t *testing.T) {
	var arr []gang.Arrival
	for i := 0; i < 50; i++ {
		arr = append(arr, loc(float64(i), i%2, 0.5))
	}
	sys, _ := setup{}.build(t, arr...)
	r := run(t, sys, sim.Limit{Time: 9.9})
	if r.LocalsFinished != 10 {
		t.Fatalf("%d locals finished by 9.9, want 10", r.LocalsFinished)
	}
	r = run(t, sys, sim.Limit{})
	if r.LocalsFinished != 50 || r.LocalRT != 0.5 || r.LocalSLD != 1 {
		t.Fatalf("after resuming: %+v", r)
	}
}

func TestPolicyErrorsAreErrors(t *testing.T) {
	cases := []struct {
		name string
		c    setup
		arr  []gang.Arrival
	}{
		{"router out of range", setup{router: routerFunc(func(*gang.View, int, float64) int { return 7 })}, []gang.Arrival{loc(0, 0, 1)}},
		{"placement without queues", setup{alloc: badAlloc{}}, []gang.Arrival{loc(0, 0, 5), loc(0, 0, 5), loc(0, 0, 5), loc(0, 0, 5), loc(0, 0, 5), gng(1, 4, 1)}},
		{"busy-only placement at free processors", setup{alloc: fixedAlloc{Kind: gang.OneSite, Queues: gang.BusyOnly}}, []gang.Arrival{loc(0, 0, 5), gng(1, 2, 1)}},
		{"free-only placement at busy processors", setup{alloc: fixedAlloc{Kind: gang.OneSite, Queues: gang.FreeOnly}}, []gang.Arrival{loc(0, 0, 5), loc(0, 0, 5), loc(0, 0, 5), gng(1, 2, 1)}},
		{"unknown queue set", setup{alloc: fixedAlloc{Kind: gang.OneSite, Queues: gang.BusyOnly + 1}}, []gang.Arrival{gng(1, 1, 1)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sys, _ := c.c.build(t, c.arr...)
			if _, err := sys.Run(sim.Limit{}); !errors.Is(err, gang.ErrPolicy) {
				t.Fatalf("got %v, want ErrPolicy", err)
			}
		})
	}
}

func TestBadWorkloadIsAnError(t *testing.T) {
	for _, a := range []gang.Arrival{
		{Time: 0, Site: 0, Size: 2, Runtime: 1, Estimate: 1},
		{Time: 0, Site: gang.GS, Size: 9, Runtime: 1, Estimate: 1},
		{Time: 0, Site: 2, Size: 1, Runtime: 1, Estimate: 1},
		{Time: 0, Site: 0, Size: 1, Runtime: 0, Estimate: 1},
		{Time: 0, Site: 0, Size: 1, Runtime: 1, Estimate: math.NaN()},
		{Time: math.NaN(), Site: 0, Size: 1, Runtime: 1, Estimate: 1},
	} {
		sys, _ := setup{}.build(t, a)
		if _, err := sys.Run(sim.Limit{}); err == nil {
			t.Errorf("arrival %+v: no error", a)
		}
	}
}

type routerFunc func(*gang.View, int, float64) int

func (f routerFunc) Route(v *gang.View, s int, e float64) int { return f(v, s, e) }

// badAlloc places every gang at site 0 whatever its queues.
type badAlloc struct{}

func (badAlloc) Steps() int { return 1 }
func (badAlloc) Place(*gang.View, int, int) gang.Placement {
	return gang.Placement{Kind: gang.OneSite, Site: 0}
}

// fixedAlloc places every gang as the placement says.
type fixedAlloc gang.Placement

func (fixedAlloc) Steps() int                                  { return 1 }
func (f fixedAlloc) Place(*gang.View, int, int) gang.Placement { return gang.Placement(f) }

func TestQueuePick(t *testing.T) {
	// One site of 4: locals ending at 4, 3, 2, 1 on processors 0-3; a gang
	// of 2 arrives at 0.5 and takes two of the four empty queues.
	arr := []gang.Arrival{loc(0, 0, 4), loc(0, 0, 3), loc(0, 0, 2), loc(0, 0, 1), gng(0.5, 2, 1)}
	for _, c := range []struct {
		pick  string
		start float64
	}{{"earliest", 2}, {"index", 4}} {
		sys, buf := setup{sites: 1, procs: 4, approach: 1, pick: c.pick, router: firstFree}.build(t, arr...)
		run(t, sys, sim.Limit{})
		if g := records(t, buf)[5]; g["start"] != c.start {
			t.Errorf("%s: gang starts at %v, want %v", c.pick, g["start"], c.start)
		}
	}
	// Random: over many ties streams, several pairs.
	starts := map[float64]int{}
	for seed := uint64(0); seed < 40; seed++ {
		sys, buf := setup{sites: 1, procs: 4, approach: 1, pick: "random", router: firstFree, seed: seed}.build(t, arr...)
		run(t, sys, sim.Limit{})
		starts[records(t, buf)[5]["start"]]++
	}
	if len(starts) < 3 || starts[1] > 0 {
		t.Errorf("random pick: gang start times %v, want 2, 3 and 4 to occur", starts)
	}
}

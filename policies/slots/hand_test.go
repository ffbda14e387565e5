package slots

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// handExample is the environment of the paper's section 4 (Fig. 2 (a)):
// six uniform nodes cpu1–cpu6 with a unit price each, seven local tasks
// p1–p7, ten free slots 0–9 sorted by start. The figure's coordinates are
// not in the text; this environment was built to satisfy every fact the
// text states:
//
//   - Job 1 (2 nodes, runtime 80, window price per time ≤ 10): W1 on cpu1
//     and cpu4 over [150, 230], price 10; earlier windows exist but cost
//     more (cpu2+cpu3 at 0: 11).
//   - Job 2 (3 nodes, runtime 30, ≤ 30): W2 on cpu1, cpu2, cpu4, price 14,
//     the earliest once W1 is subtracted.
//   - Job 3 (2 nodes, runtime 50, ≤ 6): W3 over [450, 500].
//   - AMP finds eight alternatives in all, some on cpu6 (price 12), which
//     ALP (per-slot limit 30/3 = 10 for job 2) cannot use.
//
// Local tasks: p1 cpu1 [0,150), p2 cpu2 [100,230), p3 cpu3 [120,300),
// p4 cpu4 [0,140), p5 cpu5 [20,450), p6 cpu6 [0,100), p7 cpu6 [200,350);
// every node is free after its last task until 500 (cpu3 460, cpu6 430).
func handExample() (*slot.List, []slot.Request) {
	nodes := []slot.Node{
		{Name: "cpu1", Performance: 1, Price: 5},
		{Name: "cpu2", Performance: 1, Price: 4},
		{Name: "cpu3", Performance: 1, Price: 7},
		{Name: "cpu4", Performance: 1, Price: 5},
		{Name: "cpu5", Performance: 1, Price: 2},
		{Name: "cpu6", Performance: 1, Price: 12},
	}
	l, err := slot.NewList(nodes, []slot.Slot{
		{Node: 1, Start: 0, End: 100},   // 0
		{Node: 2, Start: 0, End: 120},   // 1
		{Node: 4, Start: 0, End: 20},    // 2
		{Node: 5, Start: 100, End: 200}, // 3
		{Node: 3, Start: 140, End: 500}, // 4
		{Node: 0, Start: 150, End: 500}, // 5
		{Node: 1, Start: 230, End: 500}, // 6
		{Node: 2, Start: 300, End: 460}, // 7
		{Node: 5, Start: 350, End: 430}, // 8
		{Node: 4, Start: 450, End: 500}, // 9
	})
	if err != nil {
		panic(err)
	}
	// "maximum total window cost per time" W is C = W / N per slot.
	jobs := []slot.Request{
		{Name: "job1", Nodes: 2, Length: 80, MinPerformance: 1, MaxPrice: 10.0 / 2},
		{Name: "job2", Nodes: 3, Length: 30, MinPerformance: 1, MaxPrice: 30.0 / 3},
		{Name: "job3", Nodes: 2, Length: 50, MinPerformance: 1, MaxPrice: 6.0 / 2},
	}
	return l, jobs
}

// describe renders an alternative as "job [start,finish] nodes price/time".
func describe(l *slot.List, job string, w slot.Window) string {
	var names []string
	price := 0.0
	for _, s := range w.Slots {
		names = append(names, l.Nodes[s.Node].Name)
		price += l.Nodes[s.Node].Price
	}
	return fmt.Sprintf("%s [%g,%g] %s %g", job, w.Start, w.Finish(), strings.Join(names, "+"), price)
}

func TestPaperHandExample(t *testing.T) {
	golden := map[string][]string{
		"amp": {
			"job1 [150,230] cpu4+cpu1 10", // W1
			"job1 [260,340] cpu2+cpu4 9",
			"job1 [370,450] cpu2+cpu4 9",
			"job2 [230,260] cpu2+cpu4+cpu1 14", // W2
			"job2 [340,370] cpu2+cpu1+cpu3 16",
			"job2 [370,400] cpu1+cpu3+cpu6 24",
			"job2 [400,430] cpu1+cpu3+cpu6 24",
			"job3 [450,500] cpu5+cpu2 6", // W3
		},
		"alp": {
			"job1 [150,230] cpu4+cpu1 10",
			"job1 [260,340] cpu2+cpu4 9",
			"job1 [370,450] cpu2+cpu4 9",
			"job2 [230,260] cpu2+cpu4+cpu1 14",
			"job2 [340,370] cpu2+cpu1+cpu3 16",
			"job2 [450,480] cpu5+cpu2+cpu1 11",
		},
	}
	l, jobs := handExample()
	for _, m := range []Method{MethodALP, MethodAMP} {
		work := l.Clone()
		alts, err := FindAlternatives(work, jobs, m)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		var all []slot.Window
		for j, jw := range alts {
			for _, w := range jw {
				got = append(got, describe(l, jobs[j].Name, w))
				all = append(all, w)
				checkWindow(t, l, jobs[j], m, w)
			}
		}
		want := golden[m.Name]
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s alternatives:\n%s\nwant:\n%s", m.Name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if err := slot.CheckConservation(l, work, all); err != nil {
			t.Error(err)
		}
	}
	// the facts of the text, stated once more on their own.
	amp, _ := FindAlternatives(l.Clone(), jobs, MethodAMP)
	if d := describe(l, "W1", amp[0][0]); d != "W1 [150,230] cpu4+cpu1 10" {
		t.Errorf("W1 = %s", d)
	}
	if d := describe(l, "W2", amp[1][0]); !strings.HasSuffix(d, "cpu2+cpu4+cpu1 14") {
		t.Errorf("W2 = %s", d)
	}
	if amp[2][0].Start != 450 || amp[2][0].Finish() != 500 {
		t.Errorf("W3 = %s", describe(l, "W3", amp[2][0]))
	}
	// the earliest window of job 1 with any prices starts earlier (at 0,
	// cpu2+cpu3 = 11 > 10): the cost constraint is what delays W1.
	w, ok, _ := (&Searcher{}).Find(l, jobs[0], NoLimits(jobs[0]), EarliestStart)
	if !ok || w.Start != 0 {
		t.Errorf("unconstrained earliest window of job 1: %v %v", ok, w.Start)
	}
}

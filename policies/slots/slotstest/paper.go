package slotstest

import "github.com/schedsim/schedsim/model/slot"

// PaperExample returns the environment of the paper's section 4 (Fig. 2 (a)):
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
func PaperExample() (*slot.List, []slot.Request) {
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

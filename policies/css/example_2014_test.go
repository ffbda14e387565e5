package css_test

import (
	"fmt"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
)

// The shift procedure (ЦСПС) on two nodes free on [0, 100): three chosen
// windows scattered over the interval move left on their own nodes, the
// earliest-starting first.
func ExampleShift() {
	nodes := []slot.Node{{Performance: 1, Price: 1}, {Performance: 1, Price: 1}}
	l, _ := slot.NewList(nodes, []slot.Slot{{Node: 0, Start: 0, End: 100}, {Node: 1, Start: 0, End: 100}})
	jobs := []slot.Request{{Nodes: 2, Length: 10}, {Nodes: 1, Length: 5}, {Nodes: 1, Length: 20}}
	chosen := []slot.Window{}
	for i, at := range []struct {
		start float64
		on    []int
	}{{50, []int{0, 1}}, {20, []int{0}}, {70, []int{1}}} {
		w, _ := slot.NewWindow(nodes, jobs[i], at.start, at.on)
		chosen = append(chosen, w)
	}
	free := css.NewTimeline(l)
	for _, w := range chosen {
		_ = free.Take(w)
	}
	shifted, _ := css.Shift(free, jobs, chosen)
	for i, w := range shifted {
		fmt.Printf("job %d: %v → %v\n", i, chosen[i].Start, w.Start)
	}
	// Output:
	// job 0: 50 → 5
	// job 1: 20 → 0
	// job 2: 70 → 15
}

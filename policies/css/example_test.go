package css_test

import (
	"fmt"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
)

// Two nodes, a slow cheap one and a fast dear one, free on [0, 300). The
// first user wants the cheapest run, the second the shortest; the VO
// maximises the total cost while the mean user utility stays ≤ lim.
func ExampleScheduler_Schedule() {
	nodes := []slot.Node{{Name: "slow", Performance: 1, Price: 1}, {Name: "fast", Performance: 2, Price: 4}}
	l, _ := slot.NewList(nodes, []slot.Slot{{Node: 0, Start: 0, End: 300}, {Node: 1, Start: 0, End: 300}})
	jobs := []css.Job{
		{Request: slot.Request{Nodes: 1, Length: 100}, Criterion: css.Cost},
		{Request: slot.Request{Nodes: 1, Length: 100}, Criterion: css.Runtime},
	}
	var s css.Scheduler
	for _, lim := range []float64{0, 100} {
		plan, _ := s.Schedule(l, jobs, css.CostMaxUtilityLimit(lim))
		fmt.Printf("lim Ua = %v%%:", lim)
		for i := range jobs {
			a, _ := plan.Choice(i)
			fmt.Printf(" job %d on %s [%v, %v) cost %v U %v%%;", i, nodes[a.Window.Slots[0].Node].Name, a.Start, a.Finish, a.Cost, a.Utility)
		}
		fmt.Println()
	}
	// Output:
	// lim Ua = 0%: job 0 on slow [0, 100) cost 100 U 0%; job 1 on fast [0, 50) cost 200 U 0%;
	// lim Ua = 100%: job 0 on fast [150, 200) cost 200 U 100%; job 1 on fast [0, 50) cost 200 U 0%;
}

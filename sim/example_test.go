package sim_test

import (
	"fmt"

	"github.com/schedsim/schedsim/sim"
)

// Events fire in (time, priority, scheduling order); a handler schedules
// more events, a handle cancels one, and Run stops at a time limit.
func Example() {
	eng := sim.NewFast()
	say := func(arg any) { fmt.Printf("t=%v %v\n", eng.Now(), arg) }
	eng.Schedule(2, sim.PriorityDefault, say, "arrival")
	eng.Schedule(2, sim.PriorityDeparture, say, "departure (lower priority value: first)")
	late := eng.Schedule(9, sim.PriorityDefault, say, "cancelled")
	eng.Schedule(1, sim.PriorityDefault, func(any) {
		say("tick")
		eng.After(0.5, sim.PriorityDefault, say, "half a unit after tick")
	}, nil)
	eng.Cancel(late)
	reason := eng.Run(sim.Limit{Time: 5})
	fmt.Println(reason, eng.Now(), eng.Processed())
	// Output:
	// t=1 tick
	// t=1.5 half a unit after tick
	// t=2 departure (lower priority value: first)
	// t=2 arrival
	// drained 2 4
}

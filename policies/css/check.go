package css

import (
	"fmt"

	"github.com/schedsim/schedsim/model/slot"
)

// CheckPlan is the debug invariant check of a feasible schedule on the
// slot list l it was made on: every chosen window is valid for its job
// (slot.Window.Check), lies inside one free slot of l per part (so it
// never uses an owner's time), keeps the job's price limits, and no two
// chosen windows overlap in processor time. Errors wrap
// slot.ErrInvariant or slot.ErrInvalidWindow and name the job.
func CheckPlan(l *slot.List, jobs []Job, p Plan) error {
	if len(p.Chosen) != len(jobs) {
		return fmt.Errorf("%w: a plan of %d jobs for %d", slot.ErrInvariant, len(p.Chosen), len(jobs))
	}
	var ws []slot.Window
	for i, j := range jobs {
		a, ok := p.Choice(i)
		if !ok {
			continue
		}
		w := a.Window
		if err := w.Check(l.Nodes, j.Request); err != nil {
			return fmt.Errorf("job %d: %w", i, err)
		}
		if err := slot.CheckWithin(l, w); err != nil {
			return fmt.Errorf("job %d: %w", i, err)
		}
		lim := j.Limits()
		for _, s := range w.Slots {
			n := l.Nodes[s.Node]
			if n.Price > lim.MaxSlotPrice || lim.MaxPriceFactor > 0 && n.Price > lim.MaxPriceFactor*n.Base() {
				return fmt.Errorf("%w: job %d: node %d price %v breaks the job's limits", slot.ErrInvariant, i, s.Node, n.Price)
			}
		}
		if w.Cost > lim.Budget {
			return fmt.Errorf("%w: job %d: cost %v above the budget %v", slot.ErrInvariant, i, w.Cost, lim.Budget)
		}
		ws = append(ws, w)
	}
	return slot.CheckDisjoint(ws)
}

package slots

import (
	"fmt"

	"github.com/schedsim/schedsim/model/slot"
)

// CheckAlternatives verifies the invariants of an alternatives search
// that turned the list before into after: every window is valid for its
// job (Window.Check) and lies in a free slot of before; ALP windows have
// every slot price ≤ C, AMP windows a cost ≤ S, and every node a price
// within the limits' price factor of its base price; no two windows overlap in
// processor time; subtraction conserved free time exactly; after is a
// valid list. Errors wrap slot.ErrInvariant or slot.ErrInvalidWindow.
func CheckAlternatives(before, after *slot.List, jobs []slot.Request, m Method, alts [][]slot.Window) error {
	var all []slot.Window
	for j, jw := range alts {
		lim := m.Limits(jobs[j])
		for k, w := range jw {
			if err := w.Check(before.Nodes, jobs[j]); err != nil {
				return fmt.Errorf("slots: job %d alternative %d: %w", j, k, err)
			}
			if err := slot.CheckWithin(before, w); err != nil {
				return fmt.Errorf("slots: job %d alternative %d: %w", j, k, err)
			}
			if p := w.MaxPrice(before.Nodes); p > lim.MaxSlotPrice {
				return fmt.Errorf("%w: job %d alternative %d: slot price %v above the limit %v", slot.ErrInvariant, j, k, p, lim.MaxSlotPrice)
			}
			if f := lim.MaxPriceFactor; f > 0 {
				for _, sl := range w.Slots {
					if n := before.Nodes[sl.Node]; n.Price > f*n.Base() {
						return fmt.Errorf("%w: job %d alternative %d: node %d price %v above %v × base %v", slot.ErrInvariant, j, k, sl.Node, n.Price, f, n.Base())
					}
				}
			}
			if w.Cost > lim.Budget {
				return fmt.Errorf("%w: job %d alternative %d: cost %v above the budget %v", slot.ErrInvariant, j, k, w.Cost, lim.Budget)
			}
			all = append(all, w)
		}
	}
	if err := slot.CheckDisjoint(all); err != nil {
		return err
	}
	if err := slot.CheckConservation(before, after, all); err != nil {
		return err
	}
	if err := after.Validate(); err != nil {
		return fmt.Errorf("%w: %v", slot.ErrInvariant, err)
	}
	return nil
}

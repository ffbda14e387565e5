package css

import (
	"fmt"
	"math"
	"sort"

	"github.com/schedsim/schedsim/model/slot"
)

// Shift is the shift procedure of ЦСПС (Toporkov et al. 2014, section
// 1.4): after the batch choice, every chosen window is moved as early as
// its own nodes allow, keeping the nodes, the part lengths and the cost.
// Windows are taken in order of their start (ties in batch order), so
// that when a window moves, every window that started earlier has already
// moved and frees what it left behind.
//
// free is the cycle's free time with the chosen windows already taken; it
// is updated to the shifted windows. chosen[i] is the window of jobs[i]
// (the request rebuilds a moved window's parts exactly, start + runtime,
// as slot.Window.Check wants them); a job
// without a window has a nil Slots and is left alone. The result has the
// shifted windows in batch order; no window starts later than before.
func Shift(free *Timeline, jobs []slot.Request, chosen []slot.Window) ([]slot.Window, error) {
	if len(jobs) != len(chosen) {
		return nil, fmt.Errorf("css: shift: %d jobs, %d windows", len(jobs), len(chosen))
	}
	order := make([]int, 0, len(chosen))
	for i, w := range chosen {
		if len(w.Slots) > 0 {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return chosen[order[a]].Start < chosen[order[b]].Start })
	out := append([]slot.Window(nil), chosen...)
	for _, i := range order {
		w := out[i]
		if err := free.Release(w); err != nil {
			return nil, fmt.Errorf("css: shift job %d: %w", i, err)
		}
		tau, ok := free.EarliestStart(w, math.Inf(-1))
		if !ok || tau > w.Start { // unreachable: its own place is free
			tau = w.Start
		}
		if tau < w.Start {
			if m, err := moved(free.Nodes(), jobs[i], w, tau); err == nil && free.Fits(m) {
				w = m
			}
		}
		if err := free.Take(w); err != nil {
			return nil, fmt.Errorf("css: shift job %d: %w", i, err)
		}
		out[i] = w
	}
	return out, nil
}

// moved rebuilds w at start tau on the same nodes, in the same order,
// keeping its cost.
func moved(nodes []slot.Node, r slot.Request, w slot.Window, tau float64) (slot.Window, error) {
	on := make([]int, len(w.Slots))
	for i, p := range w.Slots {
		on[i] = p.Node
	}
	m, err := slot.NewWindow(nodes, r, tau, on)
	m.Cost = w.Cost
	return m, err
}

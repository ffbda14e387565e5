package slotexp

import (
	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
)

// A CycleMemo holds what the runs of one set of cycles (the points of a
// sweep on the same generated cycles: common random numbers) compute
// alike. In css2014-nodes the css and shift points of a node count both
// make the plain CSS plan of every cycle (a fifth of the built-in's
// work); the first makes it, the other reads it.
type CycleMemo interface {
	// Memo returns the value build makes under key for cycle number
	// cycle, built once; the value is read only.
	Memo(cycle int, key string, build func() (any, error)) (any, error)
}

// chosenPlan is what the css and shift variants take from the plain
// CSS plan: the chosen window of every job (nil Slots: none) and the
// number of alternatives of every job.
type chosenPlan struct {
	windows      []slot.Window
	alternatives []int
}

// cssPlan returns what the plain CSS plan (every job by its start) of
// cycle i on l chooses, from the shared memo when there is one.
func (c *CSS2014Cycler) cssPlan(i int, l *slot.List, plain []css.Job) (chosenPlan, error) {
	build := func() (chosenPlan, error) {
		p, err := c.batch(l, plain)
		if err != nil {
			return chosenPlan{}, err
		}
		return chosenPlan{windows: css.ChosenWindows(p), alternatives: counts(p)}, nil
	}
	if c.cfg.Shared == nil || i < 0 {
		return build()
	}
	v, err := c.cfg.Shared.Memo(i, "css plan "+c.cfg.VOCriterion, func() (any, error) {
		p, err := build()
		return compact(p), err
	})
	if err != nil {
		return chosenPlan{}, err
	}
	return v.(chosenPlan), nil
}

// compact copies the chosen windows' slots into one slice of their own:
// the search carves windows from large blocks, which a window kept in the
// memo would keep alive.
func compact(p chosenPlan) chosenPlan {
	n := 0
	for _, w := range p.windows {
		n += len(w.Slots) + len(w.Sources)
	}
	buf := make([]slot.Slot, 0, n)
	out := chosenPlan{windows: make([]slot.Window, len(p.windows)), alternatives: p.alternatives}
	for k, w := range p.windows {
		if w.Slots == nil {
			continue // no window: kept nil
		}
		at := len(buf)
		buf = append(buf, w.Slots...)
		w.Slots = buf[at:len(buf):len(buf)]
		if w.Sources != nil {
			at = len(buf)
			buf = append(buf, w.Sources...)
			w.Sources = buf[at:len(buf):len(buf)]
		}
		out.windows[k] = w
	}
	return out
}

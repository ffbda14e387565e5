package slot

import (
	"errors"
	"fmt"
	"math"
)

// Window is a set of slots for one job that start together. Each slot is
// the part of a free slot the job occupies on one node: it starts at the
// window's start and lasts the job's runtime on that node, so on
// heterogeneous nodes the right edge is uneven.
type Window struct {
	// Start is the common start time of the slots.
	Start float64 `yaml:"start"`
	// Slots are the occupied parts, one per node.
	Slots []Slot `yaml:"slots"`
	// Sources, when not nil, are the free slots the parts were cut from
	// (same order as Slots); Subtract uses them to find the slots fast.
	Sources []Slot `yaml:"-"`
	// Cost is the total cost: the sum over the slots of the node's price
	// times the slot's length.
	Cost float64 `yaml:"cost"`
}

// NewWindow builds the window of request r at start on the given nodes
// (indices into nodes): every part lasts r.Runtime on its node. The cost
// is computed from the nodes' prices.
func NewWindow(nodes []Node, r Request, start float64, on []int) (Window, error) {
	w := Window{Start: start, Slots: make([]Slot, len(on))}
	for i, n := range on {
		if n < 0 || n >= len(nodes) {
			return Window{}, fmt.Errorf("slot: node %d does not exist (%d nodes)", n, len(nodes))
		}
		rt := r.Runtime(nodes[n].Performance)
		w.Slots[i] = Slot{Node: n, Start: start, End: start + rt}
		w.Cost += nodes[n].Price * rt
	}
	return w, nil
}

// Len returns the number of slots (nodes) of the window.
func (w Window) Len() int { return len(w.Slots) }

// Time returns the window's usage time: the runtime on its slowest node,
// the longest of its slots.
func (w Window) Time() float64 {
	// math.Max without its call (not inlined on amd64), case for case:
	// t starts at +0 and never becomes −0; +Inf wins over NaN, which wins
	// over the rest.
	t, inf := 0.0, math.Inf(1)
	for i := range w.Slots {
		if d := w.Slots[i].End - w.Start; t != inf && (d > t || d != d || d == inf) {
			t = d
		}
	}
	return t
}

// Finish returns the end of the window's longest slot.
func (w Window) Finish() float64 { return w.Start + w.Time() }

// MaxPrice returns the highest price per time unit among the window's
// nodes.
func (w Window) MaxPrice(nodes []Node) float64 {
	p := 0.0
	for _, s := range w.Slots {
		p = math.Max(p, nodes[s.Node].Price)
	}
	return p
}

func (w Window) source(i int) *Slot {
	if len(w.Sources) != len(w.Slots) {
		return nil
	}
	return &w.Sources[i]
}

// ErrInvalidWindow is wrapped by the errors of Window.Check.
var ErrInvalidWindow = errors.New("slot: invalid window")

// Check verifies that w is a valid window for request r on nodes: exactly
// r.Nodes slots on distinct existing nodes, all starting at w.Start, each
// lasting exactly the job's runtime on its node, every node meeting the
// minimum performance, and Cost equal to the sum of price × length (to a
// relative 1e-9). Price limits are the policies' business and are not
// checked here.
func (w Window) Check(nodes []Node, r Request) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidWindow, fmt.Sprintf(format, args...))
	}
	if len(w.Slots) != r.Nodes {
		return bad("%d slots for a request of %d nodes", len(w.Slots), r.Nodes)
	}
	seen := make(map[int]bool, len(w.Slots))
	cost := 0.0
	for i, s := range w.Slots {
		if s.Node < 0 || s.Node >= len(nodes) {
			return bad("slot %d: node %d does not exist", i, s.Node)
		}
		if seen[s.Node] {
			return bad("slot %d: node %d used twice", i, s.Node)
		}
		seen[s.Node] = true
		n := nodes[s.Node]
		if s.Start != w.Start {
			return bad("slot %d starts at %v, the window at %v", i, s.Start, w.Start)
		}
		if !r.Accepts(n) {
			return bad("slot %d: node %d performance %v < minimum %v", i, s.Node, n.Performance, r.MinPerformance)
		}
		rt := r.Runtime(n.Performance)
		if s.End != s.Start+rt {
			return bad("slot %d: length %v, runtime on node %d is %v", i, s.Length(), s.Node, rt)
		}
		cost += n.Price * rt
	}
	if math.Abs(cost-w.Cost) > 1e-9*math.Max(1, math.Abs(cost)) {
		return bad("cost %v, slots cost %v", w.Cost, cost)
	}
	return nil
}

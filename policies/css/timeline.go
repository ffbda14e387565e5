package css

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/schedsim/schedsim/model/slot"
)

// Timeline is the free time of every node of one cycle as sorted, disjoint
// intervals that never touch. Unlike a slot.List, freeing time merges it
// with its neighbours, so that a window can be released and placed again
// anywhere the freed time allows: the shift procedure and backfilling's
// re-planning on early finishes need that.
type Timeline struct {
	nodes []slot.Node
	free  [][]slot.Slot // per node
}

// NewTimeline returns the free time of the list's slots (touching or
// overlapping slots of one node are merged).
func NewTimeline(l *slot.List) *Timeline {
	t := &Timeline{nodes: l.Nodes, free: make([][]slot.Slot, len(l.Nodes))}
	for _, s := range l.Slots {
		if s.Node >= 0 && s.Node < len(t.free) && s.End > s.Start {
			t.free[s.Node] = append(t.free[s.Node], s)
		}
	}
	for n, ss := range t.free {
		sort.Slice(ss, func(i, j int) bool { return ss[i].Start < ss[j].Start })
		merged := ss[:0]
		for _, s := range ss {
			if k := len(merged) - 1; k >= 0 && s.Start <= merged[k].End {
				merged[k].End = math.Max(merged[k].End, s.End)
				continue
			}
			merged = append(merged, s)
		}
		t.free[n] = merged
	}
	return t
}

// Nodes returns the nodes (shared, read-only).
func (t *Timeline) Nodes() []slot.Node { return t.nodes }

// Free returns the free intervals of node n (read-only).
func (t *Timeline) Free(n int) []slot.Slot { return t.free[n] }

// FreeTime returns the total free time.
func (t *Timeline) FreeTime() float64 {
	sum := 0.0
	for _, ss := range t.free {
		for _, s := range ss {
			sum += s.Length()
		}
	}
	return sum
}

// holder returns the index of the free interval of p's node that contains
// p, or −1.
func (t *Timeline) holder(p slot.Slot) int {
	ss := t.free[p.Node]
	i := sort.Search(len(ss), func(k int) bool { return ss[k].End >= p.End })
	if i < len(ss) && ss[i].Start <= p.Start {
		return i
	}
	return -1
}

// Fits reports whether every part of w lies in free time.
func (t *Timeline) Fits(w slot.Window) bool {
	for _, p := range w.Slots {
		if p.Node < 0 || p.Node >= len(t.free) || t.holder(p) < 0 {
			return false
		}
	}
	return true
}

// Take removes the parts of w from the free time. It is all or nothing:
// when a part is not free, nothing changes and the error wraps
// slot.ErrNotFree.
func (t *Timeline) Take(w slot.Window) error {
	for i, p := range w.Slots {
		if p.Node < 0 || p.Node >= len(t.free) || t.holder(p) < 0 {
			return fmt.Errorf("%w: window part %d, node %d [%v, %v)", slot.ErrNotFree, i, p.Node, p.Start, p.End)
		}
		for j := 0; j < i; j++ {
			if w.Slots[j].Overlaps(p) {
				return fmt.Errorf("%w: window parts %d and %d overlap on node %d", slot.ErrNotFree, j, i, p.Node)
			}
		}
	}
	for _, p := range w.Slots {
		if p.End > p.Start {
			t.take(p)
		}
	}
	return nil
}

func (t *Timeline) take(p slot.Slot) {
	ss := t.free[p.Node]
	i := t.holder(p)
	h := ss[i]
	switch {
	case h.Start == p.Start && h.End == p.End:
		ss = append(ss[:i], ss[i+1:]...)
	case h.Start == p.Start:
		ss[i].Start = p.End
	case h.End == p.End:
		ss[i].End = p.Start
	default:
		ss[i].End = p.Start
		ss = append(ss, slot.Slot{})
		copy(ss[i+2:], ss[i+1:])
		ss[i+1] = slot.Slot{Node: p.Node, Start: p.End, End: h.End}
	}
	t.free[p.Node] = ss
}

// Release returns the parts of w to the free time, merging them with
// touching free intervals. A part that overlaps free time is an error
// wrapping slot.ErrInvariant (it was never taken), and nothing changes.
func (t *Timeline) Release(w slot.Window) error {
	for i, p := range w.Slots {
		if err := t.checkTaken(p); err != nil {
			return fmt.Errorf("window part %d: %w", i, err)
		}
	}
	for _, p := range w.Slots {
		t.ReleasePart(p)
	}
	return nil
}

func (t *Timeline) checkTaken(p slot.Slot) error {
	if p.Node < 0 || p.Node >= len(t.free) {
		return fmt.Errorf("%w: node %d does not exist", slot.ErrInvariant, p.Node)
	}
	for _, f := range t.free[p.Node] {
		if f.Overlaps(p) {
			return fmt.Errorf("%w: node %d [%v, %v) is already free", slot.ErrInvariant, p.Node, p.Start, p.End)
		}
	}
	return nil
}

// ReleasePart returns one interval to the free time of its node; it must
// not overlap free time (use Release to have that checked).
func (t *Timeline) ReleasePart(p slot.Slot) {
	if !(p.End > p.Start) {
		return
	}
	ss := t.free[p.Node]
	i := sort.Search(len(ss), func(k int) bool { return ss[k].Start >= p.End })
	// ss[i] is the first interval starting at or after p's end.
	joinNext := i < len(ss) && ss[i].Start == p.End
	joinPrev := i > 0 && ss[i-1].End == p.Start
	switch {
	case joinPrev && joinNext:
		ss[i-1].End = ss[i].End
		ss = append(ss[:i], ss[i+1:]...)
	case joinPrev:
		ss[i-1].End = p.End
	case joinNext:
		ss[i].Start = p.Start
	default:
		ss = append(ss, slot.Slot{})
		copy(ss[i+1:], ss[i:])
		ss[i] = p
	}
	t.free[p.Node] = ss
}

// EarliestStart returns the earliest start τ ≥ from at which every part
// of w, keeping its node and its length, lies in free time; ok is false
// when there is none. The least such τ is the start of some free interval
// of one of the nodes, or from itself, so only those are tried.
func (t *Timeline) EarliestStart(w slot.Window, from float64) (float64, bool) {
	var cands []float64
	cands = append(cands, from)
	for _, p := range w.Slots {
		for _, f := range t.free[p.Node] {
			if f.Start > from {
				cands = append(cands, f.Start)
			}
		}
	}
	sort.Float64s(cands)
	for _, tau := range cands {
		if t.fitsAt(w, tau) {
			return tau, true
		}
	}
	return 0, false
}

func (t *Timeline) fitsAt(w slot.Window, tau float64) bool {
	for _, p := range w.Slots {
		if t.holder(slot.Slot{Node: p.Node, Start: tau, End: tau + p.Length()}) < 0 {
			return false
		}
	}
	return true
}

// List returns the free time from `from` on as a slot list sorted by
// start, then node (intervals that begin earlier are cut at from),
// appending to buf. A node's intervals never share a start, so this is
// the order slot.List.Sort gives slots appended node by node.
func (t *Timeline) List(from float64, buf []slot.Slot) *slot.List {
	l := &slot.List{Nodes: t.nodes, Slots: buf[:0]}
	for n, ss := range t.free {
		for _, s := range ss {
			if s.End <= from {
				continue
			}
			l.Slots = append(l.Slots, slot.Slot{Node: n, Start: math.Max(s.Start, from), End: s.End})
		}
	}
	slices.SortFunc(l.Slots, func(a, b slot.Slot) int {
		if c := cmp.Compare(a.Start, b.Start); c != 0 {
			return c
		}
		return a.Node - b.Node
	})
	return l
}

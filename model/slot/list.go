package slot

import (
	"errors"
	"fmt"
	"slices"
	"sort"
)

// Slot is a free time interval [Start, End) on one node. In a Window the
// same type describes the part of a free slot that a job occupies.
type Slot struct {
	// Node is the index of the slot's node in List.Nodes.
	Node int `yaml:"node"`
	// Start is when the slot begins.
	Start float64 `yaml:"start"`
	// End is when the slot ends; End > Start in a valid list.
	End float64 `yaml:"end"`
}

// Length returns End − Start.
func (s Slot) Length() float64 { return s.End - s.Start }

// Contains reports whether o lies inside s on the same node.
func (s Slot) Contains(o Slot) bool {
	return s.Node == o.Node && s.Start <= o.Start && o.End <= s.End
}

// Overlaps reports whether s and o share a positive length of time on the
// same node.
func (s Slot) Overlaps(o Slot) bool {
	return s.Node == o.Node && s.Start < o.End && o.Start < s.End
}

// ErrInvalidList is wrapped by the errors of List.Validate and NewList.
var ErrInvalidList = errors.New("slot: invalid slot list")

// ErrNotFree is wrapped by the errors of Subtract and Cut when an interval
// to remove is not inside one free slot of the list.
var ErrNotFree = errors.New("slot: interval is not free in the slot list")

// List is the environment of one scheduling cycle: the nodes and their
// free slots, sorted by non-decreasing start time (slots with equal
// starts keep their insertion order). Nodes is read-only once the list is
// built; Clone shares it.
type List struct {
	// Nodes are the computational nodes; slots refer to them by index.
	Nodes []Node `yaml:"nodes"`
	// Slots are the free slots sorted by start time.
	Slots []Slot `yaml:"slots"`
}

// NewList copies the slots, sorts them by start time (stable, so equal
// starts keep the given order) and validates the result.
func NewList(nodes []Node, slots []Slot) (*List, error) {
	l := &List{Nodes: nodes, Slots: append([]Slot(nil), slots...)}
	l.Sort()
	if err := l.Validate(); err != nil {
		return nil, err
	}
	return l, nil
}

// Sort orders the slots by start time, keeping the order of equal starts.
// (slices.SortStableFunc runs the algorithm of sort.SliceStable, whose
// reflective swaps were 6% of css2014-load-levels, on the slots
// themselves.)
func (l *List) Sort() {
	slices.SortStableFunc(l.Slots, func(a, b Slot) int {
		switch {
		case a.Start < b.Start:
			return -1
		case b.Start < a.Start:
			return 1
		}
		return 0
	})
}

// Len returns the number of free slots.
func (l *List) Len() int { return len(l.Slots) }

// Node returns the node of slot s. s.Node must be a valid index.
func (l *List) Node(s Slot) Node { return l.Nodes[s.Node] }

// Clone returns a list with its own copy of the slots; the nodes are
// shared.
func (l *List) Clone() *List {
	return &List{Nodes: l.Nodes, Slots: append(make([]Slot, 0, len(l.Slots)+16), l.Slots...)}
}

// FreeTime returns the total length of the free slots.
func (l *List) FreeTime() float64 {
	t := 0.0
	for _, s := range l.Slots {
		t += s.Length()
	}
	return t
}

// Validate checks the list's invariants: every node is valid; every slot
// names an existing node, has finite times and a positive length; the
// slots are sorted by start; and no two slots of one node overlap.
// Errors wrap ErrInvalidList and name the offending node or slot.
func (l *List) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvalidList, fmt.Sprintf(format, args...))
	}
	for i, n := range l.Nodes {
		if err := n.Validate(); err != nil {
			return bad("nodes[%d]: %v", i, err)
		}
	}
	for i, s := range l.Slots {
		switch {
		case s.Node < 0 || s.Node >= len(l.Nodes):
			return bad("slots[%d]: node %d does not exist (%d nodes)", i, s.Node, len(l.Nodes))
		case !finite(s.Start) || !finite(s.End):
			return bad("slots[%d]: start and end must be finite (got %v, %v)", i, s.Start, s.End)
		case !(s.End > s.Start):
			return bad("slots[%d]: end %v must be after start %v", i, s.End, s.Start)
		case i > 0 && s.Start < l.Slots[i-1].Start:
			return bad("slots[%d]: not sorted by start (%v after %v)", i, s.Start, l.Slots[i-1].Start)
		}
	}
	byNode := l.byNode()
	for node, ss := range byNode {
		for k := 1; k < len(ss); k++ {
			if ss[k].Start < ss[k-1].End {
				return bad("node %d: slots [%v, %v) and [%v, %v) overlap", node, ss[k-1].Start, ss[k-1].End, ss[k].Start, ss[k].End)
			}
		}
	}
	return nil
}

// byNode returns the slots of every node sorted by start.
func (l *List) byNode() map[int][]Slot {
	m := map[int][]Slot{}
	for _, s := range l.Slots {
		m[s.Node] = append(m[s.Node], s)
	}
	for _, ss := range m {
		sort.Slice(ss, func(i, j int) bool { return ss[i].Start < ss[j].Start })
	}
	return m
}

// Insert adds s after every slot that starts no later than s.
func (l *List) Insert(s Slot) {
	i := startsAfter(l.Slots, s.Start)
	l.Slots = append(l.Slots, Slot{})
	copy(l.Slots[i+1:], l.Slots[i:])
	l.Slots[i] = s
}

// startsAfter returns the index of the first slot of s, sorted by start,
// that starts after t (len(s) if none): where a slot starting at t goes
// after every slot that starts no later than it.
func startsAfter(s []Slot, t float64) int {
	lo, hi := 0, len(s)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if s[m].Start > t {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// find returns the index of the free slot that contains part, or −1. A
// hint (the slot the part was cut from) is tried first.
func (l *List) find(part Slot, hint *Slot) int {
	if hint != nil && hint.Contains(part) {
		lo, hi := 0, len(l.Slots)
		for lo < hi { // first slot starting at or after the hint
			m := int(uint(lo+hi) >> 1)
			if l.Slots[m].Start < hint.Start {
				lo = m + 1
			} else {
				hi = m
			}
		}
		for k := lo; k < len(l.Slots) && l.Slots[k].Start == hint.Start; k++ {
			if l.Slots[k] == *hint {
				return k
			}
		}
	}
	hi := startsAfter(l.Slots, part.Start)
	for k := hi - 1; k >= 0; k-- {
		if l.Slots[k].Contains(part) {
			return k
		}
	}
	return -1
}

// Cut removes the interval part from the free slot K that contains it:
// K is replaced by K1 = [K.Start, part.Start) and K2 = [part.End, K.End),
// each kept only if its length is positive. K1 takes K's place in the
// list; K2 goes after every slot that starts no later than it.
func (l *List) Cut(part Slot) error {
	return l.cut(part, nil)
}

func (l *List) cut(part Slot, hint *Slot) error {
	if !(part.End >= part.Start) {
		return fmt.Errorf("%w: node %d [%v, %v) has a negative length", ErrNotFree, part.Node, part.Start, part.End)
	}
	i := l.find(part, hint)
	if i < 0 {
		return fmt.Errorf("%w: node %d [%v, %v)", ErrNotFree, part.Node, part.Start, part.End)
	}
	l.cutAt(i, part)
	return nil
}

// cutAt cuts part out of slot i, which contains it. Only slots at index i
// or later move.
func (l *List) cutAt(i int, part Slot) {
	k := l.Slots[i]
	if part.Start > k.Start {
		l.Slots[i].End = part.Start
	} else {
		l.Slots = append(l.Slots[:i], l.Slots[i+1:]...)
	}
	if k.End > part.End {
		l.Insert(Slot{Node: k.Node, Start: part.End, End: k.End})
	}
}

// Subtract removes every part of the window from the free slots (the
// paper's Fig. 1 (b)). It is all or nothing: when a part is not inside a
// free slot, or two parts overlap, nothing is changed and the error wraps
// ErrNotFree.
func (l *List) Subtract(w Window) error {
	var small [8]int
	idx := small[:0]
	for i, p := range w.Slots {
		if !(p.End >= p.Start) {
			return fmt.Errorf("%w: window part %d, node %d [%v, %v) has a negative length", ErrNotFree, i, p.Node, p.Start, p.End)
		}
		k := l.find(p, w.source(i))
		if k < 0 {
			return fmt.Errorf("%w: window part %d, node %d [%v, %v)", ErrNotFree, i, p.Node, p.Start, p.End)
		}
		for j := 0; j < i; j++ {
			if w.Slots[j].Node == p.Node && w.Slots[j].Start < p.End && p.Start < w.Slots[j].End {
				return fmt.Errorf("%w: window parts %d and %d overlap on node %d", ErrNotFree, j, i, p.Node)
			}
			if idx[j] == k {
				k = -1 // two parts in one free slot: cut them one by one
			}
		}
		idx = append(idx, k)
	}
	// Shrink or remove the free slots from the highest index down (this
	// moves only slots at that index or later, so the lower indices found
	// above stay valid), then insert the pieces after the parts in window
	// order: the list is the same as cutting part after part. Parts
	// sharing a free slot are cut afterwards by lookup.
	var ordSmall [8]int
	order := ordSmall[:0]
	for i := range idx {
		if idx[i] >= 0 {
			order = append(order, i)
		}
	}
	for a := 1; a < len(order); a++ {
		for b := a; b > 0 && idx[order[b]] > idx[order[b-1]]; b-- {
			order[b], order[b-1] = order[b-1], order[b]
		}
	}
	var afterSmall [8]Slot
	after := afterSmall[:len(w.Slots)]
	if len(w.Slots) > len(afterSmall) {
		after = make([]Slot, len(w.Slots))
	}
	var goneSmall [8]int
	gone := goneSmall[:0] // the slots removed whole, by descending index
	for _, i := range order {
		k, part := l.Slots[idx[i]], w.Slots[i]
		if part.Start > k.Start {
			l.Slots[idx[i]].End = part.Start
		} else {
			gone = append(gone, idx[i])
		}
		after[i] = Slot{Node: k.Node, Start: part.End, End: k.End}
	}
	pieces := after[:0] // the pieces kept, in window order (after[i] is read before pieces overwrites it)
	for i, k := range idx {
		if k >= 0 && after[i].End > after[i].Start {
			pieces = append(pieces, after[i])
		}
	}
	l.removeAll(gone)
	l.insertAll(pieces)
	for i, k := range idx {
		if k < 0 {
			if err := l.cut(w.Slots[i], nil); err != nil {
				return err // unreachable: disjoint parts of one free slot
			}
		}
	}
	return nil
}

package slot

import (
	"errors"
	"fmt"
	"sort"
)

// ErrInvariant is wrapped by the errors of the invariant checks below.
var ErrInvariant = errors.New("slot: invariant violated")

// CheckDisjoint verifies that no two parts of the given windows share
// processor time: on every node their intervals are pairwise disjoint.
// Alternatives found in one scheduling cycle must pass it, so that any one
// of them can be chosen per job without revising the others.
func CheckDisjoint(ws []Window) error {
	type part struct {
		s      Slot
		window int
	}
	byNode := map[int][]part{}
	for wi, w := range ws {
		for _, s := range w.Slots {
			byNode[s.Node] = append(byNode[s.Node], part{s, wi})
		}
	}
	for node, ps := range byNode {
		sort.Slice(ps, func(i, j int) bool { return ps[i].s.Start < ps[j].s.Start })
		for k := 1; k < len(ps); k++ {
			if ps[k].s.Start < ps[k-1].s.End && ps[k].s.Length() > 0 && ps[k-1].s.Length() > 0 {
				return fmt.Errorf("%w: node %d: windows %d [%v, %v) and %d [%v, %v) overlap", ErrInvariant, node,
					ps[k-1].window, ps[k-1].s.Start, ps[k-1].s.End, ps[k].window, ps[k].s.Start, ps[k].s.End)
			}
		}
	}
	return nil
}

// CheckWithin verifies that every part of w lies inside one free slot of l.
func CheckWithin(l *List, w Window) error {
	for i, p := range w.Slots {
		if l.find(p, w.source(i)) < 0 {
			return fmt.Errorf("%w: window part %d, node %d [%v, %v) is not inside a free slot", ErrInvariant, i, p.Node, p.Start, p.End)
		}
	}
	return nil
}

// CheckConservation verifies that subtracting the used windows from the
// list before gave the list after, with no free time created or lost: on
// every node the free intervals after, together with the used parts, are
// pairwise disjoint and their union is exactly the union of the free
// intervals before. Endpoints are compared exactly (subtraction copies
// them, it never computes new ones), so this is an exact conservation
// check, not one up to rounding.
func CheckConservation(before, after *List, used []Window) error {
	b := map[int][]Slot{}
	for _, s := range before.Slots {
		b[s.Node] = append(b[s.Node], s)
	}
	a := map[int][]Slot{}
	for _, s := range after.Slots {
		a[s.Node] = append(a[s.Node], s)
	}
	for _, w := range used {
		for _, s := range w.Slots {
			if s.Length() > 0 {
				a[s.Node] = append(a[s.Node], s)
			}
		}
	}
	nodes := map[int]bool{}
	for n := range a {
		nodes[n] = true
	}
	for n := range b {
		nodes[n] = true
	}
	for n := range nodes {
		ub, err := union(b[n], false)
		if err != nil {
			return fmt.Errorf("%w: node %d before: %v", ErrInvariant, n, err)
		}
		ua, err := union(a[n], true)
		if err != nil {
			return fmt.Errorf("%w: node %d after + used: %v", ErrInvariant, n, err)
		}
		if len(ua) != len(ub) {
			return fmt.Errorf("%w: node %d: free time before %v, after + used %v", ErrInvariant, n, ub, ua)
		}
		for i := range ua {
			if ua[i] != ub[i] {
				return fmt.Errorf("%w: node %d: free time before %v, after + used %v", ErrInvariant, n, ub, ua)
			}
		}
	}
	return nil
}

// union sorts the intervals and merges touching ones; with strict it
// reports intervals that overlap.
func union(ss []Slot, strict bool) ([][2]float64, error) {
	ss = append([]Slot(nil), ss...)
	sort.Slice(ss, func(i, j int) bool { return ss[i].Start < ss[j].Start })
	var out [][2]float64
	for _, s := range ss {
		if k := len(out) - 1; k >= 0 && s.Start <= out[k][1] {
			if strict && s.Start < out[k][1] {
				return nil, fmt.Errorf("slot: [%v, %v) overlaps an interval ending at %v", s.Start, s.End, out[k][1])
			}
			if s.End > out[k][1] {
				out[k][1] = s.End
			}
			continue
		}
		out = append(out, [2]float64{s.Start, s.End})
	}
	return out, nil
}

package sim

import "slices"

// While few events are pending (a trace replay keeps about one per
// running job), the fast engine keeps them in heap[pad:] as a list sorted
// latest first instead of as a heap: the earliest is the last entry, so
// taking it costs a truncation, and scheduling an event moves up by one
// the entries that fire before it (about half of a short list), where
// the heap's climb and Floyd's descent cost about 290 instructions a
// pair on SDSC-BLUE. Beyond listMax events the list becomes a heap
// (reversed, a sorted list is one), and below listMin a heap becomes a
// list again: the gap keeps the engine from switching back and forth.
// The order of firing is the total order on (time, priority, sequence)
// in both forms.
const (
	listMax = 64
	listMin = 24
)

// insertList adds x to the sorted list.
func (e *FastEngine) insertList(x heapEntry) {
	e.heap = append(e.heap, x)
	h := e.heap
	i := len(h) - 1
	for i > pad && e.before(&h[i-1], &x) {
		h[i] = h[i-1]
		i--
	}
	h[i] = x
}

// toHeap turns the sorted list into a heap.
func (e *FastEngine) toHeap() {
	slices.Reverse(e.heap[pad:])
	e.big = true
}

// toList turns the heap into a sorted list, latest first.
func (e *FastEngine) toList() {
	slices.SortFunc(e.heap[pad:], func(a, b heapEntry) int {
		switch {
		case e.before(&b, &a):
			return -1
		case e.before(&a, &b):
			return 1
		}
		return 0
	})
	e.big = false
}

// topIndex returns the index of the earliest entry of the heap or list,
// which holds at least one.
func (e *FastEngine) topIndex() int {
	if e.big {
		return pad
	}
	return len(e.heap) - 1
}

package sim

// The fast engine's 4-ary heap: order, push, pop and compaction.

// before reports whether a fires before b: by time, priority, then the
// sequence numbers of their slots.
func (e *FastEngine) before(a, b *heapEntry) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	return e.events[a.slot].seq < e.events[b.slot].seq
}

// push adds x to the heap: the hole left at the end moves up past the
// parents that fire after x.
func (e *FastEngine) push(x heapEntry) {
	if !e.big {
		if len(e.heap)-pad < listMax {
			e.insertList(x)
			return
		}
		e.toHeap()
	}
	e.heap = append(e.heap, x)
	h := e.heap
	i := len(h) - 1
	for i > pad {
		p := i/arity + 2
		if !e.before(&x, &h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
}

// pop removes the top entry. The hole at the root moves down to a leaf
// along the least children, then the last entry fills it, moving up past
// the parents that fire after it (Floyd's order: the last entry is
// usually late, so this saves a comparison per level on the way down).
func (e *FastEngine) pop() {
	n := len(e.heap) - 1
	x := e.heap[n]
	e.heap = e.heap[:n]
	if !e.big {
		return
	}
	if n-pad < listMin {
		if n == pad {
			return
		}
		e.heap[pad] = x
		e.toList()
		return
	}
	h := e.heap
	i := pad
	for {
		c := arity*i - 8
		if c+arity > n {
			if c < n {
				m := e.least(c)
				h[i] = h[m]
				i = m
			}
			break
		}
		// least, inlined, on the times alone: the four children are
		// all there. A tournament of strict comparisons, made with
		// conditional moves rather than branches (which it would
		// mispredict half the time), finds the unique earliest child
		// when none of its three comparisons is a tie; a tie (same
		// time: priorities and sequence numbers decide) takes the full
		// comparison.
		k := (*[arity]heapEntry)(h[c : c+arity])
		a0, a1, a2, a3 := k[0].at, k[1].at, k[2].at, k[3].at
		b0, b2 := min(a0, a1), min(a2, a3)
		m := c
		if a0 == a1 || a2 == a3 || b0 == b2 {
			m = e.least(c)
		} else {
			j1 := c + b2i(a1 < a0)
			j2 := c + 2 + b2i(a3 < a2)
			m = j1 ^ (j1^j2)&-b2i(b2 < b0)
		}
		h[i] = h[m]
		i = m
	}
	for i > pad {
		p := i/arity + 2
		if !e.before(&x, &h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
}

// b2i returns 1 for true and 0 for false, without a branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// least returns the index of the child that fires first among the
// children starting at c < len(e.heap).
func (e *FastEngine) least(c int) int {
	h := e.heap
	m := c
	for j := c + 1; j < len(h) && j < c+arity; j++ {
		if e.before(&h[j], &h[m]) {
			m = j
		}
	}
	return m
}

// siftDown places x in the subtree rooted at the hole i.
func (e *FastEngine) siftDown(i int, x heapEntry) {
	h := e.heap
	for {
		c := arity*i - 8
		if c >= len(h) {
			break
		}
		m := e.least(c)
		if !e.before(&h[m], &x) {
			break
		}
		h[i] = h[m]
		i = m
	}
	h[i] = x
}

// compact drops the cancelled entries, freeing their slots, and rebuilds
// the heap. The firing order is a total order, so it does not depend on
// the heap's shape.
func (e *FastEngine) compact() {
	live := e.heap[:pad]
	for _, x := range e.heap[pad:] {
		if e.events[x.slot].act == nil {
			e.release(x.slot)
		} else {
			live = append(live, x)
		}
	}
	clear(e.heap[len(live):])
	e.heap = live
	e.stale = 0
	if !e.big {
		return // the list kept its order
	}
	for i := (len(live)-1)/arity + 2; i >= pad; i-- {
		e.siftDown(i, live[i])
	}
}

package sim

import (
	"math"
	"sync/atomic"
)

// FastEngine is the default engine: a 4-ary min-heap of compact entries
// ordered by (time, priority, sequence), over a table of event slots that
// is recycled through a free list. Once the heap and the table have grown
// to the largest number of pending events, scheduling, firing and
// cancelling allocate nothing.
//
// Cancelling is lazy: it frees the event's slot at once and leaves its
// heap entry behind, stale (the slot's sequence number no longer matches);
// Run drops stale entries as they reach the top, and the heap is compacted
// when they outnumber the live ones. Heap moves thus never touch the slot
// table, and the order of firing, a total order on (time, priority,
// sequence), does not depend on the heap's shape.
type FastEngine struct {
	now       float64
	seq       uint64
	processed uint64
	stop      bool
	interrupt atomic.Bool
	heap      []heapEntry
	events    []fastEvent
	free      []int32
	stale     int // heap entries of cancelled events
}

// arity is the number of children of a heap node: a 4-ary heap is
// shallower than a binary one and its children share cache lines.
const arity = 4

// minCompact is the heap size below which stale entries are left to Run.
const minCompact = 64

// heapEntry is what the heap compares and moves: the ordering key and the
// slot of the event it stands for.
type heapEntry struct {
	// at is the time's bit pattern: times are ≥ 0 (-0 is stored as +0),
	// so their bit patterns order like them and compare as integers.
	at   uint64
	prio int32
	slot int32
	seq  uint64
}

// before reports whether a fires before b.
func (a *heapEntry) before(b *heapEntry) bool {
	if a.at != b.at {
		return a.at < b.at
	}
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	return a.seq < b.seq
}

// fastEvent is an event slot: its code, its argument and the sequence
// number that identifies the current occupant (0 when free).
type fastEvent struct {
	act Action
	arg any
	seq uint64
}

// NewFast returns an empty fast engine at time 0.
func NewFast() *FastEngine { return &FastEngine{} }

// Now returns the simulated time.
func (e *FastEngine) Now() float64 { return e.now }

// Processed returns the number of events processed so far.
func (e *FastEngine) Processed() uint64 { return e.processed }

// Pending returns the number of scheduled, uncancelled events.
func (e *FastEngine) Pending() int { return len(e.heap) - e.stale }

// Stop makes Run return after the event being processed.
func (e *FastEngine) Stop() { e.stop = true }

// Interrupt makes Run return Interrupted after the event being processed,
// and every later Run at once. It is safe to call from any goroutine.
func (e *FastEngine) Interrupt() { e.interrupt.Store(true) }

// After arranges for act(arg) to run delay after Now().
func (e *FastEngine) After(delay float64, priority int, act Action, arg any) Handle {
	return e.Schedule(e.now+delay, priority, act, arg)
}

// Schedule arranges for act(arg) to run at time at.
func (e *FastEngine) Schedule(at float64, priority int, act Action, arg any) Handle {
	// !(at >= now) is also true for NaN.
	if !(at >= e.now) || priority < MinPriority || priority > MaxPriority {
		checkSchedule(e.now, at, priority)
	}
	if at == 0 {
		at = 0 // -0 → +0, whose bit pattern is the least
	}
	e.seq++
	var slot int32
	if n := len(e.free); n > 0 {
		slot = e.free[n-1]
		e.free = e.free[:n-1]
	} else {
		slot = int32(len(e.events))
		e.events = append(e.events, fastEvent{})
	}
	e.events[slot] = fastEvent{act: act, arg: arg, seq: e.seq}
	e.push(heapEntry{at: math.Float64bits(at), prio: int32(priority), slot: slot, seq: e.seq})
	return Handle{slot: slot, seq: e.seq}
}

// Cancel removes a scheduled event.
func (e *FastEngine) Cancel(h Handle) bool {
	if h.seq == 0 || int(h.slot) >= len(e.events) || e.events[h.slot].seq != h.seq {
		return false
	}
	e.release(h.slot)
	e.stale++
	if e.stale > minCompact && 2*e.stale > len(e.heap) {
		e.compact()
	}
	return true
}

// Run processes events until a limit is reached; see Engine.
func (e *FastEngine) Run(lim Limit) StopReason {
	e.stop = false
	for {
		if e.interrupt.Load() {
			return Interrupted
		}
		if lim.Events > 0 && e.processed >= lim.Events {
			return EventLimit
		}
		if len(e.heap) == 0 {
			return Drained
		}
		top := &e.heap[0]
		ev := &e.events[top.slot]
		if ev.seq != top.seq {
			e.pop()
			e.stale--
			continue
		}
		at := math.Float64frombits(top.at)
		if lim.Time > 0 && at > lim.Time {
			e.now = lim.Time
			return TimeLimit
		}
		act, arg := ev.act, ev.arg
		e.release(top.slot)
		e.pop()
		e.now = at
		e.processed++
		act(arg)
		if e.stop {
			e.stop = false
			return Stopped
		}
		if lim.Until != nil && lim.Until() {
			return Predicate
		}
	}
}

// release frees an event slot; clearing it lets the garbage collector take
// what the argument pointed to.
func (e *FastEngine) release(slot int32) {
	e.events[slot] = fastEvent{}
	e.free = append(e.free, slot)
}

// push adds x to the heap: the hole left at the end moves up past the
// parents that fire after x.
func (e *FastEngine) push(x heapEntry) {
	e.heap = append(e.heap, x)
	h := e.heap
	i := len(h) - 1
	for i > 0 {
		p := (i - 1) / arity
		if !x.before(&h[p]) {
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
	if n == 0 {
		return
	}
	h := e.heap
	i := 0
	for {
		c := arity*i + 1
		if c+arity > n {
			if c < n {
				m := e.least(c)
				h[i] = h[m]
				i = m
			}
			break
		}
		// least, inlined: the four children are all there.
		k := h[c : c+arity : c+arity]
		m1, m2 := 0, 2
		if k[1].before(&k[0]) {
			m1 = 1
		}
		if k[3].before(&k[2]) {
			m2 = 3
		}
		if k[m2].before(&k[m1]) {
			m1 = m2
		}
		h[i] = k[m1]
		i = c + m1
	}
	for i > 0 {
		p := (i - 1) / arity
		if !x.before(&h[p]) {
			break
		}
		h[i] = h[p]
		i = p
	}
	h[i] = x
}

// least returns the index of the child that fires first among the
// children starting at c < len(e.heap).
func (e *FastEngine) least(c int) int {
	h := e.heap
	if c+arity <= len(h) {
		k := h[c : c+arity : c+arity]
		m1, m2 := 0, 2
		if k[1].before(&k[0]) {
			m1 = 1
		}
		if k[3].before(&k[2]) {
			m2 = 3
		}
		if k[m2].before(&k[m1]) {
			m1 = m2
		}
		return c + m1
	}
	m := c
	for j := c + 1; j < len(h); j++ {
		if h[j].before(&h[m]) {
			m = j
		}
	}
	return m
}

// siftDown places x in the subtree rooted at the hole i.
func (e *FastEngine) siftDown(i int, x heapEntry) {
	h := e.heap
	for {
		c := arity*i + 1
		if c >= len(h) {
			break
		}
		m := e.least(c)
		if !h[m].before(&x) {
			break
		}
		h[i] = h[m]
		i = m
	}
	h[i] = x
}

// compact drops the stale entries and rebuilds the heap. The firing
// order is a total order, so it does not depend on the heap's shape.
func (e *FastEngine) compact() {
	live := e.heap[:0]
	for _, x := range e.heap {
		if e.events[x.slot].seq == x.seq {
			live = append(live, x)
		}
	}
	clear(e.heap[len(live):])
	e.heap = live
	e.stale = 0
	for i := (len(live) - 2) / arity; i >= 0; i-- {
		e.siftDown(i, live[i])
	}
}

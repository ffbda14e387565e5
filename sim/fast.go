package sim

import "sync/atomic"

// FastEngine is the default engine: a 4-ary min-heap of compact entries
// ordered by (time, priority, sequence), over a table of event slots that
// is recycled through a free list. Once the heap and the table have grown
// to the largest number of pending events, scheduling, firing and
// cancelling allocate nothing.
type FastEngine struct {
	now       float64
	seq       uint64
	processed uint64
	stop      bool
	interrupt atomic.Bool
	heap      []heapEntry
	events    []fastEvent
	free      []int32
}

// arity is the number of children of a heap node: a 4-ary heap is
// shallower than a binary one and its children share cache lines.
const arity = 4

// heapEntry is what the heap compares and moves: the ordering key and the
// slot of the event it stands for.
type heapEntry struct {
	at   float64
	prio int32
	slot int32
	seq  uint64
}

// fastEvent is an event slot: its code, its argument, the sequence number
// that identifies the current occupant (0 when free) and its heap index.
type fastEvent struct {
	act Action
	arg any
	seq uint64
	pos int32
}

// NewFast returns an empty fast engine at time 0.
func NewFast() *FastEngine { return &FastEngine{} }

// Now returns the simulated time.
func (e *FastEngine) Now() float64 { return e.now }

// Processed returns the number of events processed so far.
func (e *FastEngine) Processed() uint64 { return e.processed }

// Pending returns the number of scheduled, uncancelled events.
func (e *FastEngine) Pending() int { return len(e.heap) }

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
	checkSchedule(e.now, at, priority)
	e.seq++
	var slot int32
	if n := len(e.free); n > 0 {
		slot = e.free[n-1]
		e.free = e.free[:n-1]
	} else {
		slot = int32(len(e.events))
		e.events = append(e.events, fastEvent{})
	}
	pos := int32(len(e.heap))
	e.events[slot] = fastEvent{act: act, arg: arg, seq: e.seq, pos: pos}
	e.heap = append(e.heap, heapEntry{at: at, prio: int32(priority), slot: slot, seq: e.seq})
	e.up(int(pos))
	return Handle{slot: slot, seq: e.seq}
}

// Cancel removes a scheduled event.
func (e *FastEngine) Cancel(h Handle) bool {
	if h.seq == 0 || int(h.slot) >= len(e.events) || e.events[h.slot].seq != h.seq {
		return false
	}
	i := int(e.events[h.slot].pos)
	last := len(e.heap) - 1
	if i != last {
		e.swap(i, last)
	}
	e.heap = e.heap[:last]
	if i != last {
		if !e.down(i) {
			e.up(i)
		}
	}
	e.release(h.slot)
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
		top := e.heap[0]
		if lim.Time > 0 && top.at > lim.Time {
			e.now = lim.Time
			return TimeLimit
		}
		e.popTop()
		ev := &e.events[top.slot]
		act, arg := ev.act, ev.arg
		e.release(top.slot)
		e.now = top.at
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

func (e *FastEngine) popTop() {
	last := len(e.heap) - 1
	if last > 0 {
		e.swap(0, last)
	}
	e.heap = e.heap[:last]
	if last > 0 {
		e.down(0)
	}
}

func (e *FastEngine) less(i, j int) bool {
	a, b := &e.heap[i], &e.heap[j]
	if a.at != b.at {
		return a.at < b.at
	}
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	return a.seq < b.seq
}

func (e *FastEngine) swap(i, j int) {
	e.heap[i], e.heap[j] = e.heap[j], e.heap[i]
	e.events[e.heap[i].slot].pos = int32(i)
	e.events[e.heap[j].slot].pos = int32(j)
}

func (e *FastEngine) up(i int) {
	for i > 0 {
		p := (i - 1) / arity
		if !e.less(i, p) {
			return
		}
		e.swap(i, p)
		i = p
	}
}

// down moves entry i towards the leaves and reports whether it moved.
func (e *FastEngine) down(i int) bool {
	start := i
	n := len(e.heap)
	for {
		first := arity*i + 1
		if first >= n {
			break
		}
		m := first
		for c := first + 1; c < first+arity && c < n; c++ {
			if e.less(c, m) {
				m = c
			}
		}
		if !e.less(m, i) {
			break
		}
		e.swap(i, m)
		i = m
	}
	return i > start
}

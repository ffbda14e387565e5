package sim

import (
	"math"
	"sync/atomic"
)

// FastEngine is the default engine: a 4-ary min-heap of 16-byte entries
// ordered by (time, priority, sequence), over a table of event slots that
// is recycled through a free list. Once the heap and the table have grown
// to the largest number of pending events, scheduling, firing and
// cancelling allocate nothing.
//
// The heap moves entries of time, priority and slot only: four siblings
// fill one 64-byte cache line (the heap starts at index pad so that they
// are aligned), and the sequence number, needed only to break ties of
// time and priority, is read from the slot. Cancelling is lazy: it marks
// the slot cancelled and leaves its entry in the heap; Run frees the slot
// when the entry reaches the top, and the heap is compacted when
// cancelled entries outnumber the live ones. The order of firing is a
// total order on (time, priority, sequence), so it does not depend on the
// heap's shape. Events scheduled for the current time (a scheduling pass
// after an arrival) go to a short lane beside the heap while it has room
// (fast_now.go); Run fires the earlier of its first event and the heap's
// top, so the order is the same. While few events are pending, heap[pad:]
// holds them as a sorted list instead (fast_small.go).
type FastEngine struct {
	now       float64
	seq       uint64
	processed uint64
	stop      bool
	interrupt atomic.Bool
	heap      []heapEntry // heap[pad:] is the heap, or a sorted list (fast_small.go); heap[:pad] is unused
	big       bool        // heap[pad:] is a heap, not a sorted list
	events    []fastEvent
	free      []int32
	stale     int // heap entries of cancelled events
	now1      nowLane
	next      nextSlot
	toNext    bool // Schedule puts its event in next (ScheduleNext)
	sides     int  // events in now1 and next, cancelled or not
}

// arity is the number of children of a heap node: a 4-ary heap is
// shallower than a binary one and its children share a cache line.
const arity = 4

// pad is the index of the root: the children of the node at index p are
// at 4p-8 … 4p-5, so that each group of siblings starts at a multiple of
// four entries (64 bytes), and its parent is at c/4+2.
const pad = arity - 1

// minCompact is the heap size below which cancelled entries are left to
// Run.
const minCompact = 64

// heapEntry is what the heap compares and moves.
type heapEntry struct {
	// at is the time's bit pattern: times are ≥ 0 (-0 is stored as +0),
	// so their bit patterns order like them and compare as integers.
	at   uint64
	prio int32
	slot int32
}

// fastEvent is an event slot: its code, its argument and the sequence
// number of the current occupant (0 when free). A cancelled event keeps
// its sequence number, with act nil, until its heap entry leaves the heap.
type fastEvent struct {
	act Action
	arg any
	seq uint64
}

// NewFast returns an empty fast engine at time 0.
func NewFast() *FastEngine { return &FastEngine{heap: make([]heapEntry, pad)} }

// Now returns the simulated time.
func (e *FastEngine) Now() float64 { return e.now }

// Processed returns the number of events processed so far.
func (e *FastEngine) Processed() uint64 { return e.processed }

// Pending returns the number of scheduled, uncancelled events.
func (e *FastEngine) Pending() int {
	return len(e.heap) - pad - e.stale + e.now1.live() + e.next.live()
}

// Stop makes Run return after the event being processed.
func (e *FastEngine) Stop() { e.stop = true }

// Interrupt makes Run return Interrupted after the event being processed,
// and every later Run at once. It is safe to call from any goroutine.
func (e *FastEngine) Interrupt() { e.interrupt.Store(true) }

// After arranges for act(arg) to run delay after Now().
func (e *FastEngine) After(delay float64, priority int, act Action, arg any) Handle {
	return e.Schedule(e.now+delay, priority, act, arg)
}

// Schedule arranges for act(arg) to run at time at. A nil act panics.
func (e *FastEngine) Schedule(at float64, priority int, act Action, arg any) Handle {
	// !(at >= now) is also true for NaN.
	if !(at >= e.now) || priority < MinPriority || priority > MaxPriority {
		e.toNext = false
		checkSchedule(e.now, at, priority)
	}
	if act == nil {
		e.toNext = false
		panic("sim: event scheduled with a nil action")
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
	x := heapEntry{at: math.Float64bits(at), prio: int32(priority), slot: slot}
	if at != e.now || !e.now1.add(e, x) {
		if !e.toNext {
			e.push(x)
			return Handle{slot: slot, seq: e.seq}
		}
		e.next = nextSlot{x: x, full: true}
	}
	e.sides++
	return Handle{slot: slot, seq: e.seq}
}

// Cancel removes a scheduled event.
func (e *FastEngine) Cancel(h Handle) bool {
	if h.seq == 0 || int(h.slot) >= len(e.events) {
		return false
	}
	ev := &e.events[h.slot]
	if ev.seq != h.seq || ev.act == nil {
		return false
	}
	ev.act, ev.arg = nil, nil // the argument goes to the garbage collector now
	if e.next.full && e.next.x.slot == h.slot {
		e.next.stale = true
		return true
	}
	if e.now1.n > 0 && e.now1.cancelled(h.slot) {
		return true
	}
	e.stale++
	if e.stale > minCompact && 2*e.stale > len(e.heap)-pad {
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
		// The earliest event is at the top of the heap, unless the
		// lane of events scheduled for Now or the next slot holds one.
		from, top := fromHeap, heapEntry{}
		if e.sides == 0 {
			if len(e.heap) == pad {
				return Drained
			}
			top = e.heap[e.topIndex()]
		} else {
			from, top = e.earliest()
		}
		ev := &e.events[top.slot]
		if ev.act == nil {
			e.release(top.slot)
			e.dropStale(from)
			continue
		}
		if at := math.Float64frombits(top.at); lim.Time > 0 && at > lim.Time {
			e.now = lim.Time
			return TimeLimit
		}
		act, arg := ev.act, ev.arg
		if from == fromHeap {
			e.pop()
		} else {
			e.takeSide(from)
		}
		e.release(top.slot)
		e.now = math.Float64frombits(top.at)
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

// Where Run finds the earliest event.
const (
	fromHeap = iota
	fromLane
	fromNext
)

// earliest returns where the earliest event is, and its entry, when the
// lane or the next slot holds one.
func (e *FastEngine) earliest() (int, heapEntry) {
	from, top := fromNext, e.next.x
	if e.now1.n > 0 && (!e.next.full || e.before(&e.now1.q[0], &top)) {
		from, top = fromLane, e.now1.q[0]
	}
	if len(e.heap) > pad {
		if h := &e.heap[e.topIndex()]; e.before(h, &top) {
			from, top = fromHeap, *h
		}
	}
	return from, top
}

// takeSide removes the earliest event from the lane or the next slot.
func (e *FastEngine) takeSide(from int) {
	e.sides--
	if from == fromLane {
		e.now1.pop()
	} else {
		e.next = nextSlot{}
	}
}

// dropStale removes the earliest event, a cancelled one, from where it
// is.
func (e *FastEngine) dropStale(from int) {
	switch from {
	case fromHeap:
		e.pop()
		e.stale--
	case fromLane:
		e.sides--
		e.now1.pop()
		e.now1.stale--
	default:
		e.sides--
		e.next = nextSlot{}
	}
}

// release frees an event slot; clearing it lets the garbage collector take
// what the argument pointed to.
func (e *FastEngine) release(slot int32) {
	e.events[slot] = fastEvent{}
	e.free = append(e.free, slot)
}

package sim

import (
	"container/heap"
	"math"
	"sync/atomic"

	"github.com/fschuetz04/simgo"
)

// SimGoEngine implements Engine on github.com/fschuetz04/simgo v0.7.0.
// Each event is a simgo timeout, so simgo's own event queue advances the
// clock and fires the events. simgo orders simultaneous events only by
// insertion, so the engine keeps, for each instant with pending events, a
// small bucket ordered by (priority, sequence): every simgo firing at that
// instant runs the bucket's first event. Cancelling aborts the simgo
// timeout (it is still pending in simgo's sense) and removes the event from
// its bucket. The result is the same order as FastEngine, event for event.
type SimGoEngine struct {
	sim       *simgo.Simulation
	now       float64
	seq       uint64
	processed uint64
	pending   int
	stop      bool
	interrupt atomic.Bool
	limitHit  bool
	buckets   map[float64]*bucket
	slots     []*simGoEvent
	free      []int32
}

// simGoEvent is one scheduled event of a SimGoEngine. A nil act marks the
// internal sentinel that ends Run at its time limit.
type simGoEvent struct {
	at    float64
	prio  int32
	seq   uint64
	slot  int32
	index int
	act   Action
	arg   any
	ev    *simgo.Event
}

// bucket holds the pending events of one instant as a heap ordered by
// (priority, sequence).
type bucket []*simGoEvent

func (b bucket) Len() int { return len(b) }
func (b bucket) Less(i, j int) bool {
	if b[i].prio != b[j].prio {
		return b[i].prio < b[j].prio
	}
	return b[i].seq < b[j].seq
}
func (b bucket) Swap(i, j int) {
	b[i], b[j] = b[j], b[i]
	b[i].index = i
	b[j].index = j
}
func (b *bucket) Push(x any) {
	e := x.(*simGoEvent)
	e.index = len(*b)
	*b = append(*b, e)
}
func (b *bucket) Pop() any {
	old := *b
	e := old[len(old)-1]
	old[len(old)-1] = nil
	*b = old[:len(old)-1]
	return e
}

// NewSimGo returns an empty simgo-backed engine at time 0.
func NewSimGo() *SimGoEngine {
	return &SimGoEngine{sim: simgo.NewSimulation(), buckets: map[float64]*bucket{}}
}

// Now returns the simulated time.
func (e *SimGoEngine) Now() float64 { return e.now }

// Processed returns the number of events processed so far.
func (e *SimGoEngine) Processed() uint64 { return e.processed }

// Pending returns the number of scheduled, uncancelled events.
func (e *SimGoEngine) Pending() int { return e.pending }

// Stop makes Run return after the event being processed.
func (e *SimGoEngine) Stop() { e.stop = true }

// After arranges for act(arg) to run delay after Now().
func (e *SimGoEngine) After(delay float64, priority int, act Action, arg any) Handle {
	return e.Schedule(e.now+delay, priority, act, arg)
}

// Schedule arranges for act(arg) to run at time at.
func (e *SimGoEngine) Schedule(at float64, priority int, act Action, arg any) Handle {
	checkSchedule(e.now, at, priority)
	e.pending++
	ev := e.schedule(at, int32(priority), act, arg)
	return Handle{slot: ev.slot, seq: ev.seq}
}

func (e *SimGoEngine) schedule(at float64, prio int32, act Action, arg any) *simGoEvent {
	e.seq++
	ev := &simGoEvent{at: at, prio: prio, seq: e.seq, act: act, arg: arg}
	if n := len(e.free); n > 0 {
		ev.slot = e.free[n-1]
		e.free = e.free[:n-1]
		e.slots[ev.slot] = ev
	} else {
		ev.slot = int32(len(e.slots))
		e.slots = append(e.slots, ev)
	}
	b := e.buckets[at]
	if b == nil {
		b = &bucket{}
		e.buckets[at] = b
	}
	heap.Push(b, ev)
	ev.ev = e.sim.Timeout(exactDelay(e.sim.Now(), at))
	ev.ev.AddHandler(func(*simgo.Event) { e.fire(at) })
	return ev
}

// Cancel removes a scheduled event.
func (e *SimGoEngine) Cancel(h Handle) bool {
	if h.seq == 0 || int(h.slot) >= len(e.slots) {
		return false
	}
	ev := e.slots[h.slot]
	if ev == nil || ev.seq != h.seq || ev.act == nil {
		return false
	}
	e.remove(ev)
	e.pending--
	return true
}

func (e *SimGoEngine) remove(ev *simGoEvent) {
	b := e.buckets[ev.at]
	heap.Remove(b, ev.index)
	if b.Len() == 0 {
		delete(e.buckets, ev.at)
	}
	ev.ev.Abort()
	e.release(ev)
}

func (e *SimGoEngine) release(ev *simGoEvent) {
	e.slots[ev.slot] = nil
	e.free = append(e.free, ev.slot)
}

// fire runs the first event of the bucket of instant at. simgo fires one
// timeout per live event, so every bucket entry gets its turn.
func (e *SimGoEngine) fire(at float64) {
	b := e.buckets[at]
	if b == nil {
		return
	}
	ev := heap.Pop(b).(*simGoEvent)
	if b.Len() == 0 {
		delete(e.buckets, at)
	}
	e.release(ev)
	if ev.act == nil {
		e.limitHit = true
		return
	}
	e.now = at
	e.processed++
	e.pending--
	ev.act(ev.arg)
}

// Interrupt makes Run return Interrupted after the event being processed,
// and every later Run at once. It is safe to call from any goroutine.
func (e *SimGoEngine) Interrupt() { e.interrupt.Store(true) }

// Run processes events until a limit is reached; see Engine.
func (e *SimGoEngine) Run(lim Limit) StopReason {
	e.stop = false
	e.limitHit = false
	var sentinel *simGoEvent
	if lim.Time > 0 {
		if lim.Time < e.now {
			return TimeLimit
		}
		sentinel = e.schedule(lim.Time, MaxPriority+1, nil, nil)
	}
	reason := e.loop(lim)
	if reason == TimeLimit {
		e.now = lim.Time
		e.sim.RunUntil(lim.Time)
	} else if sentinel != nil && !e.limitHit {
		e.remove(sentinel)
	}
	return reason
}

func (e *SimGoEngine) loop(lim Limit) StopReason {
	for {
		if e.interrupt.Load() {
			return Interrupted
		}
		if lim.Events > 0 && e.processed >= lim.Events {
			return EventLimit
		}
		if e.pending == 0 {
			return Drained
		}
		before := e.processed
		e.sim.Step()
		if e.limitHit {
			return TimeLimit
		}
		if e.processed == before {
			continue // an aborted timeout was popped
		}
		if e.stop {
			e.stop = false
			return Stopped
		}
		if lim.Until != nil && lim.Until() {
			return Predicate
		}
	}
}

// exactDelay returns a delay d ≥ 0 such that now + d, computed in floating
// point as simgo does, equals at exactly, so that simgo's clock reads the
// very times the model asked for and orders them as FastEngine does.
func exactDelay(now, at float64) float64 {
	d := at - now
	for i := 0; i < 64 && now+d != at; i++ {
		if now+d < at {
			d = math.Nextafter(d, math.Inf(1))
		} else {
			d = math.Nextafter(d, math.Inf(-1))
		}
	}
	if d < 0 {
		d = 0
	}
	return d
}

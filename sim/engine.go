package sim

import (
	"fmt"
	"math"
)

// Action is the code an event runs when it fires. arg is the value given
// when the event was scheduled. To schedule without allocating, keep the
// Action in a field (bind method values once, at construction) and pass a
// pointer as arg: storing a pointer in an interface does not allocate.
type Action func(arg any)

// Handle identifies a scheduled event so that it can be cancelled. The zero
// Handle refers to no event.
type Handle struct {
	slot int32
	seq  uint64
}

// Valid reports whether h was returned by a Schedule call.
func (h Handle) Valid() bool { return h.seq != 0 }

// Priorities order events that fire at the same time: lower first. Models
// use the named levels; any value in [MinPriority, MaxPriority] is allowed.
const (
	MinPriority = -1 << 30
	MaxPriority = 1 << 30

	// PriorityDeparture is for jobs leaving: at one instant, resources are
	// freed before anything else looks at them.
	PriorityDeparture = -100
	// PriorityDefault is for ordinary events such as arrivals.
	PriorityDefault = 0
	// PrioritySchedule is for scheduling passes that must see every state
	// change of the instant first.
	PrioritySchedule = 100
)

// Limit bounds one call of Engine.Run. A zero field means no bound of that
// kind.
type Limit struct {
	// Time: events at times ≤ Time run; the clock then stands at Time.
	Time float64
	// Events: Run returns once the engine has processed this many events in
	// total (counted since it was created).
	Events uint64
	// Until, when not nil, is called after every event; Run returns as
	// soon as it reports true.
	Until func() bool
}

// StopReason says why Run returned.
type StopReason int

// The reasons Run returns.
const (
	// Drained: no event was left.
	Drained StopReason = iota
	// TimeLimit: the next event lies after Limit.Time.
	TimeLimit
	// EventLimit: Limit.Events events were processed.
	EventLimit
	// Predicate: Limit.Until reported true.
	Predicate
	// Stopped: a handler called Stop.
	Stopped
	// Interrupted: Interrupt was called (from any goroutine).
	Interrupted
)

func (r StopReason) String() string {
	switch r {
	case Drained:
		return "drained"
	case TimeLimit:
		return "time limit"
	case EventLimit:
		return "event limit"
	case Predicate:
		return "predicate"
	case Stopped:
		return "stopped"
	case Interrupted:
		return "interrupted"
	}
	return fmt.Sprintf("StopReason(%d)", int(r))
}

// Engine is a discrete-event engine. Events fire in (time, priority,
// sequence) order, where sequence is the order of the Schedule calls.
// Scheduling before Now, at a time that is NaN, or with a priority outside
// [MinPriority, MaxPriority] is a programming error and panics.
type Engine interface {
	// Now returns the simulated time.
	Now() float64
	// Schedule arranges for act(arg) to run at time at ≥ Now().
	Schedule(at float64, priority int, act Action, arg any) Handle
	// After arranges for act(arg) to run delay ≥ 0 after Now().
	After(delay float64, priority int, act Action, arg any) Handle
	// Cancel removes a scheduled event. It returns false if the event has
	// already fired, was cancelled before, or h is the zero Handle.
	Cancel(h Handle) bool
	// Run processes events until one of the limits is reached, the queue
	// is empty, or a handler calls Stop. It may be called again to go on.
	Run(lim Limit) StopReason
	// Stop makes Run return after the event being processed.
	Stop()
	// Processed returns the number of events processed so far.
	Processed() uint64
	// Pending returns the number of scheduled, uncancelled events.
	Pending() int
}

// Interrupter is implemented by engines that can be interrupted from
// another goroutine: after Interrupt, the Run in progress returns
// Interrupted once the event being processed has finished, and every later
// Run returns Interrupted at once. Both engines of this package implement
// it; the scenario runner uses it to stop a replication on Ctrl-C.
type Interrupter interface {
	Interrupt()
}

// Interrupt interrupts e if it implements Interrupter and reports whether
// it did.
func Interrupt(e Engine) bool {
	i, ok := e.(Interrupter)
	if ok {
		i.Interrupt()
	}
	return ok
}

// Kind names an engine implementation.
type Kind string

// The engine implementations.
const (
	// Fast is the default engine: a typed 4-ary heap.
	Fast Kind = "fast"
	// SimGo is the engine built on github.com/fschuetz04/simgo.
	SimGo Kind = "simgo"
)

// Kinds lists the engine implementations.
func Kinds() []Kind { return []Kind{Fast, SimGo} }

// New returns a new engine of the given kind.
func New(kind Kind) (Engine, error) {
	switch kind {
	case Fast, "":
		return NewFast(), nil
	case SimGo:
		return NewSimGo(), nil
	}
	return nil, fmt.Errorf("sim: unknown engine %q (want %q or %q)", kind, Fast, SimGo)
}

func checkSchedule(now, at float64, priority int) {
	if math.IsNaN(at) || at < now {
		panic(fmt.Sprintf("sim: event scheduled at %v, before now (%v)", at, now))
	}
	if priority < MinPriority || priority > MaxPriority {
		panic(fmt.Sprintf("sim: priority %d outside [%d, %d]", priority, MinPriority, MaxPriority))
	}
}

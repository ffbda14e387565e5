package gang

import "fmt"

// PlacementKind says what the grid scheduler does with a gang.
type PlacementKind int

// The placements.
const (
	// Wait keeps the gang in (or puts it into) the GS queue.
	Wait PlacementKind = iota
	// OneSite sends every task of the gang to empty queues of one site;
	// the gang starts as soon as all their processors are idle (at once
	// if they already are).
	OneSite
	// Split starts the gang now on free processors of several sites; its
	// service time is stretched by the placement's overhead.
	Split
)

// String returns the name of the placement kind.
func (k PlacementKind) String() string {
	switch k {
	case Wait:
		return "wait"
	case OneSite:
		return "one-site"
	case Split:
		return "split"
	}
	return fmt.Sprintf("PlacementKind(%d)", int(k))
}

// QueuePick says which empty queues of its site a OneSite gang takes when
// the site has more than the gang needs.
type QueuePick int

// The queue picks.
const (
	// PickEarliest takes the free processors first, then the busy ones
	// with an empty queue by earliest estimated end of their running job
	// (ties in processor order): the gang starts as early as the estimates
	// allow.
	PickEarliest QueuePick = iota
	// PickIndex takes the first empty queues in processor order.
	PickIndex
	// PickRandom takes empty queues uniformly at random (View.Rand).
	PickRandom
)

// String returns the option name of the queue pick.
func (q QueuePick) String() string {
	switch q {
	case PickEarliest:
		return "earliest"
	case PickIndex:
		return "index"
	case PickRandom:
		return "random"
	}
	return fmt.Sprintf("QueuePick(%d)", int(q))
}

// QueueSet says which empty queues of its site a OneSite gang may take.
type QueueSet int

// The queue sets.
const (
	// AnyEmpty takes any queue with nothing waiting, its processor idle or
	// busy (the empty-queues reading).
	AnyEmpty QueueSet = iota
	// FreeOnly takes only free processors (idle, nothing waiting): the
	// gang starts at once.
	FreeOnly
	// BusyOnly takes only queues with nothing waiting whose processor is
	// busy: the gang starts when all of them become idle.
	BusyOnly
)

// String returns the name of the queue set.
func (q QueueSet) String() string {
	switch q {
	case AnyEmpty:
		return "any-empty"
	case FreeOnly:
		return "free-only"
	case BusyOnly:
		return "busy-only"
	}
	return fmt.Sprintf("QueueSet(%d)", int(q))
}

// Placement is a grid scheduler decision for one gang.
type Placement struct {
	// Kind is what to do.
	Kind PlacementKind
	// Site is the site of a OneSite placement, and the site whose free
	// processors a Split placement takes first (the others follow in
	// index order).
	Site int
	// Pick is how a OneSite placement chooses among more empty queues
	// than the gang needs.
	Pick QueuePick
	// Queues restricts the queues a OneSite placement takes: any empty
	// queue (the zero value), only free processors, or only busy
	// processors with nothing waiting.
	Queues QueueSet
	// Overhead is the fraction by which a Split gang's service time (and
	// its estimate) grows: 0.1 runs it 10% longer.
	Overhead float64
}

// Allocator is a GS allocation approach. It decides in steps: on arrival
// the model tries steps 0, 1, … in turn and takes the first placement that
// is not Wait; a GS queue discipline tries a step for every queued gang
// before moving to the next step. An approach must only return a placement
// the state allows (a OneSite site with at least size queues of its
// Queues set — View.EmptyQueues, View.Free or View.BusyEmpty — a Split
// with at least size free processors in all) and must draw random numbers
// (View.Rand) only when it returns a placement.
type Allocator interface {
	// Steps returns the number of placement steps of the approach.
	Steps() int
	// Place returns where a gang of the given size goes at the given step,
	// or a Wait placement.
	Place(v *View, size, step int) Placement
}

// GridQueue is a GS queue discipline: which queued gang is dispatched next.
type GridQueue interface {
	// Next returns the index in q of the gang to dispatch and its
	// placement (from a.Place), or ok = false when no queued gang can be
	// placed. The model calls it repeatedly until ok is false.
	Next(v *View, q *GSQueue, a Allocator) (index int, p Placement, ok bool)
}

// LocalDiscipline is the local queue discipline at a processor whose head
// is a gang task waiting for its other processors.
type LocalDiscipline interface {
	// MayBackfill reports whether a local job whose runtime estimate is
	// estimate may start now, ahead of a gang expected to be able to start
	// in untilGang time units.
	MayBackfill(estimate, untilGang float64) bool
}

// Router is the local scheduler's routing of an arriving local job to one
// processor of its site.
type Router interface {
	// Route returns the index (0 … Processors()-1) of the processor of
	// site that receives a local job with the given runtime estimate.
	Route(v *View, site int, estimate float64) int
}

// Policies are the decisions a System delegates. All four are required.
// A policy value may keep scratch state: give each System its own.
type Policies struct {
	Allocator Allocator
	Queue     GridQueue
	Local     LocalDiscipline
	Router    Router
}

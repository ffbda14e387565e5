package sim

// nextSlot holds one event beside the heap and the lane: the pending
// event of an ordered stream that schedules its next event when the
// previous one fires, such as a workload's next arrival (ScheduleNext).
// Such an event would otherwise climb into the heap and be taken from its
// top, about 250 instructions, for every job of a trace. Run fires the
// earliest of the slot's event, the lane's first and the heap's top by
// the heap's comparison, so the order of firing is the total order on
// (time, priority, sequence) whichever holds an event.
type nextSlot struct {
	x     heapEntry
	full  bool
	stale bool // its event was cancelled
}

// ScheduleNext is Schedule for the next event of an ordered stream: the
// event is kept in a slot of its own when that is empty (else it goes
// where Schedule puts it). It fires exactly when Schedule's event would.
func (e *FastEngine) ScheduleNext(at float64, priority int, act Action, arg any) Handle {
	e.toNext = !e.next.full
	h := e.Schedule(at, priority, act, arg)
	e.toNext = false
	return h
}

// live returns 1 when the slot holds an uncancelled event, else 0.
func (s *nextSlot) live() int {
	if s.full && !s.stale {
		return 1
	}
	return 0
}

// NextScheduler is implemented by engines that keep the pending event of
// an ordered stream apart from their queue (the fast engine). A model
// that schedules one event of a stream at a time, each when the previous
// one fires (the next arrival of a workload), calls ScheduleNext instead
// of Schedule: the order of firing is the same.
type NextScheduler interface {
	ScheduleNext(at float64, priority int, act Action, arg any) Handle
}

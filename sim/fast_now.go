package sim

// nowLaneLen is the capacity of the lane: an event scheduled for Now when
// the lane is full goes to the heap.
const nowLaneLen = 8

// nowLane holds a few events scheduled for the current time (a
// scheduling pass after an arrival, a job that arrives in the same second
// as the previous one), in firing order, beside the heap, so that such an
// event costs an insertion into a short array instead of a climb to the
// top of the heap and a descent from it. Run fires the earlier of the
// lane's first event and the heap's top, by the same comparison as the
// heap's, so the order of firing is the total order on (time, priority,
// sequence) whichever holds an event. All its events are at one time:
// the clock does not move past them while they are pending.
type nowLane struct {
	q     [nowLaneLen]heapEntry
	n     int
	stale int // cancelled events still in q
}

// add inserts x, at the time of the lane's events if it has any, after
// the events that fire before it, and reports false when the lane is
// full or at another time (x then goes to the heap).
func (l *nowLane) add(e *FastEngine, x heapEntry) bool {
	if l.n == nowLaneLen || l.n > 0 && l.q[0].at != x.at {
		return false
	}
	i := l.n
	for i > 0 && e.before(&x, &l.q[i-1]) {
		l.q[i] = l.q[i-1]
		i--
	}
	l.q[i] = x
	l.n++
	return true
}

// pop removes the first event. The lane mostly holds one (the pass of
// the instant), which leaves nothing to move.
func (l *nowLane) pop() {
	l.n--
	if l.n > 0 {
		copy(l.q[:l.n], l.q[1:l.n+1])
	}
}

// cancelled counts a cancelled event if it is in the lane and reports
// whether it was.
func (l *nowLane) cancelled(slot int32) bool {
	for _, x := range l.q[:l.n] {
		if x.slot == slot {
			l.stale++
			return true
		}
	}
	return false
}

// live returns the number of uncancelled events in the lane.
func (l *nowLane) live() int { return l.n - l.stale }

package batch

import (
	"math"

	"github.com/schedsim/schedsim/model/cluster"
)

// moveLog records the moves of the current and the previous sweep of a
// compression: the processors each move released, over the job's old
// reservation. A job examined in a sweep without finding an earlier fit
// can only find one after a release that began before its reservation
// (its windows all lie before it), and only at a start before the end
// of that release; the releases since its last examination are those of
// the moves after it in the previous sweep and before it in this one.
type moveLog struct {
	prev, cur []move
	// sufFrom[k] and sufTo[k] are the earliest start and the latest end
	// of the releases of prev[k:].
	sufFrom, sufTo []float64
	q              int     // the first move of prev after the job examined
	from, to       float64 // the earliest start and latest end of cur
	// seenFrom and seenTo are those of prev[q:] and cur together.
	seenFrom, seenTo float64
	// union is the union of the staircases of the releases of cur (see
	// cluster.Profile.Staircase); prevUnion that of prev, all of it (with
	// the moves before the job too, which it has seen, the test stays a
	// necessary condition and costs no union per suffix), or in the first
	// sweep that of the releases before it (early).
	union, prevUnion, spare []cluster.Stair
}

// move is the release of one move: the job at queue position at released
// its processors over [from, to).
type move struct {
	at       int
	from, to float64
}

// reset forgets the moves of the last compression.
func (l *moveLog) reset() {
	l.prev, l.cur = l.prev[:0], l.cur[:0]
	l.from, l.to = math.Inf(1), math.Inf(-1)
	l.seenFrom, l.seenTo = l.from, l.to
	l.union, l.prevUnion = l.union[:0], l.prevUnion[:0]
}

// add records the move of the job at queue position i, which released
// its processors over [from, to).
func (l *moveLog) add(i int, from, to float64) {
	l.cur = append(l.cur, move{i, from, to})
	if from < l.from {
		l.from = from
	}
	if to > l.to {
		l.to = to
	}
	if from < l.seenFrom {
		l.seenFrom = from
	}
	if to > l.seenTo {
		l.seenTo = to
	}
}

// stairs records the staircase s of the release of the last move.
func (l *moveLog) stairs(s []cluster.Stair) {
	l.spare = cluster.AppendUnion(l.spare[:0], l.union, s)
	l.union, l.spare = l.spare, l.union
}

// early records, in the first sweep, the staircase s of the releases
// made before it, which no job has seen.
func (l *moveLog) early(s []cluster.Stair) {
	l.prevUnion = append(l.prevUnion[:0], s...)
}

// longest returns the longest run of steps with at least n free
// processors that met a release the job last passed to since has not
// seen, right after that release (the union of their staircases at n),
// or a run at least d long.
func (l *moveLog) longest(n int, d float64) float64 {
	s := cluster.StairAt(l.union, n)
	if s < d && l.unseenPrev() {
		s = max(s, cluster.StairAt(l.prevUnion, n))
	}
	return s
}

// unseenPrev tells whether the job last passed to since has not seen
// some release of prevUnion: a move of the previous sweep after it, or
// in the first sweep the early releases.
func (l *moveLog) unseenPrev() bool {
	return l.q < len(l.prev) || len(l.prev) == 0
}

// bound returns a length that longest never exceeds, at any level: the
// longest run of the unions it reads (that of their lowest stair).
func (l *moveLog) bound() float64 {
	b := 0.0
	if len(l.union) > 0 {
		b = l.union[0].Len
	}
	if len(l.prevUnion) > 0 && l.unseenPrev() {
		b = max(b, l.prevUnion[0].Len)
	}
	return b
}

// nextSweep starts a sweep: the moves of the sweep that ended become the
// previous ones.
func (l *moveLog) nextSweep() {
	l.prev, l.cur = l.cur, l.prev[:0]
	l.prevUnion, l.union = l.union, l.prevUnion[:0]
	n := len(l.prev)
	l.sufFrom, l.sufTo = l.sufFrom[:0], l.sufTo[:0]
	for range n {
		l.sufFrom, l.sufTo = append(l.sufFrom, 0), append(l.sufTo, 0)
	}
	from, to := math.Inf(1), math.Inf(-1)
	for k := n - 1; k >= 0; k-- {
		from, to = min(from, l.prev[k].from), max(to, l.prev[k].to)
		l.sufFrom[k], l.sufTo[k] = from, to
	}
	l.q = 0
	l.from, l.to = math.Inf(1), math.Inf(-1)
	l.seenFrom, l.seenTo = from, to
}

// since returns the earliest start and the latest end of the releases
// that the job at queue position i has not seen: those of the moves after
// it in the previous sweep and of the moves of this sweep (all before
// it). Positions only grow within a sweep.
func (l *moveLog) since(i int) (from, to float64) {
	if l.q < len(l.prev) && l.prev[l.q].at <= i {
		for l.q < len(l.prev) && l.prev[l.q].at <= i {
			l.q++
		}
		l.seenFrom, l.seenTo = l.from, l.to
		if l.q < len(l.prev) {
			l.seenFrom, l.seenTo = min(l.from, l.sufFrom[l.q]), max(l.to, l.sufTo[l.q])
		}
	}
	return l.seenFrom, l.seenTo
}

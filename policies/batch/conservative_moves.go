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
	// The staircases of the releases (see cluster.Profile.Staircase):
	// move k of cur has curSt[curOff[k]:curOff[k+1]], prev likewise;
	// sufSt[sufLo[k]:sufHi[k]] is the union of those of prev[k:], and
	// union that of cur's and of the staircases widened in.
	curSt, prevSt, sufSt []cluster.Stair
	curOff, prevOff      []int
	sufLo, sufHi         []int
	union, spare         []cluster.Stair
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
	l.curSt, l.curOff = l.curSt[:0], append(l.curOff[:0], 0)
	l.sufLo, l.sufHi = append(l.sufLo[:0], 0), append(l.sufHi[:0], 0)
	l.union = l.union[:0]
}

// add records the move of the job at queue position i, which released
// its processors over [from, to), with the staircase s of that release.
func (l *moveLog) add(i int, from, to float64, s []cluster.Stair) {
	l.cur = append(l.cur, move{i, from, to})
	l.curSt = append(l.curSt, s...)
	l.curOff = append(l.curOff, len(l.curSt))
	l.widen(s)
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

// widen adds staircase s to the union of this sweep's.
func (l *moveLog) widen(s []cluster.Stair) {
	l.spare = cluster.AppendUnion(l.spare[:0], l.union, s)
	l.union, l.spare = l.spare, l.union
}

// longest returns the longest run of steps with at least n free
// processors that met a release the job last passed to since has not
// seen, right after that release (the union of their staircases at n),
// or a run at least d long.
func (l *moveLog) longest(n int, d float64) float64 {
	s := cluster.StairAt(l.union, n)
	if q := l.q; s < d && q < len(l.prev) {
		s = max(s, cluster.StairAt(l.sufSt[l.sufLo[q]:l.sufHi[q]], n))
	}
	return s
}

// nextSweep starts a sweep: the moves of the sweep that ended become the
// previous ones.
func (l *moveLog) nextSweep() {
	l.prev, l.cur = l.cur, l.prev[:0]
	l.prevSt, l.curSt = l.curSt, l.prevSt[:0]
	l.prevOff, l.curOff = l.curOff, append(l.prevOff[:0], 0)
	l.union = l.union[:0]
	n := len(l.prev)
	l.sufSt = l.sufSt[:0]
	l.sufLo, l.sufHi = l.sufLo[:0], l.sufHi[:0]
	for range n + 1 {
		l.sufLo, l.sufHi = append(l.sufLo, 0), append(l.sufHi, 0)
	}
	for k := n - 1; k >= 0; k-- {
		lo := len(l.sufSt)
		l.sufSt = cluster.AppendUnion(l.sufSt, l.prevSt[l.prevOff[k]:l.prevOff[k+1]], l.sufSt[l.sufLo[k+1]:l.sufHi[k+1]])
		l.sufLo[k], l.sufHi[k] = lo, len(l.sufSt)
	}
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

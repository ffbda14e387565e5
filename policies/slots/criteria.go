package slots

import (
	"math"

	"github.com/schedsim/schedsim/model/slot"
)

// Candidate is a free slot that the job can use if its window starts at
// the current scan position: the node is fast enough, its price is within
// the per-slot limit, and the slot is long enough for the job's runtime
// on that node.
type Candidate struct {
	// Slot is the free slot.
	Slot slot.Slot
	// Runtime is the job's runtime on the slot's node.
	Runtime float64
	// Cost is the node's price times Runtime.
	Cost float64
	// seam is 2·e+1 when the candidate joined between the scan's picks
	// e−1 and e, 2·e when candidates that expired then sat just before
	// it (see Searcher.fresh).
	seam uint32
}

// Criterion chooses and scores windows during a scan. The scan calls Pick
// after every slot it adds to the set of candidates (so at every possible
// window start); lower scores are better, and on equal scores the window
// found first (the earlier start) is kept.
type Criterion interface {
	// Name identifies the criterion in outputs ("start", "finish", …).
	Name() string
	// Pick chooses n of the candidates for a window starting at start
	// whose total cost is ≤ budget. cands are valid at start, on
	// distinct nodes and sorted by non-decreasing cost. It returns the
	// window's score and the chosen indices into cands, appended to
	// buf[:0]; ok is false when no choice fits.
	Pick(start float64, n int, budget float64, cands []Candidate, buf []int) (score float64, chosen []int, ok bool)
	// StopAtFirst reports whether the first window found is the best, so
	// that the scan may stop there (true only for the earliest start).
	StopAtFirst() bool
}

// The built-in criteria.
var (
	// EarliestStart picks the first window found, formed by the n
	// cheapest candidates: ALP and AMP. Score: the start time.
	EarliestStart Criterion = earliestStart{}
	// EarliestFinish minimises start + runtime of the slowest slot.
	EarliestFinish Criterion = fastest{finish: true}
	// ShortestRuntime minimises the runtime of the slowest slot.
	ShortestRuntime Criterion = fastest{}
	// LowestCost minimises the window's total cost.
	LowestCost Criterion = lowestCost{}
)

// Criteria returns the built-in criteria in a fixed order.
func Criteria() []Criterion {
	return []Criterion{EarliestStart, EarliestFinish, ShortestRuntime, LowestCost}
}

// CriterionByName returns the built-in criterion with that name.
func CriterionByName(name string) (Criterion, bool) {
	for _, c := range Criteria() {
		if c.Name() == name {
			return c, true
		}
	}
	return nil, false
}

// Compile-time checks: the built-in criteria are Criteria; fastest can
// also skip the positions where it cannot beat its best (belowPicker).
var (
	_ Criterion   = earliestStart{}
	_ Criterion   = lowestCost{}
	_ Criterion   = fastest{}
	_ belowPicker = fastest{}
)

type earliestStart struct{}

func (earliestStart) Name() string      { return "start" }
func (earliestStart) StopAtFirst() bool { return true }
func (earliestStart) Pick(start float64, n int, budget float64, cands []Candidate, buf []int) (float64, []int, bool) {
	if len(cands) < n {
		return 0, nil, false
	}
	sum := 0.0
	for i := 0; i < n; i++ {
		sum += cands[i].Cost
	}
	if !(sum <= budget) {
		return 0, nil, false
	}
	buf = buf[:0]
	for i := 0; i < n; i++ {
		buf = append(buf, i)
	}
	return start, buf, true
}

type lowestCost struct{}

func (lowestCost) Name() string      { return "cost" }
func (lowestCost) StopAtFirst() bool { return false }
func (lowestCost) Pick(start float64, n int, budget float64, cands []Candidate, buf []int) (float64, []int, bool) {
	_, chosen, ok := earliestStart{}.Pick(start, n, budget, cands, buf)
	if !ok {
		return 0, nil, false
	}
	sum := 0.0
	for _, i := range chosen {
		sum += cands[i].Cost
	}
	return sum, chosen, true
}

// fastest picks the n candidates that minimise the longest runtime under
// the budget: candidates are taken by increasing runtime while the n
// cheapest taken so far are kept; the first time those n fit the budget,
// the longest runtime among them is the least possible.
type fastest struct{ finish bool }

func (f fastest) Name() string {
	if f.finish {
		return "finish"
	}
	return "runtime"
}
func (fastest) StopAtFirst() bool { return false }
func (f fastest) Pick(start float64, n int, budget float64, cands []Candidate, buf []int) (float64, []int, bool) {
	if len(cands) < n {
		return 0, nil, false
	}
	if math.IsInf(budget, 1) {
		return f.pickUnbounded(start, n, cands, buf)
	}
	return f.pickBelow(start, n, budget, cands, buf, math.NaN())
}

// pickBelow is Pick with a budget, looking only for a window that scores
// below best (NaN: any window). Pick takes the candidates in runtime
// order until its n fit, and its score is that of the last one taken
// (the longest runtime), so the candidates that score below best alone
// are a prefix of that order: Pick on them is Pick cut short there. It
// gives Pick's window when that scores below best, and none otherwise.
// The order is then built from those candidates only (in css2014-nodes
// a few of up to 150).
func (f fastest) pickBelow(start float64, n int, budget float64, cands []Candidate, buf []int, best float64) (float64, []int, bool) {
	// kept (at most n+1 indices) and the order live in buf's memory,
	// which the Searcher keeps between picks.
	if need := n + 1 + len(cands); cap(buf) < need {
		buf = make([]int, 0, need)
	}
	h := buf[n+1 : n+1]
	if math.IsNaN(best) {
		for i := range cands {
			h = append(h, i)
		}
	} else {
		for i := range cands {
			if f.score(start, cands[i].Runtime) < best {
				h = append(h, i)
			}
		}
		if len(h) < n {
			return 0, buf[:0], false
		}
	}
	order := byRuntime{cands: cands, h: h}
	order.init()
	kept := buf[:0]
	for len(order.h) > 0 {
		i := order.pop()
		kept = append(kept, i)
		if len(kept) > n { // drop the most expensive (the last one added among equal costs)
			worst := 0
			for k := 1; k < len(kept); k++ {
				if cands[kept[k]].Cost >= cands[kept[worst]].Cost {
					worst = k
				}
			}
			kept = append(kept[:worst], kept[worst+1:]...)
		}
		if len(kept) < n {
			continue
		}
		sum, longest := 0.0, 0.0
		for _, k := range kept {
			sum += cands[k].Cost
			longest = math.Max(longest, cands[k].Runtime)
		}
		if sum <= budget {
			return f.score(start, longest), kept, true
		}
	}
	return 0, buf[:0], false // buf, so that the Searcher keeps its grown memory
}

// score is the score of a window at start whose longest runtime is
// longest.
func (f fastest) score(start, longest float64) float64 {
	if f.finish {
		return start + longest
	}
	return longest
}

// Finisher is an optional interface of a Criterion that can tell, during
// a scan, that it will pick nothing more: the scan then stops as soon as
// every criterion is done (found its first window or finished), which
// changes no result. A Criterion that keeps state between its Pick calls
// (one search's worth) implements it.
type Finisher interface {
	// Finished reports whether every later Pick of the current scan
	// (at the same or later starts) will return ok false.
	Finished() bool
}

// IncrementalCriterion is an optional interface of a Criterion that
// can use what changed in the candidates since its previous pick of the
// same scan: the scan calls PickFresh instead of Pick.
type IncrementalCriterion interface {
	Criterion
	// PickFresh is Pick, told which blocks of n candidates consecutive
	// in cost order are fresh: those that start at the indices in fresh
	// (ascending). Every other block was a block of the criterion's
	// previous pick in this scan (the same candidates, consecutive
	// then too). fresh is nil when every block is to be taken as fresh:
	// the scan's first pick, or a ScanEach, which wants the best window
	// at every start.
	PickFresh(start float64, n int, budget float64, cands []Candidate, buf []int, fresh []int) (score float64, chosen []int, ok bool)
	// UsesFresh reports whether the criterion looks at the fresh blocks
	// in its current search; when it does not, PickFresh gets nil.
	UsesFresh() bool
}

// BlockCriterion is an IncrementalCriterion whose pick compares only
// blocks of n candidates consecutive in cost order by their costs and
// runtimes, so that a block of the same nodes scores the same at every
// start: the scan may then serve it by the blocks sweep (blocks.go),
// which hands it only the costs and runtimes of the candidates of the
// fresh blocks that Box leaves possible (PickRuns). The first pick of a
// scan, and every pick at the start WholeStart (where the pick also
// looks at other windows, as the similarity at its reference start), go
// through PickFresh with every candidate.
type BlockCriterion interface {
	IncrementalCriterion
	// WholeStart is the start at which a pick compares every candidate,
	// NaN for none; the sweep reads it once per scan.
	WholeStart() float64
	// PickRuns is PickFresh given, for the candidates of runs of
	// consecutive ones in cost order laid one after the other, their
	// costs and runtimes, and the fresh blocks by the indices of their
	// first candidates there (ascending; no block crosses from one run
	// into the next): it returns the index of the first candidate of
	// the block picked.
	PickRuns(start, budget float64, n int, cost, runtime []float64, fresh []int) (score float64, at int, ok bool)
	// Box bounds the blocks the next pick can choose: none whose sum of
	// costs (in real numbers) is ≤ costLo or ≥ costHi, nor whose sum
	// of runtimes is ≤ rtLo or ≥ rtHi. The sweep hands PickRuns only
	// the fresh blocks inside the box of some criterion.
	Box() (costLo, costHi, rtLo, rtHi float64)
}

// belowPicker is a criterion that can tell cheaply whether a window at
// start could score below best, so that the scan skips Pick otherwise.
type belowPicker interface {
	canBeat(start float64, n int, cands []Candidate, best float64) bool
	// faster reports whether candidate c alone is below best at start
	// (see Searcher.pick: when it is not, the candidate that joined
	// cannot make a window beat best either).
	faster(start float64, c *Candidate, best float64) bool
}

// canBeat: a window beats best only if n candidates are faster than best
// (or finish before it).
func (f fastest) canBeat(start float64, n int, cands []Candidate, best float64) bool {
	if f.finish {
		best -= start
	}
	k := 0
	for i := range cands {
		if cands[i].Runtime < best {
			if k++; k == n {
				return true
			}
		}
	}
	return false
}

// faster: c counts towards canBeat's n candidates. With the finish, a
// start added to a runtime and taken off again need not give it back,
// so every candidate counts.
func (f fastest) faster(start float64, c *Candidate, best float64) bool {
	return f.finish || c.Runtime < best
}

// pickUnbounded is Pick without a budget: the n candidates first in
// (runtime, cost, index) order, by insertion into a sorted prefix, O(m·n).
// Pick with a budget takes the same ones: without a budget its first n
// in runtime order fit, and the cheapest n of them are those n.
func (f fastest) pickUnbounded(start float64, n int, cands []Candidate, buf []int) (float64, []int, bool) {
	kept := buf[:0]
	for i := range cands {
		if len(kept) == n && !lessRuntime(cands, i, kept[n-1]) {
			continue
		}
		if len(kept) < n {
			kept = append(kept, i)
		} else {
			kept[n-1] = i
		}
		for k := len(kept) - 1; k > 0 && lessRuntime(cands, kept[k], kept[k-1]); k-- {
			kept[k], kept[k-1] = kept[k-1], kept[k]
		}
	}
	longest := cands[kept[n-1]].Runtime
	if f.finish {
		return start + longest, kept, true
	}
	return longest, kept, true
}

// pickFastest is f.Pick without a budget for criterion k of the scan,
// told (added ≥ 0) that cands are those of k's previous pick with one
// more at index added: the n fastest are then the n fastest of the
// previous pick's and the new one, whose indices after added moved up by
// one (the order of the others is kept), O(n) instead of a look at every
// candidate.
func (s *Searcher) pickFastest(k int, f fastest, start float64, n int, cands []Candidate, added int) (float64, []int, bool) {
	for len(s.kept) <= k {
		s.kept = append(s.kept, nil)
	}
	kept := s.kept[k]
	if added < 0 || len(kept) != n {
		score, chosen, ok := f.pickUnbounded(start, n, cands, s.buf)
		s.kept[k] = append(kept[:0], chosen...)
		return score, chosen, ok
	}
	for i := range kept {
		if kept[i] >= added {
			kept[i]++
		}
	}
	if lessRuntime(cands, added, kept[n-1]) {
		kept[n-1] = added
		for j := n - 1; j > 0 && lessRuntime(cands, kept[j], kept[j-1]); j-- {
			kept[j], kept[j-1] = kept[j-1], kept[j]
		}
	}
	longest := cands[kept[n-1]].Runtime
	chosen := append(s.buf[:0], kept...) // the Searcher's buffer: kept stays its own
	if f.finish {
		return start + longest, chosen, true
	}
	return longest, chosen, true
}

// byRuntime hands out candidate indices in lessRuntime order, a total
// order, from a binary heap: the budgeted pick walks that order only
// until its n fit the budget, so a heap (O(m) to build, O(log m) a step)
// costs less than a sort of all m. (The insertion sort's m²/4
// comparisons were 29% of css2014-nodes, whose 150 nodes make large
// candidate sets.)
type byRuntime struct {
	cands []Candidate
	h     []int
}

// init makes a heap of the candidate indices in h.
func (b *byRuntime) init() {
	for i := len(b.h)/2 - 1; i >= 0; i-- {
		b.down(i)
	}
}

// pop removes and returns the first index left in lessRuntime order.
func (b *byRuntime) pop() int {
	x := b.h[0]
	last := len(b.h) - 1
	b.h[0] = b.h[last]
	b.h = b.h[:last]
	b.down(0)
	return x
}

// down moves the index at i down to its place.
func (b *byRuntime) down(i int) {
	h := b.h
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && lessRuntime(b.cands, h[r], h[l]) {
			m = r
		}
		if !lessRuntime(b.cands, h[m], h[i]) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// lessRuntime orders candidates by runtime, then cost, then index.
func lessRuntime(c []Candidate, a, b int) bool {
	if c[a].Runtime != c[b].Runtime {
		return c[a].Runtime < c[b].Runtime
	}
	if c[a].Cost != c[b].Cost {
		return c[a].Cost < c[b].Cost
	}
	return a < b
}

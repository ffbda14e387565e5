package slots

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/slot"
)

// scan is the one sweep behind every search (Scan, ScanEach, Find,
// FindAt, FindIn): it prepares the Searcher's buffers for the criteria,
// sweeps the slots from the first one the hints leave possible, and turns
// each criterion's best candidates into its window.
func (s *Searcher) scan(l *slot.List, r slot.Request, lim Limits, crits []Criterion, h hints) ([]Result, error) {
	if err := s.begin(r, lim, crits); err != nil {
		return nil, err
	}
	out := s.res
	if len(crits) == 0 || r.Nodes > len(l.Nodes) {
		return out, nil
	}
	if len(crits) == 1 {
		s.floor[0] = h.floor
	}
	s.newGeneration(len(l.Nodes))
	own := h.fits == nil // the fits are the Searcher's (see fitsMemo)
	if own {
		h.fits, h.minRuntime = s.nodeFits(l, r, lim)
	}
	fits := h.fits
	w := sweep{
		s: s, h: h, out: out, fits: fits,
		n: r.Nodes, budget: lim.Budget,
		cands: s.cands[:0], minDeadline: math.Inf(1), remaining: len(crits),
		probed: !h.probe,
	}
	var err error
	if t := h.rank; t != nil && t.kind != rankedNone && len(crits) == 1 && !h.probe && !h.bounded && s.each == nil {
		err = w.runRanked(l, t, firstSlot(l, h))
	} else if t := s.blocksTable(l, crits, fits, h, own); t != nil {
		err = w.runBlocks(l, t, firstSlot(l, h))
	} else {
		err = w.run(l, crits, firstSlot(l, h))
	}
	if err != nil {
		return nil, err
	}
	for i := range w.cands {
		s.mark[w.cands[i].Slot.Node] = 0
	}
	s.cands = w.cands[:0]
	s.finishWindows(out)
	return out, nil
}

// begin checks the request and limits and resets one result, one
// done-flag, one best start and one below-picker per criterion.
func (s *Searcher) begin(r slot.Request, lim Limits, crits []Criterion) error {
	if err := r.Validate(); err != nil {
		return err
	}
	if err := lim.validate(); err != nil {
		return err
	}
	s.res = append(s.res[:0], make([]Result, len(crits))...)
	s.done = append(s.done[:0], make([]bool, len(crits))...)
	s.bestStart = append(s.bestStart[:0], make([]float64, len(crits))...)
	for len(s.bestCands) < len(crits) {
		s.bestCands = append(s.bestCands, nil)
	}
	s.below, s.incr, s.fin = s.below[:0], s.incr[:0], s.fin[:0]
	s.picked = append(s.picked[:0], make([]bool, len(crits))...)
	s.tight = append(s.tight[:0], make([]bool, len(crits))...)
	s.floor = s.floor[:0]
	for k, c := range crits {
		s.res[k].Criterion = c.Name()
		b, _ := c.(belowPicker)
		s.below = append(s.below, b)
		ic, _ := c.(IncrementalCriterion)
		s.incr = append(s.incr, ic)
		f, _ := c.(Finisher)
		s.fin = append(s.fin, f)
		s.floor = append(s.floor, math.Inf(-1))
	}
	return nil
}

// newGeneration starts a new marking of the nodes in use: a node is in
// use by this scan when its mark equals the Searcher's generation, so
// nothing is cleared between scans (only when the counter wraps).
func (s *Searcher) newGeneration(nodes int) {
	if len(s.mark) < nodes {
		s.mark = make([]uint32, nodes)
		s.gen = 0
	}
	s.gen++
	if s.gen == 0 { // wrapped: clear the marks
		clear(s.mark)
		s.gen = 1
	}
}

// firstSlot is the index of the first slot that can belong to a window
// starting at h.from or later: slots starting before h.from − h.maxLen
// end before it.
func firstSlot(l *slot.List, h hints) int {
	if math.IsInf(h.from, -1) || math.IsInf(h.maxLen, 1) {
		return 0
	}
	bound := h.from - h.maxLen - 1e-9*(math.Abs(h.from)+h.maxLen+1)
	lo, hi := 0, len(l.Slots)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if l.Slots[m].Start < bound {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// sweep is the state of one scan: the candidate set sorted by cost, the
// earliest time a candidate becomes too short (minDeadline), the criteria
// still undecided, and whether the extra start h.at (FindAt) has been
// probed. (The pick left pending at the current start, as ScanEach picks
// once per start, is a local of run.)
type sweep struct {
	s      *Searcher
	h      hints
	out    []Result
	fits   []nodeFit
	n      int
	budget float64

	cands       []Candidate
	minDeadline float64
	box         blockBox // the blocks sweep's (see blocks.go)
	// the ranked and blocks sweeps' deadlines (see deadlineBuckets)
	dl deadlineBuckets
	// the ranked sweep's last bound of canBeatRanked and its place in
	// the runtime order
	beatAt    float64
	beatLo    int
	remaining int
	probed    bool
	// what changed in cands since the last pick: how many candidates
	// were admitted (the last at index addedAt) and whether any expired
	admits  int
	addedAt int
	expired bool
	// epoch counts the picks: the seams of the candidates (see
	// Candidate.seam) made since the last pick carry it
	epoch uint32
}

// run sweeps the slots of l from index first on for the criteria crits:
// the pick left pending at an earlier start, the probe of h.at once the
// sweep has passed it, each slot's admission as a candidate, and the pick
// at its start. The per-slot tests stay in this one loop, the hot path of
// every search: calls per slot cost a fifth of the search time. (l and
// crits are parameters, not fields: escape analysis does not tell a
// struct's fields apart, and the candidates the sweep hands to the
// criteria leak, so a list or a criteria slice kept in the struct would
// escape to the heap at every call.)
func (w *sweep) run(l *slot.List, crits []Criterion, first int) error {
	h, s := &w.h, w.s
	// what the loop reads at every slot, in locals: read through w, it
	// would be loaded from memory again at every slot.
	bounded, pickFrom, pickTo, minRt := h.bounded, h.pickFrom, h.pickTo, h.minRuntime
	fits, mark, gen, nodes, each := w.fits, s.mark, s.gen, len(l.Nodes), s.each != nil
	probed := w.probed
	pending, pendingAt := false, 0.0
	stopped := false
	slots := l.Slots
	for i := first; i < len(slots); i++ {
		sl := &slots[i]
		if sl.Start+minRt > sl.End && !(bounded && sl.Start > pickTo) {
			// too short on every node that suits the job: it changes
			// nothing, and the pick pending and the probe, which wait
			// for a later start, find the same state at the next slot
			// visited (or after the loop). The most frequent case,
			// tested first.
			continue
		}
		if pending && sl.Start != pendingAt {
			pending = false
			if w.pick(crits, pendingAt) {
				stopped = true
				break
			}
		}
		if !probed && sl.Start > h.at {
			probed = true
			if w.probe(crits) {
				stopped = true
				break
			}
		}
		if bounded && sl.Start > pickTo {
			break
		}
		if bounded && sl.End < pickFrom {
			continue // a candidate only for windows before from: always expired before a pick
		}
		if sl.Node < 0 || sl.Node >= nodes {
			return fmt.Errorf("%w: slot on node %d, the list has %d nodes", slot.ErrInvalidList, sl.Node, nodes)
		}
		f := &fits[sl.Node]
		if !f.ok || !(sl.Start+f.runtime <= sl.End) {
			continue // the node does not suit the job, or the slot is too short on it
		}
		start := sl.Start
		// expire the candidates too short for a window starting here.
		if len(w.cands) > 0 && start >= w.minDeadline-1e-9*(1+math.Abs(w.minDeadline)) {
			w.expire(start)
		}
		if mark[sl.Node] == gen {
			continue // an overlapping slot of a node already in use: invalid list, keep the first
		}
		w.admit(*sl, f.runtime, f.cost)
		if len(w.cands) < w.n || bounded && start < pickFrom {
			continue
		}
		if each {
			pending, pendingAt = true, start
			continue
		}
		if w.pick(crits, start) {
			stopped = true
			break
		}
	}
	if pending && !stopped {
		stopped = w.pick(crits, pendingAt)
	}
	if !probed && !stopped {
		w.probe(crits)
	}
	return nil
}

// admit makes sl, which suits the job with runtime rt at cost cost, a
// candidate: inserted after the candidates of equal or lower cost, its
// node marked in use, the earliest deadline updated.
func (w *sweep) admit(sl slot.Slot, rt, cost float64) {
	i := upperCost(w.cands, cost)
	w.cands = append(w.cands, Candidate{})
	copy(w.cands[i+1:], w.cands[i:])
	w.cands[i] = Candidate{Slot: sl, Runtime: rt, Cost: cost, seam: w.epoch<<1 | 1}
	w.admits, w.addedAt = w.admits+1, i
	w.s.mark[sl.Node] = w.s.gen
	if d := sl.End - rt; d < w.minDeadline {
		w.minDeadline = d
	}
}

// expire drops the candidates too short for a window at start.
func (w *sweep) expire(start float64) {
	before := len(w.cands)
	w.cands, w.minDeadline = w.s.expire(w.cands, start, w.epoch)
	w.expired = w.expired || len(w.cands) != before
}

// pick lets every undecided criterion pick a window starting at start
// from the candidates; it reports whether all are decided. An
// IncrementalCriterion learns which candidate is new when that one
// admission is all that changed since the last pick.
func (w *sweep) pick(crits []Criterion, start float64) bool {
	added := -1
	if w.admits == 1 && !w.expired {
		added = w.addedAt
	}
	w.admits, w.expired = 0, false
	epoch := w.epoch
	w.epoch++
	return w.s.pick(crits, w.out, &w.remaining, start, w.n, w.budget, w.cands, added, epoch)
}

// probe evaluates the extra start h.at (see FindAt) once the sweep has
// passed it: the candidates still long enough there form its window.
func (w *sweep) probe(crits []Criterion) bool {
	h := &w.h
	w.probed = true
	w.expire(h.at)
	return len(w.cands) >= w.n && (!h.bounded || h.pickFrom <= h.at && h.at <= h.pickTo) && w.pick(crits, h.at)
}

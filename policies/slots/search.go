package slots

import (
	"math"

	"github.com/schedsim/schedsim/model/slot"
)

// Result is the outcome of a scan for one criterion.
type Result struct {
	// Criterion is the criterion's name.
	Criterion string
	// Found is false when no window satisfies the request and limits.
	Found bool
	// Window is the best window found.
	Window slot.Window
	// Score is the window's score under the criterion.
	Score float64
}

// Searcher runs window searches and keeps its buffers between them, so
// that a long experiment allocates little. A Searcher is not safe for
// concurrent use; its zero value is ready.
type Searcher struct {
	cands []Candidate
	mark  []uint32
	gen   uint32
	buf   []int
	res   []Result
	done  []bool
	slab  []slot.Slot // windows' slots are carved from it, never reused
	// transient, when true, carves windows from tslab, which every
	// SetScratch(true) reuses (see SetScratch).
	transient bool
	tslab     []slot.Slot
	// each, set during ScanEach, receives the window picked at every
	// start (the scan picks once per start in that mode).
	each    func(w slot.Window, score float64)
	fits    []nodeFit
	fitsFor fitsMemo               // what fits were made for (see nodeFits)
	vals    []float64              // scratch of the floors (floorer)
	jobFits []nodeFit              // the fits of every job of AlternativesEach
	below   []belowPicker          // each criterion's, nil if it is none
	floor   []float64              // each criterion's least possible score (hints.floor)
	incr    []IncrementalCriterion // each criterion's, nil if it is none
	fin     []Finisher             // each criterion's, nil if it is none
	fresh   []int                  // the fresh blocks of the pick (see freshBlocks)
	picked  []bool                 // whether each criterion picked at the last pick of the scan
	kept    [][]int                // each fastest criterion's last pick (see pickFastest)
	tight   []bool                 // whether fewer than n candidates were below a belowPicker's best at its last step
	// the start and candidates of each criterion's best window so far
	bestStart []float64
	bestCands [][]Candidate
	// the ranked sweep's (see ranked.go): every job's table of
	// AlternativesEach, the candidates' bit set, their slots by rank and
	// the ranks a pick keeps
	ranks   []rankTable
	byPrice []int32
	orderOf []float64 // the price and performance of each node byPrice was made for
	byPerf  []int32
	rset    []uint64
	rcand   []rankCand // the candidates by rank (see rankCand)
	// the ranks of the ranked sweep's best window so far and the indices
	// of their slots
	rbest     []int32
	rbestSlot []int
	rtset     []uint64 // the candidates by their places in runtime order
	rkept     []int32
	// the blocks sweep's (see blocks.go): its criteria and rank table,
	// the candidates' bit set at the last pick, the ranks of the runs of
	// fresh blocks and the runs, the candidates a whole pick is handed
	blockCrits []BlockCriterion
	wholeAt    []float64 // each one's WholeStart
	blockRank  rankTable
	rprev      []uint64
	rord       []int32
	rspans     []span
	rcands     []Candidate
	rcost, rrt []float64 // the costs and runtimes of the ranks of rord
	rsel       []int32   // the ranks of a run (see freshCands)
}

// nodeFit is what a scan knows of one node before it looks at the node's
// slots: whether the node suits the request under the limits, and the
// job's runtime and cost there.
type nodeFit struct {
	ok            bool
	runtime, cost float64
}

// minRuntime returns the least runtime of the nodes that fits marks as
// suiting the job, +Inf when none does.
func minRuntime(fits []nodeFit) float64 {
	m := math.Inf(1)
	for _, f := range fits {
		if f.ok && f.runtime < m {
			m = f.runtime
		}
	}
	return m
}

// appendNodeFits appends the fit of every node of l for r under lim to
// fits.
func appendNodeFits(fits []nodeFit, l *slot.List, r slot.Request, lim Limits) []nodeFit {
	for k := range l.Nodes {
		node := &l.Nodes[k]
		var f nodeFit
		if node.Performance >= r.MinPerformance && node.Price <= lim.MaxSlotPrice &&
			!(lim.MaxPriceFactor > 0 && !(node.Price <= lim.MaxPriceFactor*node.Base())) {
			rt := r.Runtime(node.Performance)
			cost := node.Price * rt
			f = nodeFit{ok: cost <= lim.Budget, runtime: rt, cost: cost}
		}
		fits = append(fits, f)
	}
	return fits
}

// SetScratch switches scratch memory for windows on or off. While it is
// on, the slots of every window the Searcher returns are carved from one
// buffer that the next SetScratch(true) reuses: windows found before that
// call must no longer be used. A long experiment that keeps only the
// times and costs of a cycle's windows turns it on at the start of every
// cycle and so allocates nothing per window.
func (s *Searcher) SetScratch(on bool) {
	s.transient = on
	if on {
		s.tslab = s.tslab[:0]
	}
}

// Scan makes one pass over the slot list (sorted by start) and returns,
// for every criterion, the best window for request r under the limits.
// Each slot that suits the job (performance ≥ P, price ≤ the per-slot
// limit, long enough for the job's runtime on its node, cost within the
// budget) joins the candidate set, whose start becomes the window start;
// candidates no longer long enough from that start expire (ALP steps
// 2°–4°); then every criterion picks from the candidates. The scan stops
// early once every criterion that stops at its first window has one.
//
// The list is not modified. The returned slice is reused by the next call
// of the Searcher. An invalid request or limits is an error; a
// request no window can satisfy (more nodes than exist, an empty list) is
// a result with Found false.
func (s *Searcher) Scan(l *slot.List, r slot.Request, lim Limits, crits ...Criterion) ([]Result, error) {
	return s.scan(l, r, lim, crits, noHints)
}

// hints speed up the scans of the alternatives search without changing
// their results.
type hints struct {
	// from is a lower bound of the start of any window (the start of the
	// job's previous earliest window: free time only shrinks).
	from float64
	// maxLen bounds the length of every slot of the list, so that slots
	// starting before from − maxLen can be skipped.
	maxLen float64
	// minRuntime is the job's least runtime on the nodes that suit it
	// (+Inf when none does; see minRuntime), set with fits: a slot with
	// Start + minRuntime > End is too short on every suiting node, as
	// rounding is monotone, and is skipped before its node is looked up.
	minRuntime float64
	// probe, when true, makes the scan also consider a window starting
	// at at, where no slot need start (see FindAt).
	probe bool
	at    float64
	// pickFrom and pickTo bound the starts of the windows compared (see
	// FindIn); bounded is false when they are unset.
	bounded          bool
	pickFrom, pickTo float64
	// fits, when not nil, are the node fits of the request and limits
	// (see nodeFits), computed once for several scans.
	fits []nodeFit
	// rank, when not nil and of a kind other than rankedNone, makes a
	// scan of its one criterion without probe or bounds the ranked sweep
	// (see ranked.go); set with fits, whose job it describes.
	rank *rankTable
	// floor is a score no window of the list reaches below under the
	// scan's one criterion (see floorer): the scan stops at its first
	// window that scores it, as no later one can score strictly less.
	floor float64
}

var noHints = hints{from: math.Inf(-1), maxLen: math.Inf(1), floor: math.Inf(-1)}

// finishWindows makes the window of every criterion that found one from
// the candidates pick kept for it.
func (s *Searcher) finishWindows(out []Result) {
	for k := range out {
		if !out[k].Found {
			continue
		}
		bc := s.bestCands[k]
		idx := s.buf[:0]
		for i := range bc {
			idx = append(idx, i)
		}
		s.buf = idx[:0]
		out[k].Window = s.makeWindow(s.bestStart[k], bc, idx)
	}
}

// pick lets every criterion not done pick from the candidates for a
// window at start and keeps the better windows in out; it reports
// whether the scan may stop. added is the index of the one candidate
// admitted since the last pick when nothing else changed, −1 otherwise;
// epoch is the number of the pick (see Candidate.seam).
func (s *Searcher) pick(crits []Criterion, out []Result, remaining *int, start float64, n int, budget float64, cands []Candidate, added int, epoch uint32) bool {
	for k, c := range crits {
		if s.done[k] {
			continue
		}
		if b := s.below[k]; b != nil && out[k].Found && s.each == nil {
			// fewer than n candidates were below the best at the last
			// step (tight): one more that is not below leaves it so.
			if added >= 0 && s.tight[k] && !b.faster(start, &cands[added], out[k].Score) || !b.canBeat(start, n, cands, out[k].Score) {
				s.picked[k], s.tight[k] = false, true
				continue // no window here can beat the best so far
			}
		}
		if _, isL := c.(lowestCost); isL && added >= n && s.picked[k] && s.each == nil {
			// the pick is the n cheapest, the first n: the one that
			// joined is not among them, so they are those of the last
			// pick, and its outcome (the same score) is known.
			continue
		}
		var score float64
		var chosen []int
		var ok bool
		if ic := s.incr[k]; ic != nil {
			var fresh []int
			if s.picked[k] && s.each == nil && ic.UsesFresh() {
				fresh = s.freshBlocks(n, cands, added, epoch)
			}
			score, chosen, ok = ic.PickFresh(start, n, budget, cands, s.buf, fresh)
		} else if f, isF := c.(fastest); isF && math.IsInf(budget, 1) {
			a := -1
			if s.picked[k] {
				a = added
			}
			score, chosen, ok = s.pickFastest(k, f, start, n, cands, a)
		} else if isF && out[k].Found && s.each == nil {
			// only a window below the best so far matters
			score, chosen, ok = f.pickBelow(start, n, budget, cands, s.buf, out[k].Score)
		} else {
			score, chosen, ok = c.Pick(start, n, budget, cands, s.buf)
		}
		s.picked[k] = true
		// without a budget the pick is the n fastest, so after it fewer
		// than n candidates are below the best (the pick's or an earlier
		// one): the step is tight.
		s.tight[k] = ok && math.IsInf(budget, 1)
		if cap(chosen) > cap(s.buf) {
			s.buf = chosen[:0]
		}
		if ok && s.each != nil {
			s.each(s.makeWindow(start, cands, chosen), score)
			continue
		}
		if !ok || out[k].Found && !(score < out[k].Score) {
			continue
		}
		out[k].Found, out[k].Score = true, score
		// keep the chosen candidates; the window is made once the scan
		// is over (finishWindows).
		s.bestStart[k] = start
		s.bestCands[k] = s.bestCands[k][:0]
		for _, i := range chosen {
			s.bestCands[k] = append(s.bestCands[k], cands[i])
		}
		if c.StopAtFirst() || score <= s.floor[k] {
			s.done[k] = true
			*remaining--
		}
	}
	for k, f := range s.fin {
		if f != nil && !s.done[k] && f.Finished() {
			s.done[k] = true
			*remaining--
		}
	}
	return *remaining == 0
}

// upperCost returns the index of the first candidate that costs more
// than cost (cands are sorted by cost).
func upperCost(cands []Candidate, cost float64) int {
	lo, hi := 0, len(cands)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if cands[m].Cost > cost {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// expire drops the candidates too short for a window at start and
// returns the rest with their least deadline (end − runtime).
func (s *Searcher) expire(cands []Candidate, start float64, epoch uint32) ([]Candidate, float64) {
	minDeadline := math.Inf(1)
	// the runs of kept candidates between the expired ones move down
	// in one copy each; the kept prefix stays in place. The first of a
	// run after expired ones gets a seam (unless it joined since the
	// last pick: that says more).
	w, r := 0, 0
	gap := false
	for r < len(cands) {
		if gap && cands[r].seam>>1 != epoch {
			cands[r].seam = epoch << 1
		}
		k := r
		for ; k < len(cands); k++ {
			c := &cands[k]
			if start+c.Runtime > c.Slot.End {
				break
			}
			if d := c.Slot.End - c.Runtime; d < minDeadline {
				minDeadline = d
			}
		}
		if w != r {
			copy(cands[w:], cands[r:k])
		}
		w += k - r
		if k < len(cands) { // cands[k] expires
			s.mark[cands[k].Slot.Node] = 0
			k++
			gap = true
		} else {
			gap = false
		}
		r = k
	}
	return cands[:w], minDeadline
}

// ScanEach scans l for request r under the limits like Scan with the one
// criterion c, but hands emit the window c picks at every distinct start
// of the scan (the best one there, after the last slot with that start
// joined the candidates) with its score, in order of start. These are the
// intermediate results of an AEP scan, which the anticipation scheduling
// keeps as "all possible execution alternatives" of a job: each is a
// valid window on l, and they may overlap one another. The list is not
// modified.
func (s *Searcher) ScanEach(l *slot.List, r slot.Request, lim Limits, c Criterion, emit func(w slot.Window, score float64)) error {
	s.each = emit
	defer func() { s.each = nil }()
	_, err := s.scan(l, r, lim, []Criterion{c}, noHints)
	return err
}

// makeWindow builds a window from the chosen candidates. Its slices are
// carved from a slab with their capacity cut to their length, so that an
// append by the caller copies instead of overwriting a neighbour.
func (s *Searcher) makeWindow(start float64, cands []Candidate, chosen []int) slot.Window {
	n := len(chosen)
	var buf []slot.Slot
	if s.transient {
		k := len(s.tslab)
		s.tslab = append(s.tslab, make([]slot.Slot, 2*n)...)
		buf = s.tslab[k : k+2*n : k+2*n]
	} else {
		if len(s.slab) < 2*n {
			s.slab = make([]slot.Slot, max(1024, 2*n))
		}
		buf = s.slab[: 2*n : 2*n]
		s.slab = s.slab[2*n:]
	}
	w := slot.Window{Start: start, Slots: buf[:n:n], Sources: buf[n:]}
	for j, i := range chosen {
		c := cands[i]
		w.Slots[j] = slot.Slot{Node: c.Slot.Node, Start: start, End: start + c.Runtime}
		w.Sources[j] = c.Slot
		w.Cost += c.Cost
	}
	return w
}

// freshBlocks returns the first indices, ascending, of the blocks of n
// consecutive candidates that are new since the previous pick (number
// epoch − 1): those that hold a candidate that joined since, or hold
// both neighbours of a seam that expired candidates left. added ≥ 0
// says that one candidate joined and nothing else changed.
func (s *Searcher) freshBlocks(n int, cands []Candidate, added int, epoch uint32) []int {
	f := s.fresh[:0]
	last := -1 // the last block appended
	for p := range cands {
		if added >= 0 {
			p = added
		} else if cands[p].seam>>1 != epoch {
			continue
		}
		lo, hi := max(p-n+1, last+1, 0), min(p, len(cands)-n)
		if cands[p].seam&1 == 0 {
			hi = min(hi, p-1) // a seam before p: the blocks that also hold p − 1
		}
		for j := lo; j <= hi; j++ {
			f = append(f, j)
		}
		last = max(last, hi)
		if added >= 0 {
			break
		}
	}
	s.fresh = f
	return f
}

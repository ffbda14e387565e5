package slots

import (
	"errors"
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/slot"
)

// Limits are the price constraints of one window search. A limit of
// +Inf means none.
type Limits struct {
	// MaxSlotPrice is the highest price per time unit a slot's node may
	// charge (ALP's condition 2°c).
	MaxSlotPrice float64
	// Budget is the highest total cost of the window (AMP's S).
	Budget float64
	// MaxPriceFactor, when > 0, is the highest ratio of a node's price to
	// its base price (slot.Node.Base) the job accepts: a user who pays at
	// most 160% of the market price has 1.6, one who needs a 10% discount
	// 0.9. 0 means no such limit.
	MaxPriceFactor float64
}

// ALPLimits returns the limits of ALP: every slot's price ≤ C, no budget.
func ALPLimits(r slot.Request) Limits {
	return Limits{MaxSlotPrice: r.MaxPrice, Budget: math.Inf(1)}
}

// AMPLimits returns the limits of AMP: no price limit per slot, the
// window's total cost ≤ S = C·t·N (or the request's own budget).
func AMPLimits(r slot.Request) Limits {
	return Limits{MaxSlotPrice: math.Inf(1), Budget: r.JobBudget()}
}

// NoLimits returns limits that accept every price.
func NoLimits(slot.Request) Limits {
	return Limits{MaxSlotPrice: math.Inf(1), Budget: math.Inf(1)}
}

// ErrBadLimits is wrapped by the errors of searches given negative or NaN
// limits.
var ErrBadLimits = errors.New("invalid price limits")

func (l Limits) validate() error {
	if !(l.MaxSlotPrice >= 0) || !(l.Budget >= 0) {
		return fmt.Errorf("%w: max slot price %v, budget %v (both must be ≥ 0)", ErrBadLimits, l.MaxSlotPrice, l.Budget)
	}
	if !(l.MaxPriceFactor >= 0) || math.IsInf(l.MaxPriceFactor, 0) {
		return fmt.Errorf("%w: max price factor %v (must be a finite number ≥ 0)", ErrBadLimits, l.MaxPriceFactor)
	}
	return nil
}

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
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	// insertion sort by (runtime, cost, index): the sets are small.
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && lessRuntime(cands, order[j], order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	kept := buf[:0]
	for _, i := range order {
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
			if f.finish {
				return start + longest, kept, true
			}
			return longest, kept, true
		}
	}
	return 0, nil, false
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

// belowPicker is a criterion that can tell cheaply whether a window at
// start could score below best, so that the scan skips Pick otherwise.
type belowPicker interface {
	canBeat(start float64, n int, cands []Candidate, best float64) bool
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

func lessRuntime(c []Candidate, a, b int) bool {
	if c[a].Runtime != c[b].Runtime {
		return c[a].Runtime < c[b].Runtime
	}
	if c[a].Cost != c[b].Cost {
		return c[a].Cost < c[b].Cost
	}
	return a < b
}

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
	each      *eachScan // set during ScanEach
	fits      []nodeFit
	jobFits   []nodeFit // the fits of every job of AlternativesEach
	// the start and candidates of each criterion's best window so far
	bestStart []float64
	bestCands [][]Candidate
}

// nodeFit is what a scan knows of one node before it looks at the node's
// slots: whether the node suits the request under the limits, and the
// job's runtime and cost there.
type nodeFit struct {
	ok            bool
	runtime, cost float64
}

// nodeFits returns the fit of every node of l for r under lim: the node
// is fast enough, its price is within the per-slot limit and the price
// factor, and the job's cost there within the budget.
func (s *Searcher) nodeFits(l *slot.List, r slot.Request, lim Limits) []nodeFit {
	s.fits = appendNodeFits(s.fits[:0], l, r, lim)
	return s.fits
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
	// minLen is a lower bound of the job's runtime on any node: shorter
	// slots are skipped before their node is looked up.
	minLen float64
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
}

var noHints = hints{from: math.Inf(-1), maxLen: math.Inf(1)}

func (s *Searcher) scan(l *slot.List, r slot.Request, lim Limits, crits []Criterion, h hints) ([]Result, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if err := lim.validate(); err != nil {
		return nil, err
	}
	s.res = append(s.res[:0], make([]Result, len(crits))...)
	s.done = append(s.done[:0], make([]bool, len(crits))...)
	s.bestStart = append(s.bestStart[:0], make([]float64, len(crits))...)
	for len(s.bestCands) < len(crits) {
		s.bestCands = append(s.bestCands, nil)
	}
	for k, c := range crits {
		s.res[k].Criterion = c.Name()
	}
	out := s.res
	n := r.Nodes
	if len(crits) == 0 || n > len(l.Nodes) {
		return out, nil
	}
	if len(s.mark) < len(l.Nodes) {
		s.mark = make([]uint32, len(l.Nodes))
		s.gen = 0
	}
	s.gen++
	if s.gen == 0 { // wrapped: clear the marks
		clear(s.mark)
		s.gen = 1
	}
	cands := s.cands[:0]
	minDeadline := math.Inf(1)
	remaining := len(crits)
	first := 0
	if !math.IsInf(h.from, -1) && !math.IsInf(h.maxLen, 1) {
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
		first = lo
	}
	fits := h.fits
	if fits == nil {
		fits = s.nodeFits(l, r, lim)
	}
	// probe evaluates the extra start h.at once the scan has passed it.
	probed := !h.probe
	probe := func() bool {
		probed = true
		cands, minDeadline = s.expire(cands, h.at)
		return len(cands) >= n && (!h.bounded || h.pickFrom <= h.at && h.at <= h.pickTo) && s.pick(crits, out, &remaining, h.at, n, lim.Budget, cands)
	}
	stopped := false
	for _, sl := range l.Slots[first:] {
		if !probed && sl.Start > h.at && probe() {
			stopped = true
			break
		}
		if h.bounded && sl.Start > h.pickTo {
			break
		}
		if h.bounded && sl.End < h.pickFrom {
			continue // a candidate only for windows before from: always expired before a pick
		}
		if sl.End-sl.Start < h.minLen {
			continue
		}
		if sl.Node < 0 || sl.Node >= len(l.Nodes) {
			return nil, fmt.Errorf("%w: slot on node %d, the list has %d nodes", slot.ErrInvalidList, sl.Node, len(l.Nodes))
		}
		f := &fits[sl.Node]
		if !f.ok {
			continue
		}
		start, rt, cost := sl.Start, f.runtime, f.cost
		if !(start+rt <= sl.End) {
			continue
		}
		// expire the candidates too short for a window starting here.
		if len(cands) > 0 && start >= minDeadline-1e-9*(1+math.Abs(minDeadline)) {
			cands, minDeadline = s.expire(cands, start)
		}
		if s.mark[sl.Node] == s.gen {
			continue // an overlapping slot of a node already in use: invalid list, keep the first
		}
		// insert after the candidates of equal or lower cost.
		i := upperCost(cands, cost)
		cands = append(cands, Candidate{})
		copy(cands[i+1:], cands[i:])
		cands[i] = Candidate{Slot: sl, Runtime: rt, Cost: cost}
		s.mark[sl.Node] = s.gen
		if d := sl.End - rt; d < minDeadline {
			minDeadline = d
		}
		if len(cands) < n || h.bounded && start < h.pickFrom {
			continue
		}
		if s.pick(crits, out, &remaining, start, n, lim.Budget, cands) {
			stopped = true
			break
		}
	}
	if !probed && !stopped {
		probe()
	}
	for _, c := range cands {
		s.mark[c.Slot.Node] = 0
	}
	s.cands = cands[:0]
	s.finishWindows(out)
	return out, nil
}

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
// whether the scan may stop.
func (s *Searcher) pick(crits []Criterion, out []Result, remaining *int, start float64, n int, budget float64, cands []Candidate) bool {
	for k, c := range crits {
		if s.done[k] {
			continue
		}
		if b, isB := c.(belowPicker); isB && out[k].Found && s.each == nil && !b.canBeat(start, n, cands, out[k].Score) {
			continue // no window here can beat the best so far
		}
		score, chosen, ok := c.Pick(start, n, budget, cands, s.buf)
		if cap(chosen) > cap(s.buf) {
			s.buf = chosen[:0]
		}
		if ok && s.each != nil {
			s.each.add(s, start, score, cands, chosen)
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
		if c.StopAtFirst() {
			s.done[k] = true
			*remaining--
		}
	}
	for k, c := range crits {
		if f, isF := c.(Finisher); isF && !s.done[k] && f.Finished() {
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
func (s *Searcher) expire(cands []Candidate, start float64) ([]Candidate, float64) {
	minDeadline := math.Inf(1)
	// the runs of kept candidates between the expired ones move down
	// in one copy each; the kept prefix stays in place.
	w, r := 0, 0
	for r < len(cands) {
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
	e := &eachScan{emit: emit}
	s.each = e
	defer func() { s.each = nil }()
	if _, err := s.scan(l, r, lim, []Criterion{c}, noHints); err != nil {
		return err
	}
	e.flush(s)
	return nil
}

// eachScan holds the pending window of ScanEach: the best at the current
// start, emitted when the scan moves on to a later start.
type eachScan struct {
	emit    func(w slot.Window, score float64)
	pending bool
	start   float64
	score   float64
	cands   []Candidate
	chosen  []int
}

func (e *eachScan) add(s *Searcher, start, score float64, cands []Candidate, chosen []int) {
	if e.pending && start != e.start {
		e.flush(s)
	}
	// at one start the candidates only grow, so the latest pick is the
	// best there; keep a copy of what it chose.
	e.pending, e.start, e.score = true, start, score
	e.cands = e.cands[:0]
	e.chosen = e.chosen[:0]
	for k, i := range chosen {
		e.cands = append(e.cands, cands[i])
		e.chosen = append(e.chosen, k)
	}
}

func (e *eachScan) flush(s *Searcher) {
	if !e.pending {
		return
	}
	e.pending = false
	e.emit(s.makeWindow(e.start, e.cands, e.chosen), e.score)
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

// Find returns the best window for r under the limits and criterion.
func (s *Searcher) Find(l *slot.List, r slot.Request, lim Limits, c Criterion) (slot.Window, bool, error) {
	res, err := s.Scan(l, r, lim, c)
	if err != nil {
		return slot.Window{}, false, err
	}
	return res[0].Window, res[0].Found, nil
}

// FindAt is Find with one more possible window start: besides the slot
// starts, the scan also considers a window starting at time at, formed by
// the slots that contain [at, at + runtime). The replication of
// anticipation scheduling uses it to reach a reference window's own
// start, which need not be a slot start of a list from which other
// windows were subtracted.
func (s *Searcher) FindAt(l *slot.List, r slot.Request, lim Limits, c Criterion, at float64) (slot.Window, bool, error) {
	if math.IsNaN(at) || math.IsInf(at, 0) {
		return slot.Window{}, false, fmt.Errorf("%w: window start %v", ErrBadLimits, at)
	}
	h := noHints
	h.probe, h.at = true, at
	res, err := s.scan(l, r, lim, []Criterion{c}, h)
	if err != nil {
		return slot.Window{}, false, err
	}
	return res[0].Window, res[0].Found, nil
}

// FindIn is Find restricted to windows that start in [from, to] (and,
// when at is not NaN, also trying a window at at as FindAt does). Slots
// that end before from are skipped, and the scan stops after to, so a
// search around a known time is cheap.
func (s *Searcher) FindIn(l *slot.List, r slot.Request, lim Limits, c Criterion, from, to, at float64) (slot.Window, bool, error) {
	if math.IsNaN(from) || math.IsNaN(to) || math.IsInf(at, 0) {
		return slot.Window{}, false, fmt.Errorf("%w: window starts [%v, %v], at %v", ErrBadLimits, from, to, at)
	}
	h := noHints
	h.bounded, h.pickFrom, h.pickTo = true, from, to
	if !math.IsNaN(at) {
		h.probe, h.at = true, at
	}
	if !math.IsInf(from, -1) {
		maxLen := 0.0
		for _, sl := range l.Slots {
			if d := sl.End - sl.Start; d > maxLen {
				maxLen = d
			}
		}
		h.from, h.maxLen = from, maxLen
	}
	res, err := s.scan(l, r, lim, []Criterion{c}, h)
	if err != nil {
		return slot.Window{}, false, err
	}
	return res[0].Window, res[0].Found, nil
}

// ALP finds the earliest window for r whose every slot costs at most
// r.MaxPrice per time unit (Algorithm based on Local Price).
func ALP(l *slot.List, r slot.Request) (slot.Window, bool, error) {
	var s Searcher
	return s.Find(l, r, ALPLimits(r), EarliestStart)
}

// AMP finds the earliest window for r formed by the cheapest slots whose
// total cost is at most S = C·t·N (Algorithm based on Maximal job Price).
func AMP(l *slot.List, r slot.Request) (slot.Window, bool, error) {
	var s Searcher
	return s.Find(l, r, AMPLimits(r), EarliestStart)
}

// AEP finds in one scan the best window for r under each criterion and
// the limits (an AEP-style search, as CSS and anticipation use it).
func AEP(l *slot.List, r slot.Request, lim Limits, crits ...Criterion) ([]Result, error) {
	var s Searcher
	res, err := s.Scan(l, r, lim, crits...)
	return append([]Result(nil), res...), err
}

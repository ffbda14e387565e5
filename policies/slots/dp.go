package slots

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/schedsim/schedsim/model/slot"
)

// Alt is what the batch choice needs from one alternative: its time
// t_i(s_i) (the window's usage time, the runtime on its slowest node) and
// its cost c_i(s_i).
type Alt struct {
	Time float64
	Cost float64
}

// AltsOf returns the (time, cost) of every window, per job.
func AltsOf(ws [][]slot.Window) [][]Alt {
	out := make([][]Alt, len(ws))
	for i, jw := range ws {
		out[i] = make([]Alt, len(jw))
		for k, w := range jw {
			out[i][k] = Alt{Time: w.Time(), Cost: w.Cost}
		}
	}
	return out
}

// Measure names one of the two additive measures of a batch choice.
type Measure int

const (
	// Time is T(s) = Σ t_i(s_i).
	Time Measure = iota
	// Cost is C(s) = Σ c_i(s_i).
	Cost
)

func (m Measure) of(a Alt) float64 {
	if m == Cost {
		return a.Cost
	}
	return a.Time
}

// String returns "time" or "cost".
func (m Measure) String() string {
	if m == Cost {
		return "cost"
	}
	return "time"
}

// Choice is one alternative per job and its totals.
type Choice struct {
	// Index[i] is the chosen alternative of job i.
	Index []int
	// Time is the total time Σ t_i.
	Time float64
	// Cost is the total cost Σ c_i.
	Cost float64
}

// ErrBadAlternative is wrapped by the errors of Optimize for negative,
// infinite or NaN times or costs.
var ErrBadAlternative = errors.New("invalid alternative")

// Optimize solves the paper's functional equation (1): it chooses one
// alternative per job so that the objective measure is minimal (or
// maximal) while the constrained measure's total stays ≤ limit. ok is
// false when some job has no alternative or no choice meets the limit.
//
// It runs the dynamic programme forward over the jobs and keeps, after
// each job, only the Pareto-optimal partial sums (no other partial choice
// has a total constrained measure ≤ and an objective at least as good).
// This is exact for real-valued times and costs; the paper's backward run
// over integer budget or time values gives the same optimum when those
// values are integers. Totals are summed in job order, so a brute-force
// enumeration that sums the same way finds exactly the same optimum. On
// ties of the objective the choice with the smallest constrained total is
// returned.
func Optimize(alts [][]Alt, objective Measure, maximize bool, constraint Measure, limit float64) (Choice, bool, error) {
	var w DP
	return w.Optimize(alts, objective, maximize, constraint, limit)
}

// Pair is one alternative of a job as the general DP sees it: its value
// of the constrained measure (≥ 0) and of the objective.
type Pair struct {
	Constrained, Objective float64
}

// dpItem is one alternative of a job in the DP: constrained value,
// objective value, index.
type dpItem struct {
	z, g float64
	k    int32
}

// dpState is a partial choice: its totals and how it was reached.
type dpState struct {
	z, g   float64 // constrained total, objective total
	parent int32   // index in the previous stage
	alt    int32   // alternative of this stage's job
}

// DP solves batch choices and keeps its buffers between solves, so that a
// long experiment allocates little. It is not safe for concurrent use;
// its zero value is ready.
type DP struct {
	items  []dpItem
	states []dpState
	off    []int
	index  []int
}

// Optimize is the function Optimize on w's buffers.
func (w *DP) Optimize(alts [][]Alt, objective Measure, maximize bool, constraint Measure, limit float64) (Choice, bool, error) {
	for i, ja := range alts {
		for k, a := range ja {
			if !(a.Time >= 0 && a.Cost >= 0) || math.IsInf(a.Time, 0) || math.IsInf(a.Cost, 0) {
				return Choice{}, false, fmt.Errorf("%w: job %d alternative %d: time %v, cost %v", ErrBadAlternative, i, k, a.Time, a.Cost)
			}
		}
	}
	if math.IsNaN(limit) {
		return Choice{}, false, fmt.Errorf("%w: limit is NaN", ErrBadAlternative)
	}
	w.items = w.items[:0]
	w.off = w.off[:0]
	for _, ja := range alts {
		w.off = append(w.off, len(w.items))
		for k, a := range ja {
			w.items = append(w.items, dpItem{z: constraint.of(a), g: objective.of(a), k: int32(k)})
		}
	}
	w.off = append(w.off, len(w.items))
	if !w.solve(len(alts), maximize, limit) {
		return Choice{}, false, nil
	}
	ch := Choice{Index: append([]int(nil), w.index...)}
	for i, k := range ch.Index {
		ch.Time += alts[i][k].Time
		ch.Cost += alts[i][k].Cost
	}
	return ch, true, nil
}

// Solve chooses one pair per job (pairs[i] are the alternatives of job i)
// so that the total objective is minimal, or maximal with maximize, while
// the total of the constrained values stays ≤ limit: the functional
// equation (1) with any additive criterion and constraint. It returns the
// chosen index per job, valid until the next call on w; ok is false when
// some job has no pair or no choice meets the limit. Values must be
// finite and constrained values ≥ 0 (ErrBadAlternative otherwise). Ties
// are broken as in Optimize.
func (w *DP) Solve(pairs [][]Pair, maximize bool, limit float64) ([]int, bool, error) {
	for i, jp := range pairs {
		for k, p := range jp {
			if !(p.Constrained >= 0) || math.IsInf(p.Constrained, 0) || math.IsNaN(p.Objective) || math.IsInf(p.Objective, 0) {
				return nil, false, fmt.Errorf("%w: job %d alternative %d: constrained %v, objective %v", ErrBadAlternative, i, k, p.Constrained, p.Objective)
			}
		}
	}
	if math.IsNaN(limit) {
		return nil, false, fmt.Errorf("%w: limit is NaN", ErrBadAlternative)
	}
	w.items = w.items[:0]
	w.off = w.off[:0]
	for _, jp := range pairs {
		w.off = append(w.off, len(w.items))
		for k, p := range jp {
			w.items = append(w.items, dpItem{z: p.Constrained, g: p.Objective, k: int32(k)})
		}
	}
	w.off = append(w.off, len(w.items))
	if !w.solve(len(pairs), maximize, limit) {
		return nil, false, nil
	}
	return w.index, true, nil
}

// solve runs the DP on the n jobs whose alternatives are
// w.items[w.off[i]:w.off[i+1]] and leaves the optimal choice in w.index.
func (w *DP) solve(n int, maximize bool, limit float64) bool {
	w.index = w.index[:0]
	if n == 0 {
		return true
	}
	better := func(a, b float64) bool {
		if maximize {
			return a > b
		}
		return a < b
	}
	// order sorts by constrained value, then better objective, then the
	// given tie-break keys.
	order := func(az, ag float64, ak1, ak2 int32, bz, bg float64, bk1, bk2 int32) int {
		switch {
		case az != bz:
			return cmp.Compare(az, bz)
		case ag != bg:
			if better(ag, bg) {
				return -1
			}
			return 1
		case ak1 != bk1:
			return cmp.Compare(ak1, bk1)
		}
		return cmp.Compare(ak2, bk2)
	}
	// Within one job, an alternative dominated by another of the same job
	// (constrained value ≥, objective no better) can be dropped: swapping
	// it for the dominating one never hurts a choice. Job i's kept
	// alternatives end up at itemOff[i]:itemOff[i+1].
	itemOff := w.off
	kept := 0
	for i := 0; i < n; i++ {
		its := w.items[itemOff[i]:itemOff[i+1]]
		itemOff[i] = kept
		slices.SortFunc(its, func(a, b dpItem) int { return order(a.z, a.g, a.k, 0, b.z, b.g, b.k, 0) })
		last := -1
		for _, it := range its {
			if last < 0 || better(it.g, w.items[last].g) {
				w.items[kept] = it
				last = kept
				kept++
			}
		}
	}
	itemOff[n] = kept
	w.items = w.items[:kept]
	// Forward over the jobs; stage i's states are w.states[stageOff[i]:
	// stageOff[i+1]], stage 0 the empty choice.
	stageOff := itemOff[n+1:]
	w.states = append(w.states[:0], dpState{parent: -1, alt: -1})
	stageOff = append(stageOff, 0, 1)
	for i := 0; i < n; i++ {
		curFrom, curTo := stageOff[i], stageOff[i+1]
		ja := w.items[itemOff[i]:itemOff[i+1]]
		for si := curFrom; si < curTo; si++ {
			st := w.states[si]
			for _, a := range ja {
				z := st.z + a.z
				if !(z <= limit) {
					continue
				}
				w.states = append(w.states, dpState{z: z, g: st.g + a.g, parent: int32(si - curFrom), alt: a.k})
			}
		}
		next := w.states[curTo:]
		if len(next) == 0 {
			return false
		}
		slices.SortFunc(next, func(a, b dpState) int { return order(a.z, a.g, a.parent, a.alt, b.z, b.g, b.parent, b.alt) })
		keptStates := next[:1]
		for _, st := range next[1:] {
			if better(st.g, keptStates[len(keptStates)-1].g) {
				keptStates = append(keptStates, st)
			}
		}
		w.states = w.states[:curTo+len(keptStates)]
		stageOff = append(stageOff, len(w.states))
	}
	w.off = itemOff[:n+1] // stageOff may have grown into a new array; keep the buffer
	w.index = append(w.index, make([]int, n)...)
	si := stageOff[n+1] - 1 - stageOff[n] // the best final state
	for i := n - 1; i >= 0; i-- {
		st := w.states[stageOff[i+1]+si]
		w.index[i] = int(st.alt)
		si = int(st.parent)
	}
	return true
}

// MinTime returns the choice of least total time whose total cost is
// ≤ budget (the VO administrator's criterion with the limit B*).
func MinTime(alts [][]Alt, budget float64) (Choice, bool, error) {
	return Optimize(alts, Time, false, Cost, budget)
}

// MinCost returns the choice of least total cost whose total time is
// ≤ limit (the users' criterion with the limit T*).
func MinCost(alts [][]Alt, limit float64) (Choice, bool, error) {
	return Optimize(alts, Cost, false, Time, limit)
}

// Rounding selects how formula (2) rounds.
type Rounding string

const (
	// RoundMeanFloor (the default) takes the floor of each job's mean
	// alternative time: T* = Σ_i ⌊Σ_s t_i(s)/l_i⌋. Formula (2) puts the
	// floor on every term t_i(s)/l_i; read literally, a job with many
	// alternatives (l_i above its times, common with AMP's 34 per job)
	// would contribute almost nothing, making T* infeasible. The floor of
	// the mean is read as the intent: T* balances at the jobs' average
	// times.
	RoundMeanFloor Rounding = "mean-floor"
	// RoundTermFloor is the literal formula (2): Σ_i Σ_s ⌊t_i(s)/l_i⌋.
	RoundTermFloor Rounding = "term-floor"
	// RoundNone drops the floor: T* = Σ_i mean_s t_i(s).
	RoundNone Rounding = "none"
)

// Valid reports whether r names a rounding ("" counts as the default).
func (r Rounding) Valid() bool {
	switch r {
	case "", RoundMeanFloor, RoundTermFloor, RoundNone:
		return true
	}
	return false
}

// TimeLimit returns T* of formula (2): the sum over jobs of their mean
// alternative time, rounded as r says. Jobs without alternatives add 0.
func TimeLimit(alts [][]Alt, r Rounding) float64 {
	total := 0.0
	for _, ja := range alts {
		if len(ja) == 0 {
			continue
		}
		l := float64(len(ja))
		switch r {
		case RoundTermFloor:
			for _, a := range ja {
				total += math.Floor(a.Time / l)
			}
		case RoundNone:
			s := 0.0
			for _, a := range ja {
				s += a.Time
			}
			total += s / l
		default:
			s := 0.0
			for _, a := range ja {
				s += a.Time
			}
			total += math.Floor(s / l)
		}
	}
	return total
}

// BudgetLimit returns B* of formula (3): the owners' largest income, the
// maximal total cost of a choice whose total time is ≤ tstar. ok is false
// when no choice meets tstar.
func BudgetLimit(alts [][]Alt, tstar float64) (float64, bool, error) {
	ch, ok, err := Optimize(alts, Cost, true, Time, tstar)
	return ch.Cost, ok, err
}

// BatchChoice is the outcome of both DP criteria for one batch.
type BatchChoice struct {
	// TStar is the time limit T* of formula (2) actually used.
	TStar float64
	// TStarRaised is true when T* from formula (2) was below the least
	// achievable total time (possible only through its rounding) and was
	// raised to that least total, the tightest feasible limit.
	TStarRaised bool
	// BStar is the VO budget B* of formula (3) under TStar.
	BStar float64
	// MinTime is the choice of least total time with total cost ≤ B*.
	MinTime Choice
	// MinCost is the choice of least total cost with total time ≤ T*.
	MinCost Choice
}

// ChooseBatch computes T*, B* and both optimal choices for a batch. ok is
// false when some job has no alternative.
//
// Note that B* is the largest cost of any choice within T*, and the
// least-time choice is within T* whenever T* is feasible, so B* never
// excludes it: minimising time under B* gives the least total time, the
// cheapest such choice on ties.
func ChooseBatch(alts [][]Alt, r Rounding) (BatchChoice, bool, error) {
	var w DP
	return w.ChooseBatch(alts, r)
}

// ChooseBatch is the function ChooseBatch on w's buffers.
func (w *DP) ChooseBatch(alts [][]Alt, r Rounding) (BatchChoice, bool, error) {
	for _, ja := range alts {
		if len(ja) == 0 {
			return BatchChoice{}, false, nil
		}
	}
	var bc BatchChoice
	bc.TStar = TimeLimit(alts, r)
	fastestCh, ok, err := w.Optimize(alts, Time, false, Time, math.Inf(1))
	if err != nil || !ok {
		return BatchChoice{}, false, err
	}
	if bc.TStar < fastestCh.Time {
		bc.TStar, bc.TStarRaised = fastestCh.Time, true
	}
	// B* (3): the largest total cost within T*.
	richest, ok, err := w.Optimize(alts, Cost, true, Time, bc.TStar)
	if err != nil || !ok {
		return BatchChoice{}, false, err
	}
	bc.BStar = richest.Cost
	if bc.MinTime, ok, err = w.Optimize(alts, Time, false, Cost, bc.BStar); err != nil || !ok {
		return BatchChoice{}, false, err
	}
	if bc.MinCost, ok, err = w.Optimize(alts, Cost, false, Time, bc.TStar); err != nil || !ok {
		return BatchChoice{}, false, err
	}
	return bc, true, nil
}

package slots

import (
	"errors"
	"fmt"
	"math"
)

// Alt is what the batch choice needs from one alternative: its time
// t_i(s_i) (the window's usage time, the runtime on its slowest node) and
// its cost c_i(s_i).
type Alt struct {
	Time float64
	Cost float64
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
var ErrBadAlternative = errors.New("slots: invalid alternative")

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

// DP solves batch choices and keeps its buffers between solves, so that a
// long experiment allocates little. It is not safe for concurrent use;
// its zero value is ready.
type DP struct {
	items   []dpItem
	states  []dpState
	heads   []dpHead
	rest    []float64
	at      []int32
	blocked []bool
	lp      lpSuffix
	// noBound switches the bounds off (tests compare both ways).
	noBound bool
	off     []int
	index   []int
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

package css

import (
	"errors"
	"fmt"
	"math"

	"github.com/schedsim/schedsim/policies/slots"
)

// Problem is the VO's optimisation problem of the second CSS step: choose
// one alternative per job so that the total Objective is maximal (or
// minimal) while the Constraint stays within Limit. The paper's fair
// problem C → max, lim U is
//
//	Problem{Objective: Cost, Maximize: true, Constraint: Utility, Limit: 10}
//
// (maximise the total cost while the mean user utility Ua ≤ 10%); U → min,
// lim T is Problem{Objective: Utility, Constraint: Runtime, Limit: T}; any
// pair of properties works, because both are additive over the jobs.
type Problem struct {
	// Objective is the property whose total over the jobs is optimised.
	Objective Property
	// Maximize asks for the largest total Objective (else the least).
	Maximize bool
	// Constraint is the limited property.
	Constraint Property
	// Limit bounds the mean of Constraint over the jobs that have an
	// alternative (Ua ≤ lim), or its total with Total. +Inf: no limit.
	Limit float64
	// Total makes Limit a bound on the batch total instead of the mean.
	Total bool
}

// CostMaxUtilityLimit returns the paper's problem C → max, lim Ua = lim
// (lim in percent).
func CostMaxUtilityLimit(lim float64) Problem {
	return Problem{Objective: Cost, Maximize: true, Constraint: Utility, Limit: lim}
}

// String describes the problem, e.g. "cost → max, mean utility ≤ 10".
func (p Problem) String() string {
	dir, agg := "min", "mean"
	if p.Maximize {
		dir = "max"
	}
	if p.Total {
		agg = "total"
	}
	return fmt.Sprintf("%v → %s, %s %v ≤ %g", p.Objective, dir, agg, p.Constraint, p.Limit)
}

// ErrBadProblem is wrapped by the errors of Problem.Validate.
var ErrBadProblem = errors.New("css: invalid problem")

// Validate checks the properties and that the limit is ≥ 0 and not NaN.
func (p Problem) Validate() error {
	for _, q := range []Property{p.Objective, p.Constraint} {
		if q < Start || q > Utility {
			return fmt.Errorf("%w: unknown property %d", ErrBadProblem, int(q))
		}
	}
	if !(p.Limit >= 0) {
		return fmt.Errorf("%w: limit must be ≥ 0 (got %v)", ErrBadProblem, p.Limit)
	}
	return nil
}

// Chooser solves problems by dynamic programming and keeps its buffers
// between solves. It is not safe for concurrent use; its zero value is
// ready.
type Chooser struct {
	dp    slots.DP
	pairs [][]slots.Pair
	jobs  []int
}

// Choose picks one alternative per job (alts[i] are job i's alternatives,
// with their utilities set) that solves p exactly. Jobs without an
// alternative take no part: their index is −1, and the mean limit counts
// only the others. ok is false when no choice meets the limit (never for
// a utility limit ≥ 0: every job has an alternative of utility 0). The
// constrained values must be ≥ 0.
func (c *Chooser) Choose(alts [][]Alternative, p Problem) (chosen []int, ok bool, err error) {
	if err := p.Validate(); err != nil {
		return nil, false, err
	}
	c.pairs = c.pairs[:0]
	c.jobs = c.jobs[:0]
	for i, ja := range alts {
		if len(ja) == 0 {
			continue
		}
		k := len(c.pairs)
		if k < cap(c.pairs) {
			c.pairs = c.pairs[:k+1]
			c.pairs[k] = c.pairs[k][:0]
		} else {
			c.pairs = append(c.pairs, nil)
		}
		for _, a := range ja {
			c.pairs[k] = append(c.pairs[k], slots.Pair{Constrained: a.Value(p.Constraint), Objective: a.Value(p.Objective)})
		}
		c.jobs = append(c.jobs, i)
	}
	limit := p.Limit
	if !p.Total && !math.IsInf(limit, 1) {
		limit *= float64(len(c.jobs))
		// a mean limit met exactly (Ua = lim) must not fail on the
		// rounding of the sum.
		limit += 1e-9 * math.Max(1, limit)
	}
	idx, ok, err := c.dp.Solve(c.pairs, p.Maximize, limit)
	if err != nil || !ok {
		return nil, ok, err
	}
	chosen = make([]int, len(alts))
	for i := range chosen {
		chosen[i] = -1
	}
	for k, i := range c.jobs {
		chosen[i] = idx[k]
	}
	return chosen, true, nil
}

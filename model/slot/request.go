package slot

import (
	"errors"
	"fmt"
	"math"
)

// Scaling says how a job's length turns into its runtime on a node.
//
// The paper's condition "L(s) ≥ t·P(s)/P" would make a slot on a faster
// node need more time, which contradicts the rest of the text (faster
// nodes give the window its "rough right edge" and AMP's windows are
// faster); it is read as a typo for a runtime that shrinks with the
// node's performance. Two readings remain, both offered.
type Scaling string

const (
	// ScaleWork (the default) reads the job length t as work, the runtime
	// on a node of performance 1: runtime = t / P(s). The paper calls the
	// job length "complexity", which supports this reading.
	ScaleWork Scaling = "work"
	// ScaleRelative reads t as the runtime on a node of exactly the
	// job's minimum performance P: runtime = t · P / P(s).
	ScaleRelative Scaling = "relative"
)

// ErrBadRequest is wrapped by the errors of Request.Validate.
var ErrBadRequest = errors.New("slot: invalid resource request")

// Request is the resource request of one job: N concurrent slots on nodes
// of performance ≥ P, for the job's length t, under a price limit C per
// slot and time unit (ALP) or a job budget S (AMP).
type Request struct {
	// Name is an optional label for outputs.
	Name string `yaml:"name,omitempty"`
	// Nodes is N, the number of concurrent slots (distinct nodes); ≥ 1.
	Nodes int `yaml:"nodes"`
	// Length is t, the job's length (see Scaling); > 0.
	Length float64 `yaml:"length"`
	// MinPerformance is P, the least node performance the job accepts;
	// ≥ 0 (> 0 with ScaleRelative).
	MinPerformance float64 `yaml:"min_performance"`
	// MaxPrice is C, the price per time unit the user agrees to pay for
	// one slot; ≥ 0.
	MaxPrice float64 `yaml:"max_price"`
	// Budget is S, the job's total budget; 0 means the paper's
	// S = C · t · N (see JobBudget).
	Budget float64 `yaml:"budget,omitempty"`
	// Scaling is the runtime model; "" means ScaleWork.
	Scaling Scaling `yaml:"scaling,omitempty"`
}

// Validate checks the request's values; errors wrap ErrBadRequest.
func (r Request) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrBadRequest, fmt.Sprintf(format, args...))
	}
	switch {
	case r.Nodes < 1:
		return bad("nodes must be ≥ 1 (got %d)", r.Nodes)
	case !(r.Length > 0) || math.IsInf(r.Length, 0):
		return bad("length must be a finite number > 0 (got %v)", r.Length)
	case !(r.MinPerformance >= 0) || math.IsInf(r.MinPerformance, 0):
		return bad("min_performance must be a finite number ≥ 0 (got %v)", r.MinPerformance)
	case !(r.MaxPrice >= 0) || math.IsNaN(r.MaxPrice):
		return bad("max_price must be ≥ 0 (got %v)", r.MaxPrice)
	case !(r.Budget >= 0) || math.IsNaN(r.Budget):
		return bad("budget must be ≥ 0 (got %v)", r.Budget)
	}
	switch r.Scaling {
	case "", ScaleWork:
	case ScaleRelative:
		if !(r.MinPerformance > 0) {
			return bad("min_performance must be > 0 with scaling %q", ScaleRelative)
		}
	default:
		return bad("scaling must be %q or %q (got %q)", ScaleWork, ScaleRelative, r.Scaling)
	}
	return nil
}

// Runtime returns the job's runtime on a node of the given performance.
func (r Request) Runtime(performance float64) float64 {
	if r.Scaling == ScaleRelative {
		return r.Length * r.MinPerformance / performance
	}
	return r.Length / performance
}

// Accepts reports whether the node's performance meets the request.
func (r Request) Accepts(n Node) bool { return n.Performance >= r.MinPerformance }

// JobBudget returns S: Budget when set, else the paper's S = C · t · N.
func (r Request) JobBudget() float64 {
	if r.Budget > 0 {
		return r.Budget
	}
	return r.MaxPrice * r.Length * float64(r.Nodes)
}

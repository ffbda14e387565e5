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
var ErrBadLimits = errors.New("slots: invalid price limits")

func (l Limits) validate() error {
	if !(l.MaxSlotPrice >= 0) || !(l.Budget >= 0) {
		return fmt.Errorf("%w: max slot price %v, budget %v (both must be ≥ 0)", ErrBadLimits, l.MaxSlotPrice, l.Budget)
	}
	if !(l.MaxPriceFactor >= 0) || math.IsInf(l.MaxPriceFactor, 0) {
		return fmt.Errorf("%w: max price factor %v (must be a finite number ≥ 0)", ErrBadLimits, l.MaxPriceFactor)
	}
	return nil
}

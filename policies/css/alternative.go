package css

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/slot"
)

// Property is a measurable property of an alternative (a window of one
// job): what a user's criterion minimises, and what a VO problem
// optimises or limits.
type Property int

// The properties of an alternative.
const (
	// Start is the window's start time.
	Start Property = iota
	// Finish is the end of the window's longest slot.
	Finish
	// Runtime is the window's usage time: the runtime on its slowest
	// node (slot.Window.Time).
	Runtime
	// ProcTime is the processor time: the sum of the lengths of the
	// window's slots.
	ProcTime
	// Cost is the window's total cost: Σ price × runtime over its slots.
	Cost
	// Utility is the user utility U ∈ [0, 100] of the alternative (see
	// UserUtility); set by SetUtilities.
	Utility
)

var propertyNames = [...]string{"start", "finish", "runtime", "proctime", "cost", "utility"}

// String returns the property's name: start, finish, runtime, proctime,
// cost or utility.
func (p Property) String() string {
	if p < 0 || int(p) >= len(propertyNames) {
		return fmt.Sprintf("property(%d)", int(p))
	}
	return propertyNames[p]
}

// ParseProperty returns the property with that name.
func ParseProperty(name string) (Property, error) {
	for i, n := range propertyNames {
		if n == name {
			return Property(i), nil
		}
	}
	return 0, fmt.Errorf("css: unknown property %q (want start, finish, runtime, proctime, cost or utility)", name)
}

// Alternative is one execution alternative of a job: a window and its
// properties.
type Alternative struct {
	// Window is the job's window (its slots).
	Window slot.Window
	// Start, Finish, Runtime, ProcTime and Cost are the window's
	// properties (see Property).
	Start, Finish, Runtime, ProcTime, Cost float64
	// Utility is U ∈ [0, 100] relative to the job's alternatives, set by
	// SetUtilities (0 until then).
	Utility float64
}

// NewAlternative returns the alternative of window w with its properties.
func NewAlternative(w slot.Window) Alternative {
	a := Alternative{Window: w, Start: w.Start, Runtime: w.Time(), Cost: w.Cost}
	a.Finish = w.Start + a.Runtime
	for _, s := range w.Slots {
		a.ProcTime += s.Length()
	}
	return a
}

// Value returns the alternative's value of property p (NaN for an
// unknown property).
func (a Alternative) Value(p Property) float64 {
	switch p {
	case Start:
		return a.Start
	case Finish:
		return a.Finish
	case Runtime:
		return a.Runtime
	case ProcTime:
		return a.ProcTime
	case Cost:
		return a.Cost
	case Utility:
		return a.Utility
	}
	return math.NaN()
}

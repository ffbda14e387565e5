package model

import (
	"fmt"
	"math"
)

// CheckArrival checks a job read from a workload before a system accepts
// it: a finite submit time, not before the previous job's (prevID,
// submitted at prev) nor the simulation clock now; at least one
// processor; a finite run time and estimate ≥ 0. The error says what is
// wrong; callers prefix it with their package and the job's ID.
func CheckArrival(j *Job, prev float64, prevID int64, now float64) error {
	switch {
	case math.IsNaN(j.Submit) || math.IsInf(j.Submit, 0):
		return fmt.Errorf("submit time %v is not a finite number", j.Submit)
	case j.Submit < prev:
		return fmt.Errorf("submitted at %v, before the previous job (%d at %v): jobs must come in submit order", j.Submit, prevID, prev)
	case j.Submit < now:
		return fmt.Errorf("submitted at %v, before the simulation clock (%v)", j.Submit, now)
	case j.Size < 1:
		return fmt.Errorf("needs %d processors (must be ≥ 1)", j.Size)
	case !(j.Runtime >= 0) || math.IsInf(j.Runtime, 0):
		return fmt.Errorf("runtime %v is not a finite number ≥ 0", j.Runtime)
	case !(j.Estimate >= 0) || math.IsInf(j.Estimate, 0):
		return fmt.Errorf("estimate %v is not a finite number ≥ 0", j.Estimate)
	}
	return nil
}

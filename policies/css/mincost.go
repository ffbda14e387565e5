package css

import (
	"math"

	"github.com/schedsim/schedsim/model/slot"
)

// MinCostScheduler returns the other VO criterion of Toporkov et al.
// 2014: the alternatives of every job by its own criterion
// (s.Alternatives), then the choice of least total cost under the limit
// T* on the total processor time, formula (12) with the limit (5):
// T* = Σ_i ⌊mean processor time of job i's alternatives⌋, formula (4)
// (MeanProcLimit). Every job with an alternative is chosen for.
func MinCostScheduler(s *Scheduler) BatchScheduler {
	return func(l *slot.List, jobs []Job) (Plan, error) {
		alts, err := s.Alternatives(l, jobs)
		if err != nil {
			return Plan{}, err
		}
		return s.Choose(alts, Problem{Objective: Cost, Constraint: ProcTime, Limit: MeanProcLimit(alts), Total: true})
	}
}

// MeanProcLimit returns T* = Σ_i ⌊mean processor time of job i's
// alternatives⌋ over the jobs that have alternatives (formula (4) of the
// 2014 paper, the integer part as it says), raised, if the integer parts
// put it there, to the processor time of the quickest choice
// Σ_i min processor time.
func MeanProcLimit(alts [][]Alternative) float64 {
	limit, quickest := 0.0, 0.0
	for _, ja := range alts {
		if len(ja) == 0 {
			continue
		}
		sum, least := 0.0, math.Inf(1)
		for _, a := range ja {
			sum += a.ProcTime
			least = min(least, a.ProcTime)
		}
		limit += math.Floor(sum / float64(len(ja)))
		quickest += least
	}
	return max(limit, quickest)
}

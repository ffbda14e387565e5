package css

import (
	"fmt"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
)

// Job is a job of a batch: its resource request and the user's criterion
// that its alternatives are searched with (AEP under that criterion).
type Job struct {
	slot.Request
	// Criterion is the user's criterion; nil means slots.EarliestStart
	// (the first fitting window, as plain CSS searches).
	Criterion slots.Criterion
}

func (j Job) criterion() slots.Criterion {
	if j.Criterion == nil {
		return slots.EarliestStart
	}
	return j.Criterion
}

// ProcTime returns the processor time of a window: the sum of its parts'
// lengths (Тпроц, the VO criterion of the 2014 experiments).
func ProcTime(w slot.Window) float64 {
	t := 0.0
	for _, p := range w.Slots {
		t += p.Length()
	}
	return t
}

// alternatives runs the batch alternatives search on a copy of l with
// every job's own criterion and budget (slots.AlternativesEach).
func alternatives(s *slots.Searcher, l *slot.List, jobs []Job) ([][]slot.Window, error) {
	reqs := make([]slot.Request, len(jobs))
	searches := make([]slots.JobSearch, len(jobs))
	for i, j := range jobs {
		reqs[i] = j.Request
		searches[i] = slots.JobSearch{Limits: slots.AMPLimits(j.Request), Criterion: j.criterion()}
	}
	alts := make([][]slot.Window, len(jobs))
	err := s.AlternativesEach(l.Clone(), reqs, searches, 0, func(i int, w slot.Window) {
		alts[i] = append(alts[i], w)
	})
	if err != nil {
		return nil, fmt.Errorf("css: %w", err)
	}
	return alts, nil
}

// MinProcScheduler returns the batch scheduler of the 2014 experiments:
// alternatives by every job's own criterion, then the dynamic programme
// picks one per job that minimises the total processor time under the VO
// budget B* = Σ_i (mean cost of job i's alternatives), formula (2) with
// the cost as the resource measure. Jobs without an alternative are left
// unscheduled and the rest are still chosen for.
func MinProcScheduler() BatchScheduler {
	var s slots.Searcher
	var dp slots.DP
	return func(l *slot.List, jobs []Job) (Plan, error) {
		ws, err := alternatives(&s, l, jobs)
		if err != nil {
			return Plan{}, err
		}
		plan := Plan{Windows: make([]slot.Window, len(jobs)), Alternatives: make([]int, len(jobs))}
		var idx []int
		var alts [][]slots.Alt
		budget, cheapest := 0.0, 0.0
		for i, jw := range ws {
			plan.Alternatives[i] = len(jw)
			if len(jw) == 0 {
				continue
			}
			a := make([]slots.Alt, len(jw))
			mean, least := 0.0, jw[0].Cost
			for k, w := range jw {
				a[k] = slots.Alt{Time: ProcTime(w), Cost: w.Cost}
				mean += w.Cost
				least = min(least, w.Cost)
			}
			budget += mean / float64(len(jw))
			cheapest += least
			idx = append(idx, i)
			alts = append(alts, a)
		}
		// Σ least ≤ Σ mean exactly; max() only absorbs the rounding of
		// the means, so that the cheapest choice always fits.
		budget = max(budget, cheapest)
		ch, ok, err := dp.Optimize(alts, slots.Time, false, slots.Cost, budget)
		if err != nil {
			return Plan{}, err
		}
		if !ok { // unreachable: the cheapest choice costs ≤ B*
			return Plan{}, fmt.Errorf("css: no batch choice within B* = %v", budget)
		}
		for k, i := range idx {
			plan.Windows[i] = ws[i][ch.Index[k]]
		}
		return plan, nil
	}
}

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

// alternatives runs the batch alternatives search with every job's own
// criterion: in passes over the jobs in priority order, each job gets the
// best window under its criterion and the job's budget on what is left,
// and that window is taken, until a pass finds none.
func alternatives(s *slots.Searcher, l *slot.List, jobs []Job) ([][]slot.Window, error) {
	work := l.Clone()
	alts := make([][]slot.Window, len(jobs))
	active := make([]bool, len(jobs))
	for i := range active {
		active[i] = true
	}
	for found := true; found; {
		found = false
		for i, j := range jobs {
			if !active[i] {
				continue
			}
			w, ok, err := s.Find(work, j.Request, slots.AMPLimits(j.Request), j.criterion())
			if err != nil {
				return nil, fmt.Errorf("css: job %d: %w", i, err)
			}
			if !ok {
				active[i] = false
				continue
			}
			if err := work.Subtract(w); err != nil {
				return nil, fmt.Errorf("css: job %d: %w", i, err)
			}
			alts[i] = append(alts[i], w)
			found = true
		}
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

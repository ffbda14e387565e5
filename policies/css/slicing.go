package css

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/slot"
)

// BatchScheduler schedules a batch (jobs in priority order) on the free
// slots of l, which it must not modify, and returns its plan: one CSS
// run on one (sub-)batch, as MinProcScheduler does.
type BatchScheduler func(l *slot.List, jobs []Job) (Plan, error)

// MinProcScheduler returns the batch scheduler of Toporkov et al. 2014:
// the alternatives of every job by its own criterion (s.Alternatives),
// then the choice that minimises the total processor time (the VO
// criterion of the paper's sections 2.3 and 3) under the VO budget
// B* = Σ_i (mean cost of job i's alternatives), formula (2) with the cost
// as the limited resource. B* is never below the cheapest choice, so
// every job with an alternative is chosen for.
func MinProcScheduler(s *Scheduler) BatchScheduler {
	return func(l *slot.List, jobs []Job) (Plan, error) {
		alts, err := s.Alternatives(l, jobs)
		if err != nil {
			return Plan{}, err
		}
		return s.Choose(alts, Problem{Objective: ProcTime, Constraint: Cost, Limit: MeanCostBudget(alts), Total: true})
	}
}

// MeanCostBudget returns B* = Σ_i (mean cost of job i's alternatives) over
// the jobs that have alternatives, raised, if the rounding of the means
// put it there, to the cost of the cheapest choice Σ_i min cost.
func MeanCostBudget(alts [][]Alternative) float64 {
	budget, cheapest := 0.0, 0.0
	for _, ja := range alts {
		if len(ja) == 0 {
			continue
		}
		sum, least := 0.0, math.Inf(1)
		for _, a := range ja {
			sum += a.Cost
			least = min(least, a.Cost)
		}
		budget += sum / float64(len(ja))
		cheapest += least
	}
	return max(budget, cheapest)
}

// SubBatches returns the bounds [from, to) of the k sub-batches a batch
// of n jobs is cut into, in priority order: sizes differ by at most one,
// larger ones first (20 jobs, k = 3: 7, 7, 6). k must be in [1, n].
func SubBatches(n, k int) ([][2]int, error) {
	if k < 1 || k > n {
		return nil, fmt.Errorf("css: slicing: k must be in [1, %d] (the batch size), got %d", n, k)
	}
	out := make([][2]int, k)
	from := 0
	for i := range out {
		size := n / k
		if i < n%k {
			size++
		}
		out[i] = [2]int{from, from + size}
		from += size
	}
	return out, nil
}

// Sliced is the slicing of the generalised scheme (МПСР, section 1.2 of
// the 2014 paper): the batch is cut in priority order into k sub-batches
// (SubBatches), each scheduled by sched on what the previous ones left:
// the windows chosen for a sub-batch are taken from the free slots before
// the next one is searched, while the alternatives it did not choose are
// given back. With k = 1 it is sched on the whole batch.
func Sliced(l *slot.List, jobs []Job, k int, sched BatchScheduler) (Plan, error) {
	parts, err := SubBatches(len(jobs), k)
	if err != nil {
		return Plan{}, err
	}
	plan := Plan{Alternatives: [][]Alternative{}, Chosen: []int{}}
	// the copy has room for a slot more per node of every job: a window
	// part cut from inside a slot leaves two, and the list then never
	// grows (each growth copied it whole).
	room := 0
	for _, j := range jobs {
		room += j.Request.Nodes
	}
	free := &slot.List{Nodes: l.Nodes, Slots: append(make([]slot.Slot, 0, len(l.Slots)+room), l.Slots...)}
	for _, b := range parts {
		sub, err := sched(free, jobs[b[0]:b[1]])
		if err != nil {
			return Plan{}, err
		}
		if err := takeChosen(free, sub, b[0]); err != nil {
			return Plan{}, fmt.Errorf("css: slicing: %w", err)
		}
		plan = appendPlan(plan, sub)
	}
	return plan, nil
}

// takeChosen subtracts the plan's chosen windows from l; first is the
// batch index of the plan's first job, for errors.
func takeChosen(l *slot.List, p Plan, first int) error {
	for i := range p.Chosen {
		if a, ok := p.Choice(i); ok {
			if err := l.Subtract(a.Window); err != nil {
				return fmt.Errorf("job %d: %w", first+i, err)
			}
		}
	}
	return nil
}

func appendPlan(p, q Plan) Plan {
	return Plan{Alternatives: append(p.Alternatives, q.Alternatives...), Chosen: append(p.Chosen, q.Chosen...)}
}

// Hybrid is МПБ (section 1.3 of the 2014 paper): the first nCSS jobs of
// the batch (the priority sub-batch) are scheduled by sched, the rest by
// conservative backfilling (s.Backfill) on what the first part left.
// nCSS = len(jobs) gives sched's plan, nCSS = 0 backfilling's.
func Hybrid(s *Scheduler, l *slot.List, jobs []Job, nCSS int, sched BatchScheduler) (Plan, error) {
	if nCSS < 0 || nCSS > len(jobs) {
		return Plan{}, fmt.Errorf("css: hybrid: the CSS part must be in [0, %d] jobs, got %d", len(jobs), nCSS)
	}
	first, err := sched(l, jobs[:nCSS])
	if err != nil {
		return Plan{}, err
	}
	free := l.Clone()
	if err := takeChosen(free, first, 0); err != nil {
		return Plan{}, fmt.Errorf("css: hybrid: %w", err)
	}
	rest, err := s.Backfill(free, jobs[nCSS:])
	if err != nil {
		return Plan{}, err
	}
	return appendPlan(first, rest), nil
}

// ChosenWindows returns the chosen window of every job of the plan, with
// nil Slots for a job without one.
func ChosenWindows(p Plan) []slot.Window {
	out := make([]slot.Window, len(p.Chosen))
	for i := range p.Chosen {
		if a, ok := p.Choice(i); ok {
			out[i] = a.Window
		}
	}
	return out
}

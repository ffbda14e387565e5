package css

import (
	"fmt"

	"github.com/schedsim/schedsim/model/slot"
)

// Plan is the outcome of scheduling a batch in one cycle.
type Plan struct {
	// Windows[i] is job i's chosen window; nil Slots when the job found
	// none (it is postponed to the next cycle).
	Windows []slot.Window
	// Alternatives[i] is the number of alternatives found for job i (0
	// for jobs placed by backfilling).
	Alternatives []int
}

// Scheduled returns the number of jobs with a window.
func (p Plan) Scheduled() int {
	n := 0
	for _, w := range p.Windows {
		if len(w.Slots) > 0 {
			n++
		}
	}
	return n
}

// BatchScheduler schedules a batch (jobs in priority order, with their
// user criteria) on the free slots of l, which it must not modify, and
// returns its plan: CSS, or the generalised scheme on one sub-batch.
type BatchScheduler func(l *slot.List, jobs []Job) (Plan, error)

// SubBatches returns the bounds of the k sub-batches a batch of n jobs is
// cut into, in priority order: sizes differ by at most one, larger ones
// first (20 jobs, k = 3: 7, 7, 6). k must be in [1, n].
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

// Sliced is the slicing of the generalised scheme (МПСР, section 1.2):
// the batch is cut in priority order into k sub-batches (SubBatches),
// each scheduled by sched on what the previous ones left: the windows
// chosen for a sub-batch are taken from the free slots before the next
// one is searched, while the alternatives it did not choose are given
// back. With k = 1 it is sched on the whole batch.
func Sliced(l *slot.List, jobs []Job, k int, sched BatchScheduler) (Plan, error) {
	parts, err := SubBatches(len(jobs), k)
	if err != nil {
		return Plan{}, err
	}
	if k == 1 {
		return sched(l, jobs)
	}
	plan := Plan{Windows: make([]slot.Window, len(jobs)), Alternatives: make([]int, len(jobs))}
	free := l.Clone()
	for _, b := range parts {
		sub, err := sched(free, jobs[b[0]:b[1]])
		if err != nil {
			return Plan{}, err
		}
		for i, w := range sub.Windows {
			plan.Windows[b[0]+i] = w
			plan.Alternatives[b[0]+i] = sub.Alternatives[i]
			if len(w.Slots) == 0 {
				continue
			}
			if err := free.Subtract(w); err != nil {
				return Plan{}, fmt.Errorf("css: slicing: job %d: %w", b[0]+i, err)
			}
		}
	}
	return plan, nil
}

// Backfill plans the jobs by conservative backfilling on the slot model:
// in priority order, every job reserves the window find returns on the
// free time its predecessors left (for backfilling, the earliest one).
func Backfill(l *slot.List, jobs []Job, find FindFunc) (Plan, error) {
	plan := Plan{Windows: make([]slot.Window, len(jobs)), Alternatives: make([]int, len(jobs))}
	free := l.Clone()
	for i, j := range jobs {
		w, ok, err := find(free, j.Request)
		if err != nil {
			return Plan{}, fmt.Errorf("css: backfilling job %d: %w", i, err)
		}
		if !ok {
			continue
		}
		w = slot.Window{Start: w.Start, Slots: append([]slot.Slot(nil), w.Slots...), Cost: w.Cost}
		if err := free.Subtract(w); err != nil {
			return Plan{}, fmt.Errorf("css: backfilling job %d: %w", i, err)
		}
		plan.Windows[i] = w
	}
	return plan, nil
}

// Hybrid is МПБ (section 1.3): the first nCSS jobs of the batch (the
// priority sub-batch) are scheduled by sched, the rest by backfilling
// (Backfill with find) on what the first part left. nCSS = len(jobs)
// gives sched's plan, nCSS = 0 backfilling's.
func Hybrid(l *slot.List, jobs []Job, nCSS int, sched BatchScheduler, find FindFunc) (Plan, error) {
	if nCSS < 0 || nCSS > len(jobs) {
		return Plan{}, fmt.Errorf("css: hybrid: the CSS share must be in [0, %d] jobs, got %d", len(jobs), nCSS)
	}
	switch nCSS {
	case 0:
		return Backfill(l, jobs, find)
	case len(jobs):
		return sched(l, jobs)
	}
	first, err := sched(l, jobs[:nCSS])
	if err != nil {
		return Plan{}, err
	}
	free := l.Clone()
	for i, w := range first.Windows {
		if len(w.Slots) > 0 {
			if err := free.Subtract(w); err != nil {
				return Plan{}, fmt.Errorf("css: hybrid: job %d: %w", i, err)
			}
		}
	}
	rest, err := Backfill(free, jobs[nCSS:], find)
	if err != nil {
		return Plan{}, err
	}
	return Plan{
		Windows:      append(first.Windows, rest.Windows...),
		Alternatives: append(first.Alternatives, rest.Alternatives...),
	}, nil
}

package css

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
)

// Shortened returns w as it actually runs when the job needs only the
// share `actual` of its reserved time: same start and nodes, every part
// shortened to actual × its length. The cost is scaled the same way.
func Shortened(w slot.Window, actual float64) slot.Window {
	m := slot.Window{Start: w.Start, Slots: make([]slot.Slot, len(w.Slots)), Cost: w.Cost * actual}
	for i, p := range w.Slots {
		m.Slots[i] = slot.Slot{Node: p.Node, Start: p.Start, End: p.Start + actual*p.Length()}
	}
	return m
}

// KeepPlan executes a plan that does not react to early finishes, as CSS
// and the generalised scheme do (section 3.2): every job starts as
// planned and its parts end early; the freed time stays idle. plan[i]
// with nil Slots (an unscheduled job) stays so.
func KeepPlan(plan []slot.Window, actual []float64) []slot.Window {
	out := make([]slot.Window, len(plan))
	for i, w := range plan {
		if len(w.Slots) > 0 {
			out[i] = Shortened(w, actual[i])
		}
	}
	return out
}

// Replan executes a backfilling plan whose jobs finish early, re-planning
// as conservative backfilling does (section 3.2). The jobs hold their
// planned reservations; whenever a job completes (its last part ends),
// the unused tails of every part that has ended are freed, and then every
// job that has not started, in priority order, gives up its reservation
// and takes the earliest window its request and limits allow from the
// current time on (the window Scheduler.Backfill would reserve), if that
// starts earlier (else it keeps its reservation). A job's parts
// run the share actual[i] of their reserved lengths wherever it runs.
//
// free is the cycle's free time with the planned windows taken; plan[i]
// is job i's planned window (nil Slots: unscheduled, left alone). The
// result is the windows as actually run, in batch order, with actual
// part lengths.
func Replan(s *slots.Searcher, free *Timeline, jobs []Job, plan []slot.Window, actual []float64) ([]slot.Window, error) {
	n := len(plan)
	if len(jobs) != n || len(actual) != n {
		return nil, fmt.Errorf("css: replan: %d jobs, %d windows, %d actual shares", len(jobs), n, len(actual))
	}
	res := append([]slot.Window(nil), plan...)
	for i := range res {
		res[i].Sources = nil
	}
	completed := make([]bool, n)
	released := make([][]bool, n)
	for i, w := range res {
		released[i] = make([]bool, len(w.Slots))
		completed[i] = len(w.Slots) == 0
	}
	var buf []slot.Slot
	for {
		// the next event: the earliest completion. Reservations change
		// only at events, so no other job ends before it.
		next, tau := -1, math.Inf(1)
		for i, w := range res {
			if !completed[i] {
				if c := w.Start + actual[i]*w.Time(); c < tau {
					next, tau = i, c
				}
			}
		}
		if next < 0 {
			break
		}
		completed[next] = true
		for i, w := range res {
			if w.Start > tau || len(w.Slots) == 0 {
				continue
			}
			for p, s := range w.Slots {
				end := s.Start + actual[i]*s.Length()
				if released[i][p] || end > tau {
					continue
				}
				released[i][p] = true
				free.ReleasePart(slot.Slot{Node: s.Node, Start: end, End: s.End})
			}
		}
		l := free.List(tau, buf)
		buf = l.Slots
		for i, w := range res {
			if len(w.Slots) == 0 || w.Start <= tau {
				continue
			}
			if err := free.Release(w); err != nil {
				return nil, fmt.Errorf("css: replan job %d: %w", i, err)
			}
			free.refresh(l, tau, w)
			nw, ok, err := s.Find(l, jobs[i].Request, jobs[i].Limits(), slots.EarliestStart)
			if err != nil {
				return nil, fmt.Errorf("css: replan job %d: %w", i, err)
			}
			old := w
			if ok && nw.Start < w.Start {
				w = slot.Window{Start: nw.Start, Slots: append([]slot.Slot(nil), nw.Slots...), Cost: nw.Cost}
			}
			if err := free.Take(w); err != nil {
				return nil, fmt.Errorf("css: replan job %d: %w", i, err)
			}
			free.refresh(l, tau, old)
			free.refresh(l, tau, w)
			res[i] = w
		}
	}
	out := make([]slot.Window, n)
	for i, w := range res {
		if len(w.Slots) > 0 {
			out[i] = Shortened(w, actual[i])
		}
	}
	return out, nil
}

// refresh brings the slots of w's nodes in l (the free time from `from`
// on) up to date with the timeline: they are removed and the nodes' free
// intervals inserted again, so that l need not be rebuilt and sorted
// after every release or take.
func (t *Timeline) refresh(l *slot.List, from float64, w slot.Window) {
	on := func(n int) bool {
		for _, p := range w.Slots {
			if p.Node == n {
				return true
			}
		}
		return false
	}
	kept := l.Slots[:0]
	for _, sl := range l.Slots {
		if !on(sl.Node) {
			kept = append(kept, sl)
		}
	}
	l.Slots = kept
	for _, p := range w.Slots {
		for _, f := range t.free[p.Node] {
			if f.End > from {
				l.Insert(slot.Slot{Node: f.Node, Start: math.Max(f.Start, from), End: f.End})
			}
		}
	}
}

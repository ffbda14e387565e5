package slurmsim

import (
	"cmp"
	"slices"
)

// before is the order both schedulers take pending jobs in: partition
// PriorityTier (higher first), priority (higher first), submit time, ID.
// It is a total order, so the schedule never depends on how ties were met.
func before(a, b *job) int {
	if a.tier != b.tier {
		return cmp.Compare(b.tier, a.tier)
	}
	// Distinct priorities compare directly (the sort's hot path);
	// cmp.Compare orders the rest (NaN) as everywhere else.
	if a.prio > b.prio {
		return -1
	}
	if a.prio < b.prio {
		return 1
	}
	if c := cmp.Compare(b.prio, a.prio); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Submit, b.Submit); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// enqueue inserts an eligible job at its place in the queue.
func (s *simulation) enqueue(j *job) {
	i, _ := slices.BinarySearchFunc(s.queue, j, before)
	s.queue = slices.Insert(s.queue, i, j)
}

// compact removes the jobs a pass started, keeping the order.
func (s *simulation) compact() {
	if s.startedInPass == 0 {
		return
	}
	s.startedInPass = 0
	s.queue = slices.DeleteFunc(s.queue, func(j *job) bool { return j.started })
}

// reprioritise recomputes every queued job's priority at now and restores
// the order; it reports whether the order changed.
func (s *simulation) reprioritise(now float64) bool {
	for _, j := range s.queue {
		j.factors = s.prio.Refresh(j.factors, j.Assoc, j.Eligible, now)
		j.prio = j.factors.Priority
	}
	return reorder(s.queue)
}

// reorder sorts q by before and reports whether anything moved. Between
// two priority steps few jobs change places (on BenchmarkReplay100k 52
// swaps per step of 288 jobs), so an insertion sort restores the order in
// about one comparison per job; past a budget of swaps it hands over to a
// full sort. The order is total, so either gives the same queue.
func reorder(q []*job) bool {
	moved, budget := false, 8*len(q)
	for i := 1; i < len(q); i++ {
		for k := i; k > 0 && before(q[k], q[k-1]) < 0; k-- {
			q[k], q[k-1] = q[k-1], q[k]
			moved = true
			if budget--; budget == 0 {
				slices.SortFunc(q, before)
				return true
			}
		}
	}
	return moved
}

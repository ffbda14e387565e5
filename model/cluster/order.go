package cluster

import "slices"

// Prioritized is implemented by schedulers whose queue order may change
// with time, such as a Maui-style priority that grows with the wait at a
// rate that differs between jobs. Less alone cannot express such an order
// (it must not change while the jobs are queued), so the cluster takes the
// dynamic-order path when Priority returns a function:
//
//   - an arriving job is appended to the queue, not inserted by Less;
//   - before every scheduling pass, the cluster evaluates the priority of
//     every queued job once, at the pass's time, and sorts the queue by
//     descending priority, equal priorities by Less (which must be a
//     strict weak order that does not change, such as BySubmit, so that
//     ties are deterministic);
//   - the debug checker checks that order after the pass.
//
// So the order is exact in every pass (View.Queued); between passes, in
// the Tracker callbacks, jobs that arrived since the last pass are at the
// end of the queue.
type Prioritized interface {
	// Priority returns the priority of a queued job at time now (higher
	// goes first), or nil when the queue order is Less alone: the cluster
	// asks once, in New.
	Priority() func(j *Job, now float64) float64
}

// keyed is a queued job with its priority at the current pass.
type keyed struct {
	prio float64
	job  *Job
}

// prioOrder returns the priority function of a Prioritized scheduler, or
// nil.
func prioOrder(s Scheduler) func(*Job, float64) float64 {
	if p, ok := s.(Prioritized); ok {
		return p.Priority()
	}
	return nil
}

// resort sorts the queue by descending priority at now, ties by Less. It
// evaluates each priority once and allocates nothing once its scratch
// slice has grown to the queue's length.
func (c *Cluster) resort(now float64) {
	if len(c.queue) < 2 {
		return
	}
	c.changes++
	ks := c.keys[:0]
	for _, j := range c.queue {
		ks = append(ks, keyed{c.prio(j, now), j})
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		switch {
		case a.prio > b.prio:
			return -1
		case a.prio < b.prio:
			return 1
		case c.sched.Less(a.job, b.job):
			return -1
		case c.sched.Less(b.job, a.job):
			return 1
		}
		return 0
	})
	for i, k := range ks {
		c.queue[i] = k.job
		ks[i].job = nil
	}
	c.keys = ks[:0]
}

// queueOutOfOrder reports whether queued job k (> 0) must go before job
// k−1: by Less, or by priority at now on the dynamic-order path.
func (c *Cluster) queueOutOfOrder(k int, now float64) bool {
	a, b := c.queue[k], c.queue[k-1]
	if c.prio == nil {
		return c.sched.Less(a, b)
	}
	pa, pb := c.prio(a, now), c.prio(b, now)
	return pa > pb || pa == pb && c.sched.Less(a, b)
}

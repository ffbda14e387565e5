package batch

import (
	"cmp"
	"slices"

	"github.com/schedsim/schedsim/model/cluster"
)

// DefaultDelayFactor is greedy-easy's default delay factor (pyss's).
const DefaultDelayFactor = 1.0

func init() {
	Policies.Register("greedy-easy", "EASY whose backfill set is the best of five greedy orders, the head reserved no earlier than delay_factor × its requested time from now (pyss)",
		func(o Options) (Policy, error) {
			b, err := newPredicting("greedy-easy", o, "requested")
			f := DefaultDelayFactor
			if o.DelayFactor != nil {
				f = *o.DelayFactor
			}
			return &GreedyEASY{base: b, delay: f}, err
		}, withPredictor("order", "weights", "delay_factor")...)
}

var _ Policy = (*GreedyEASY)(nil)

// GreedyEASY is pyss's greedy_easy_scheduler. Each pass starts queue heads
// while they fit, as EASY. Then, in an availability profile of the
// running jobs (by their estimated ends), the head gets a reservation at
// the earliest time it fits that is no earlier than now + delay_factor ×
// its requested time. The jobs after the head are tried in five orders —
// reverse arrival, arrival, size, requested time, and size × requested
// time, each ascending and stable (ties in queue order) — each order
// greedily taking, on a copy of the profile, every job that fits now for
// its estimate; the order that starts the most jobs wins (the first of
// the five among equals) and its jobs start.
//
// With delay_factor 0 the head's reservation is at its earliest fit, so
// no backfilled job delays it (as EASY, with the profile's exact holes
// instead of the shadow time and extra processors); with pyss's default
// 1, backfilled jobs may occupy processors the head could have had
// earlier, and the head can be delayed.
type GreedyEASY struct {
	base
	delay      float64
	prof, try  cluster.Profile
	tail, best []*cluster.Job
}

// greedyKeys are the five orders of the backfill candidates.
var greedyKeys = []func(a, b *cluster.Job) int{
	func(a, b *cluster.Job) int { return cmp.Compare(b.Submit(), a.Submit()) },
	func(a, b *cluster.Job) int { return cmp.Compare(a.Submit(), b.Submit()) },
	func(a, b *cluster.Job) int { return cmp.Compare(a.Size(), b.Size()) },
	func(a, b *cluster.Job) int { return cmp.Compare(a.Requested(), b.Requested()) },
	func(a, b *cluster.Job) int {
		return cmp.Compare(float64(a.Size())*a.Requested(), float64(b.Size())*b.Requested())
	},
}

// Schedule runs one greedy-EASY pass.
func (p *GreedyEASY) Schedule(v *cluster.View, s cluster.Starter) error {
	for v.QueueLen() > 0 && v.Queued(0).Size() <= v.Free() {
		if err := s.Start(0); err != nil {
			return err
		}
	}
	if v.QueueLen() < 2 || v.Free() == 0 && p.probe == nil {
		return nil
	}
	now := v.Now()
	p.prof.Reset(v.Procs(), now)
	for i := 0; i < v.RunningLen(); i++ {
		r := v.Running(i)
		p.prof.Reserve(now, r.EstEnd(), r.Size())
	}
	head := v.Queued(0)
	t := p.prof.EarliestFitFrom(head.Size(), head.Estimate(), now+p.delay*head.Requested())
	p.prof.Reserve(t, t+head.Estimate(), head.Size())
	if p.probe != nil {
		p.probe(head.ID(), t)
	}
	bestN := -1
	for _, key := range greedyKeys {
		p.tail = p.tail[:0]
		for i := 1; i < v.QueueLen(); i++ {
			p.tail = append(p.tail, v.Queued(i))
		}
		slices.SortStableFunc(p.tail, key)
		p.try.CopyFrom(&p.prof)
		if n, _ := greedyTake(&p.try, p.tail, now, nil); n > bestN {
			bestN = n
			p.best = append(p.best[:0], p.tail...)
		}
	}
	_, err := greedyTake(&p.prof, p.best, now, func(j *cluster.Job) error {
		i := 1
		for v.Queued(i) != j {
			i++
		}
		return s.Start(i)
	})
	clear(p.tail)
	clear(p.best)
	return err
}

// greedyTake takes, in order, every job of jobs that fits in prof now for
// its estimate, reserving it in prof and starting it with start (when
// not nil); it returns how many it took.
func greedyTake(prof *cluster.Profile, jobs []*cluster.Job, now float64, start func(*cluster.Job) error) (int, error) {
	n := 0
	for _, j := range jobs {
		if d := j.Estimate(); prof.MinFree(now, now+d) >= j.Size() {
			prof.Reserve(now, now+d, j.Size())
			n++
			if start != nil {
				if err := start(j); err != nil {
					return n, err
				}
			}
		}
	}
	return n, nil
}

package batch

import (
	"math"

	"github.com/schedsim/schedsim/model/cluster"
)

func init() {
	Policies.Register("easy", "EASY backfilling: a reservation for the queue head only; later jobs backfill if they do not delay it",
		func(o Options) (Policy, error) { return &EASY{base: newBase("easy", o)}, nil }, "order", "weights")
}

var _ Policy = (*EASY)(nil)

// EASY is aggressive backfilling (Lifka 1995; Mu'alem & Feitelson 2001).
// At each pass it starts queue heads while they fit. If the head does not
// fit, it computes the head's shadow time — the earliest time at which,
// by the running jobs' estimated ends, enough processors are free for it —
// and the extra processors: those free at the shadow time beyond what the
// head needs (every job ending exactly at the shadow time counts). Then it
// scans the rest of the queue in order and starts each job that fits in
// the free processors and either ends (by its estimate) no later than the
// shadow time, or uses no more than the extra processors (which it then
// consumes). The head's start is never delayed beyond its shadow time as
// long as running jobs do not exceed their estimates.
type EASY struct{ base }

// Schedule runs one EASY pass.
func (p *EASY) Schedule(v *cluster.View, s cluster.Starter) error {
	for v.QueueLen() > 0 && v.Queued(0).Size() <= v.Free() {
		if err := s.Start(0); err != nil {
			return err
		}
	}
	if v.QueueLen() < 2 && p.probe == nil || v.QueueLen() == 0 {
		return nil
	}
	head := v.Queued(0)
	shadow, extra := Shadow(v, head.Size())
	if p.probe != nil {
		p.probe(head.ID(), shadow)
	}
	now := v.Now()
	for i := 1; i < v.QueueLen() && v.Free() > 0; {
		j := v.Queued(i)
		if n := j.Size(); n <= v.Free() {
			if now+j.Estimate() <= shadow {
				if err := s.Start(i); err != nil {
					return err
				}
				continue
			}
			if n <= extra {
				if err := s.Start(i); err != nil {
					return err
				}
				extra -= n
				continue
			}
		}
		i++
	}
	return nil
}

// Shadow returns, for a job needing need processors, its shadow time (the
// earliest estimated end of running jobs at which, together with the free
// processors, at least need processors are free) and the extra processors
// free then beyond need. It returns now and the surplus when the job fits
// already, and +Inf when it can never fit (need > Procs).
func Shadow(v *cluster.View, need int) (shadow float64, extra int) {
	avail := v.Free()
	if avail >= need {
		return v.Now(), avail - need
	}
	n := v.RunningLen()
	for i := 0; i < n; i++ {
		r := v.Running(i)
		avail += r.Size()
		if avail >= need {
			shadow = r.EstEnd()
			for i+1 < n && v.Running(i+1).EstEnd() == shadow {
				i++
				avail += v.Running(i).Size()
			}
			return shadow, avail - need
		}
	}
	return math.Inf(1), 0
}

package batch

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/schedsim/schedsim/model/cluster"
)

func init() {
	Policies.Register("easy", "EASY backfilling: a reservation for the queue head only; later jobs backfill if they do not delay it (with any predictor)",
		func(o Options) (Policy, error) {
			b, err := newPredicting("easy", o, "requested")
			return &EASY{base: b}, err
		}, withPredictor("order", "weights")...)
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
// shadow time, or else uses no more than the extra processors (which it
// then consumes; a job that ends by the shadow time consumes none, even
// when it would fit in them). The head's start is never delayed beyond
// its shadow time as long as running jobs do not exceed their estimates.
//
// The estimates are the jobs' predictions (option predictor, the
// requested times by default): a running job that reaches its prediction
// is corrected by the cluster, which moves the shadow time of the next
// passes.
type EASY struct {
	base
	// sjbf backfills shortest estimate first instead of in queue order.
	sjbf bool
	// headFactor and tailFactor, when > 0, make the jobs started from the
	// head (head-double) or by backfilling (tail-double) run with that
	// many times their requested time as their estimate; tail candidates
	// are tested with it too.
	headFactor, tailFactor float64
	scratch                []*cluster.Job
	// last is what the last pass left, for the next one (see resume);
	// resumed counts the passes that took it up.
	last    easyPass
	resumed int
}

// easyPass is the state an EASY pass ended with: the cluster's change
// count (View.Changes) and queue length after it, and the head's shadow
// time and the extra processors left. valid is false when the pass did
// not compute a shadow (or failed).
type easyPass struct {
	changes       uint64
	queued, extra int
	shadow        float64
	valid         bool
}

// Schedule runs one EASY pass.
func (p *EASY) Schedule(v *cluster.View, s cluster.Starter) error {
	from, shadow, extra, ok := p.resume(v)
	p.last.valid = false
	if !ok {
		for v.QueueLen() > 0 && v.Queued(0).Size() <= v.Free() {
			if err := p.startAs(s, 0, p.headEst(v.Queued(0))); err != nil {
				return err
			}
		}
		if shadow, extra, ok = p.waitingHead(v); !ok {
			return nil
		}
		if p.sjbf {
			return p.backfillSJBF(v, s, shadow, extra)
		}
		from = 1
	}
	// The clock stands still during the pass and the free processors
	// only change when a job starts: both are read once, and the queued
	// jobs wider than the free processors (most of them) are skipped by
	// NextFitting at the cost of a comparison each.
	now, free := v.Now(), v.Free()
	for i := v.NextFitting(from, free); i < v.QueueLen() && free > 0; i = v.NextFitting(i, free) {
		if ok, d := p.fits(v.Queued(i), now, free, shadow, &extra); ok {
			if err := p.startAs(s, i, d); err != nil {
				return err
			}
			free = v.Free()
			continue
		}
		i++
	}
	p.last = easyPass{changes: v.Changes(), queued: v.QueueLen(), extra: extra, shadow: shadow, valid: true}
	return nil
}

// resume returns where plain EASY's pass may start its backfill scan when
// nothing but arrivals happened since the last pass (the cluster's change
// count is the one that pass ended with): the first job that arrived
// since, with the shadow time and extra processors that pass left. Then
// the head still does not fit (the free processors are the same), a
// fresh Shadow would return the same shadow and extra processors (a job
// that pass backfilled either ends by the shadow time or took extra
// processors, which it keeps past it), and every job that pass tested
// and left still fails (the free and extra processors are the same and
// the clock only moved on): only the new jobs need the test. It reports
// false, for a full pass, after any other change, for the variants
// (sjbf, head- and tail-double) and when a probe listens.
func (p *EASY) resume(v *cluster.View) (from int, shadow float64, extra int, ok bool) {
	l := &p.last
	if !l.valid || l.changes != v.Changes() || p.sjbf || p.headFactor != 0 || p.tailFactor != 0 || p.probe != nil {
		return 0, 0, 0, false
	}
	p.resumed++
	return l.queued, l.shadow, l.extra, true
}

// fits reports whether queued job j may backfill now, with free
// processors free and the head's shadow time and extra processors, and
// the estimate it would run with: it fits in the free processors and
// ends by the shadow time or uses only extra processors (which it then
// consumes).
func (p *EASY) fits(j *cluster.Job, now float64, free int, shadow float64, extra *int) (bool, float64) {
	n := j.Size()
	if n > free {
		return false, 0
	}
	d := p.tailEst(j)
	if now+d <= shadow {
		return true, d
	}
	if n <= *extra {
		*extra -= n
		return true, d
	}
	return false, 0
}

// headEst and tailEst return the estimate a job started from the head or
// by backfilling runs with: its own, or tailFactor / headFactor times its
// requested time (head- and tail-double EASY).
func (p *EASY) headEst(j *cluster.Job) float64 { return factorEst(j, p.headFactor) }
func (p *EASY) tailEst(j *cluster.Job) float64 { return factorEst(j, p.tailFactor) }

func factorEst(j *cluster.Job, f float64) float64 {
	if f > 0 {
		return f * j.Requested()
	}
	return j.Estimate()
}

// startAs starts the i-th queued job, with estimate d when it differs
// from the job's own.
func (p *EASY) startAs(s cluster.Starter, i int, d float64) error {
	if p.headFactor == 0 && p.tailFactor == 0 {
		return s.Start(i)
	}
	es, ok := s.(cluster.EstimateStarter)
	if !ok {
		return fmt.Errorf("batch: %s needs a Starter that can set estimates (cluster.EstimateStarter), got %T", p.name, s)
	}
	return es.StartFor(i, d)
}

// backfillSJBF backfills in shortest-job-backfilled-first order: the
// queued jobs after the head that may backfill (EASY's rule), by
// estimate, shortest first, ties in queue order, each checked again
// against what the jobs started before it left.
func (p *EASY) backfillSJBF(v *cluster.View, s cluster.Starter, shadow float64, extra int) error {
	if v.Free() == 0 {
		return nil
	}
	// Only the jobs that could backfill now are sorted: the free and extra
	// processors only decrease during the pass.
	c := p.scratch[:0]
	now := v.Now()
	for i := 1; i < v.QueueLen(); i++ {
		if j := v.Queued(i); j.Size() <= v.Free() && (now+p.tailEst(j) <= shadow || j.Size() <= extra) {
			c = append(c, j)
		}
	}
	slices.SortStableFunc(c, func(a, b *cluster.Job) int { return cmp.Compare(p.tailEst(a), p.tailEst(b)) })
	for _, j := range c {
		if v.Free() == 0 {
			break
		}
		if ok, d := p.fits(j, now, v.Free(), shadow, &extra); ok {
			i := 1
			for v.Queued(i) != j {
				i++
			}
			if err := p.startAs(s, i, d); err != nil {
				return err
			}
		}
	}
	clear(c)
	p.scratch = c[:0]
	return nil
}

// waitingHead returns, once no more queue heads fit, the head's shadow
// time and extra processors (see Shadow), after reporting the shadow to
// the probe. ok is false when the queue is empty, or holds only the head
// and no probe listens: then nothing can backfill and nobody asks.
func (b *base) waitingHead(v *cluster.View) (shadow float64, extra int, ok bool) {
	if v.QueueLen() < 2 && b.probe == nil || v.QueueLen() == 0 {
		return 0, 0, false
	}
	head := v.Queued(0)
	shadow, extra = Shadow(v, head.Size())
	if b.probe != nil {
		b.probe(head.ID(), shadow)
	}
	return shadow, extra, true
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

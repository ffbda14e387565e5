package gang

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// View is the read-only window policies have on a System. Sites and
// processors are indexed from 0.
type View struct{ s *System }

// Now returns the simulated time.
func (v *View) Now() float64 { return v.s.eng.Now() }

// Sites returns the number of sites.
func (v *View) Sites() int { return len(v.s.sites) }

// Processors returns the number of processors of every site.
func (v *View) Processors() int { return v.s.cfg.Processors }

// Rand returns the tie-breaking random stream of the replication.
func (v *View) Rand() *rand.Rand { return v.s.ties }

// Free returns the number of processors of site that are idle with an
// empty queue: where a newcomer can start at once.
func (v *View) Free(site int) int { return v.s.sites[site].free }

// EmptyQueues returns the number of processors of site whose queue is
// empty (their processor may be busy).
func (v *View) EmptyQueues(site int) int { return v.s.sites[site].empty }

// BusyEmpty returns the number of processors of site that are busy with
// nothing waiting in their queue: EmptyQueues − Free.
func (v *View) BusyEmpty(site int) int {
	st := &v.s.sites[site]
	return st.empty - st.free
}

// TotalFree returns the number of free processors over all sites.
func (v *View) TotalFree() int {
	n := 0
	for i := range v.s.sites {
		n += v.s.sites[i].free
	}
	return n
}

// EarliestStart returns the estimated time from now until a gang of size k
// placed in the empty queues of site could start: the k-th smallest
// estimated remaining time of the jobs running at the site's empty queues
// (0 for idle processors). It returns +Inf when fewer than k queues are
// empty.
func (v *View) EarliestStart(site, k int) float64 {
	s := v.s
	st := &s.sites[site]
	if k > st.empty {
		return math.Inf(1)
	}
	if k <= st.free {
		return 0
	}
	buf := s.remBuf[:0]
	for i := range st.procs {
		p := &st.procs[i]
		if p.empty && !p.free {
			buf = insertSorted(buf, s.remaining(p))
		}
	}
	s.remBuf = buf
	return buf[k-st.free-1]
}

// EarliestBusyStart returns the estimated time from now until a gang of
// size k placed in the queues of busy processors of site with nothing
// waiting (View.BusyEmpty) could start: the k-th smallest estimated
// remaining time of their running jobs. It returns +Inf when fewer than k
// such queues exist.
func (v *View) EarliestBusyStart(site, k int) float64 {
	s := v.s
	st := &s.sites[site]
	if k < 1 || k > st.empty-st.free {
		return math.Inf(1)
	}
	buf := s.remBuf[:0]
	for i := range st.procs {
		p := &st.procs[i]
		if p.empty && !p.free {
			buf = insertSorted(buf, s.remaining(p))
		}
	}
	s.remBuf = buf
	return buf[k-1]
}

func insertSorted(buf []float64, x float64) []float64 {
	buf = append(buf, x)
	i := len(buf) - 1
	for i > 0 && buf[i-1] > x {
		buf[i] = buf[i-1]
		i--
	}
	buf[i] = x
	return buf
}

// Idle reports whether processor i of site runs nothing.
func (v *View) Idle(site, i int) bool { return v.s.sites[site].procs[i].idle() }

// QueueEmpty reports whether nothing waits in the queue of processor i of
// site.
func (v *View) QueueEmpty(site, i int) bool { return v.s.sites[site].procs[i].queueEmpty() }

// CanStartNow reports whether a local job with the given estimate would
// start at once at processor i of site: the processor is idle and either
// its queue is empty or its head is a waiting gang and the local
// discipline lets the job backfill.
func (v *View) CanStartNow(site, i int, estimate float64) bool {
	p := &v.s.sites[site].procs[i]
	if !p.idle() {
		return false
	}
	if p.queueEmpty() {
		return true
	}
	return p.gang != nil && v.s.pol.Local.MayBackfill(estimate, v.s.untilGang(p.gang))
}

// StartNow returns the processors of site at which a local job with the
// given estimate would start at once (those where CanStartNow holds), in
// processor order: the free processors, and the idle ones headed by a
// waiting gang that the local discipline lets the job backfill ahead of.
func (v *View) StartNow(site int, estimate float64) ProcSet {
	s := v.s
	st := &s.sites[site]
	if st.gangIdleN == 0 {
		return ProcSet{words: st.freeSet, n: st.free}
	}
	buf := s.setBuf
	copy(buf, st.freeSet)
	n := st.free
	s.asks++
	for k, w := range st.gangIdle {
		for ; w != 0; w &= w - 1 {
			i := k*64 + bits.TrailingZeros64(w)
			g := st.procs[i].gang
			if g.asked != s.asks {
				g.asked = s.asks
				g.mayBackfill = s.pol.Local.MayBackfill(estimate, s.untilGang(g))
			}
			if g.mayBackfill {
				buf.set(i)
				n++
			}
		}
	}
	return ProcSet{words: buf, n: n}
}

// FewestWaiting returns the processors of site with the fewest jobs
// waiting in their queue (QueueLen), in processor order.
func (v *View) FewestWaiting(site int) ProcSet {
	st := &v.s.sites[site]
	return ProcSet{words: st.byLen[st.minLen], n: st.lenN[st.minLen]}
}

// QueueLen returns the number of jobs waiting at processor i of site (a
// waiting gang task counts as one; the running job is not in the queue).
func (v *View) QueueLen(site, i int) int {
	p := &v.s.sites[site].procs[i]
	n := p.queue.Len()
	if p.gang != nil {
		n++
	}
	return n
}

// QueueWork returns the estimated work at processor i of site: the
// estimated remaining time of the running job (never negative) plus the
// estimates of the waiting jobs (a waiting gang task counts with its
// gang's estimate).
func (v *View) QueueWork(site, i int) float64 {
	p := &v.s.sites[site].procs[i]
	w := v.s.remaining(p) + p.waitWork
	if p.gang != nil {
		w += p.gang.job.Estimate
	}
	return w
}

// UntilGang returns, for a processor whose queue is headed by a waiting
// gang task, the estimated time until that gang can start: the largest
// estimated remaining time of the jobs running on the gang's processors.
// It returns -1 when no gang waits at the processor.
func (v *View) UntilGang(site, i int) float64 {
	p := &v.s.sites[site].procs[i]
	if p.gang == nil {
		return -1
	}
	return v.s.untilGang(p.gang)
}

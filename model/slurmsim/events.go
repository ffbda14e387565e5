package slurmsim

import (
	"cmp"
	"errors"
	"io"
	"math"
	"slices"

	"github.com/schedsim/schedsim/policies/slurmprio"
)

// readNext reads the next job of the history and schedules its submit.
func (s *simulation) readNext() {
	if s.read++; s.read%4096 == 0 && s.ctx.Err() != nil {
		s.eng.Stop()
		return
	}
	jb, err := s.next()
	if errors.Is(err, io.EOF) {
		s.done = true
		return
	}
	if err != nil {
		s.fail(err)
		return
	}
	j := &job{Job: jb}
	if err := s.admit(j); err != nil {
		s.fail(err)
		return
	}
	s.eng.Schedule(j.Submit, prioSubmit, s.actSubmit, j)
}

// submit makes j pending (eligible now or at its Eligible time) and reads
// the next job.
func (s *simulation) submit(j *job) {
	s.waiting++
	if j.Eligible > j.Submit {
		s.eng.Schedule(j.Eligible, prioSubmit, s.actEligible, j)
	} else {
		s.eligible(j)
	}
	s.readNext()
}

// eligible queues j with its priority; the main scheduler runs on it
// after batch_sched_delay (submit.go).
func (s *simulation) eligible(j *job) {
	s.waiting--
	now := s.eng.Now()
	f, err := s.prio.Priority(j.pj, now)
	if err != nil {
		s.fail(s.jobErr(j, err))
		return
	}
	j.factors, j.prio = f, f.Priority
	s.enqueue(j)
	s.request()
	s.arm()
}

// start runs j now on pieces (s.scratch: they are copied), by the backfill scheduler
// when backfilled.
func (s *simulation) start(j *job, pieces []piece, backfilled bool) {
	now := s.eng.Now()
	var buf []piece
	if n := len(s.freePieces); n > 0 {
		buf, s.freePieces = s.freePieces[n-1][:0], s.freePieces[:n-1]
	}
	j.pieces = append(buf, pieces...)
	s.m.take(j.pieces)
	j.q.cpus += j.CPUs
	j.q.users[j.User]++
	j.start, j.started, j.backfilled = now, true, backfilled
	j.runEnd = now + j.limit
	i, _ := slices.BinarySearchFunc(s.running, j, byEnd)
	s.running = slices.Insert(s.running, i, j)
	s.startedInPass++
	if backfilled {
		s.stats.Backfilled++
		s.mainClean = false
	} else {
		s.bfClean = false
	}
	s.eng.Schedule(now+j.run, prioEnd, s.actEnd, j)
}

// end collects the jobs ending at this instant; endBatch ends them.
func (s *simulation) end(j *job) {
	if len(s.ended) == 0 {
		s.eng.Schedule(s.eng.Now(), prioEndBatch, s.actEndBatch, nil)
	}
	s.ended = append(s.ended, j)
}

// endBatch ends the jobs collected at this instant, in ID order: their
// CPUs and QoS counts come back, their usage is charged, their records
// wait for flush.
func (s *simulation) endBatch() {
	now := s.eng.Now()
	if len(s.records) > 0 && s.records[0].End != now {
		s.flush()
	}
	slices.SortFunc(s.ended, func(a, b *job) int { return cmp.Compare(a.ID, b.ID) })
	for _, j := range s.ended {
		s.m.give(j.pieces)
		s.freePieces = append(s.freePieces, j.pieces)
		j.pieces = nil
		j.q.cpus -= j.CPUs
		if j.q.users[j.User]--; j.q.users[j.User] == 0 {
			delete(j.q.users, j.User)
		}
		if i, ok := slices.BinarySearchFunc(s.running, j, byEnd); ok {
			s.running = slices.Delete(s.running, i, i+1)
		}
		s.prio.JobEnd(j.Assoc, j.CPUs, j.start, now)
		s.stats.Jobs++
		s.records = append(s.records, Record{Job: &j.Job, Start: j.start, End: now, Priority: j.prio, Backfilled: j.backfilled})
	}
	clear(s.ended)
	s.ended = s.ended[:0]
	s.changed()
}

// flush reports the records of the last instant at which jobs ended, in
// ID order: a job that starts and ends at that instant (run time 0) is
// ended in a later batch of the same instant, but reported among them.
func (s *simulation) flush() {
	slices.SortFunc(s.records, func(a, b Record) int { return cmp.Compare(a.Job.ID, b.Job.ID) })
	for _, r := range s.records {
		s.out(r)
	}
	clear(s.records)
	s.records = s.records[:0]
}

// changed notes a change of the queue or the resources: both schedulers
// have something new to look at, and the main scheduler runs at this
// instant (event-triggered, on default_queue_depth jobs).
func (s *simulation) changed() {
	s.mainClean, s.bfClean = false, false
	now := s.eng.Now()
	if s.passAt != now {
		s.passAt = now
		s.eng.Schedule(now, prioMain, s.actMain, nil)
	}
}

// runMain runs the instant's main pass.
func (s *simulation) runMain() {
	s.passAt = math.Inf(-1) // a change after this pass calls for another
	full := s.full
	s.full = false
	if len(s.queue) == 0 || (full && s.mainClean) {
		return
	}
	s.mainPass(full)
}

// active reports whether the periodic work has anything to do.
func (s *simulation) active() bool {
	return len(s.queue)+len(s.running)+s.waiting > 0
}

// arm starts the periodic tickers that are not running.
func (s *simulation) arm() {
	s.mainTick.arm()
	s.calcTick.arm()
	if s.backfill {
		s.bfTick.arm()
	}
}

// mainTickFired is the sched_interval tick: the instant's main pass
// looks at the whole queue.
func (s *simulation) mainTickFired() {
	s.reqGen, s.lastBg = 0, s.eng.Now() // the full pass serves a pending submit's request
	// The full pass runs at the main pass's priority, after the instant's
	// other changes.
	s.full = true
	if s.passAt != s.eng.Now() {
		s.passAt = s.eng.Now()
		s.eng.Schedule(s.passAt, prioMain, s.actMain, nil)
	}
}

// bfFired is the bf_interval tick: a backfill pass, unless nothing
// changed since the last one.
func (s *simulation) bfFired() {
	if len(s.queue) > 0 && !s.bfClean {
		s.backfillPass()
	}
}

// calcFired is the PriorityCalcPeriod tick: usage and fair share
// updated, pending jobs' priorities recomputed, the queue re-sorted.
func (s *simulation) calcFired() {
	now := s.eng.Now()
	s.runBuf = s.runBuf[:0]
	for _, j := range s.running {
		s.runBuf = append(s.runBuf, slurmprio.Running{Assoc: j.Assoc, CPUs: j.CPUs, Start: j.start})
	}
	s.prio.Update(now, s.runBuf)
	if s.reprioritise(now) {
		s.mainClean, s.bfClean = false, false
	}
}

// byEnd orders running jobs by the end of their time limit, then ID: the
// order in which the backfill plan sees their CPUs come back.
func byEnd(a, b *job) int {
	if c := cmp.Compare(a.runEnd, b.runEnd); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

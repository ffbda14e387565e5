package cluster

import (
	"fmt"
	"math"
	"slices"

	"github.com/schedsim/schedsim/sim"
)

// Starting jobs, the running list ordered by estimated end, overruns and
// departures.

// Start starts the i-th queued job; see Starter.
func (c *Cluster) Start(i int) error { return c.start(i, 0) }

// start starts the i-th queued job planning on est seconds instead of
// its prediction when est > 0.
func (c *Cluster) start(i int, est float64) error {
	if !c.inPass {
		return ErrNotInPass
	}
	if i < 0 || i >= len(c.queue) {
		return fmt.Errorf("cluster: Start(%d) with %d jobs queued", i, len(c.queue))
	}
	j := c.queue[i]
	if j.job.Size > c.free {
		return fmt.Errorf("cluster: job %d needs %d processors, %d are free", j.job.ID, j.job.Size, c.free)
	}
	now := c.eng.Now()
	if c.cfg.Check {
		if j.state != Queued {
			return c.violation(fmt.Errorf("%w: starting job %d in state %v", ErrInvariant, j.job.ID, j.state))
		}
		if now < j.job.Submit {
			return c.violation(fmt.Errorf("%w: job %d starts at %v before its submission at %v", ErrInvariant, j.job.ID, now, j.job.Submit))
		}
	}
	c.dequeue(i)

	j.state = Running
	j.job.Start = now
	if est > 0 {
		j.est = max(est, MinEstimate)
	}
	j.estEnd = now + j.est
	c.free -= j.job.Size
	c.busy.Add(now, float64(j.job.Size))
	if c.cfg.Check && (c.free < 0 || c.busy.Level() > float64(c.procs)) {
		return c.violation(fmt.Errorf("%w: %d processors in use on a cluster of %d", ErrInvariant, c.procs-c.free, c.procs))
	}
	c.insertRunning(j)

	run := j.job.Runtime
	if c.cfg.KillAtEstimate && run > j.req {
		run = j.req
		j.killed = true
	}
	c.eng.Schedule(now+run, sim.PriorityDeparture, c.departAct, j)
	if now+run > j.estEnd {
		c.eng.Schedule(j.estEnd, sim.PriorityDeparture, c.overrunAct, j)
	}
	return nil
}

// dequeue removes the i-th queued job by moving the jobs on its shorter
// side: a start from the head, each of FCFS's and most of EASY's, moves
// nothing, where moving the tail was a copy of the whole queue (half
// the CPU of an FCFS replay of SDSC-BLUE, whose queue holds thousands).
func (c *Cluster) dequeue(i int) {
	c.changes++
	q := c.queue
	if i < len(q)/2 {
		copy(q[1:i+1], q[:i])
		q[0] = nil
		c.queue = q[1:]
		return
	}
	copy(q[i:], q[i+1:])
	q[len(q)-1] = nil
	c.queue = q[:len(q)-1]
}

// runLess orders running jobs by estimated end, then arrival.
func runLess(a, b *Job) bool {
	if a.estEnd != b.estEnd {
		return a.estEnd < b.estEnd
	}
	return a.seq < b.seq
}

func (c *Cluster) insertRunning(j *Job) {
	c.changes++
	r := c.running
	// sort.Search, written out: its closure was a call per probe.
	i, hi := 0, len(r)
	for i < hi {
		if m := int(uint(i+hi) >> 1); runLess(j, r[m]) {
			hi = m
		} else {
			i = m + 1
		}
	}
	r = append(r, nil)
	copy(r[i+1:], r[i:])
	r[i] = j
	c.running = r
}

// removeRunning takes j out of the running list and reports whether it
// was there. It looks for j from the front: the jobs that leave the
// list (at their end or estimated end) are mostly among its first, and
// the jobs after j are moved anyway.
func (c *Cluster) removeRunning(j *Job) bool {
	r := c.running
	i := slices.Index(r, j)
	if i < 0 {
		return false
	}
	c.changes++
	copy(r[i:], r[i+1:])
	r[len(r)-1] = nil
	c.running = r[:len(r)-1]
	return true
}

// takeRunning removes a job that an event says is running from the
// running list. If the job is not running (wrongState formats its ID and
// state) or not in the list, it fails the run with ErrInvariant and
// returns false.
func (c *Cluster) takeRunning(j *Job, wrongState string) bool {
	if j.state != Running {
		c.fail(fmt.Errorf("%w: "+wrongState, ErrInvariant, j.job.ID, j.state))
		return false
	}
	if !c.removeRunning(j) {
		c.fail(fmt.Errorf("%w: running job %d missing from the running list", ErrInvariant, j.job.ID))
		return false
	}
	return true
}

// overrun is the event of a job still running at its estimated end.
func (c *Cluster) overrun(arg any) {
	j := arg.(*Job)
	if !c.takeRunning(j, "overrun event for job %d in state %v") {
		return
	}
	old := j.estEnd
	// Times, not durations, are compared: the requested end is Start + R
	// exactly as the events computed it.
	if now := c.eng.Now(); now < j.job.Start+j.req {
		c.correct(j, now-j.job.Start)
	} else {
		j.estEnd = old + c.cfg.OverrunStep*math.Exp2(float64(j.extensions))
		j.extensions++
		if j.extensions == 1 {
			c.stats.overruns++
		}
	}
	c.insertRunning(j)
	end := j.job.Start + j.job.Runtime
	if j.killed {
		end = j.job.Start + j.req
	}
	if end > j.estEnd {
		c.eng.Schedule(j.estEnd, sim.PriorityDeparture, c.overrunAct, j)
	}
	if c.track != nil {
		c.track.Extended(&c.view, j, old)
	}
	c.requestPass()
}

// depart is the end event of a job.
func (c *Cluster) depart(arg any) {
	j := arg.(*Job)
	now := c.eng.Now()
	if !c.takeRunning(j, "job %d ends in state %v (every job must end exactly once, after it started)") {
		return
	}
	j.state = Ended
	j.job.End = now
	if j.killed {
		j.job.Runtime = now - j.job.Start
		c.stats.killed++
	}
	c.free += j.job.Size
	c.busy.Add(now, -float64(j.job.Size))
	if c.cfg.Check && (c.free > c.procs || j.job.End < j.job.Start) {
		c.fail(fmt.Errorf("%w: job %d ends at %v (started %v) leaving %d of %d processors free", ErrInvariant, j.job.ID, now, j.job.Start, c.free, c.procs))
		return
	}
	c.stats.ended(&j.job, c.busy.Area(now))
	c.stats.predicted(j, c.procs)
	if c.pred != nil {
		c.pred.Observe(&j.job)
	}
	if c.csv != nil {
		c.csv.write(&j.job)
	}
	if c.cfg.OnEnd != nil {
		c.cfg.OnEnd(j.job)
	}
	if c.track != nil {
		c.track.Ended(&c.view, j)
	}
	if c.fb != nil {
		c.fb.ended(c, j.job.ID)
	}
	c.recycle(j)
	if c.cfg.StopAfter > 0 && c.stats.completed >= c.cfg.StopAfter {
		c.eng.Stop()
		return
	}
	if len(c.queue) > 0 {
		c.requestPass()
	}
}

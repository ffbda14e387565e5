package cluster

import (
	"fmt"
	"io"
	"math"
	"sort"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// Reading jobs from the source, their arrival and their place in the
// queue.

// readNext reads jobs until one is accepted (and schedules its arrival)
// or the source ends.
func (c *Cluster) readNext() {
	j := c.newJob()
	for {
		mj := &j.job
		err := c.read(mj)
		if err == io.EOF {
			c.srcDone = true
			c.recycle(j)
			return
		}
		if err != nil {
			c.fail(fmt.Errorf("cluster: reading the job after ID %d: %w", c.lastID, err))
			c.recycle(j)
			return
		}
		if err := model.CheckArrival(mj, c.lastSubmit, c.lastID, c.eng.Now()); err != nil {
			c.fail(fmt.Errorf("cluster: job %d: %w", mj.ID, err))
			c.recycle(j)
			return
		}
		c.lastSubmit, c.lastID = mj.Submit, mj.ID
		if mj.Size > c.procs {
			c.stats.reject(mj.ID, mj.Size)
			continue // j takes the next job
		}
		mj.Start, mj.End = -1, -1
		j.req = max(mj.Estimate, MinEstimate)
		j.est = j.req
		j.seq = c.seq
		c.seq++
		if c.fb != nil && c.fb.hold(c, j) {
			j = c.newJob()
			continue // it follows another job: the next one is read now
		}
		c.scheduleNext(mj.Submit, sim.PriorityDefault, c.arriveAct, j)
		return
	}
}

// read reads the next job of the source into *mj: in place when the
// source is a model.JobFiller.
func (c *Cluster) read(mj *model.Job) error {
	if c.fill != nil {
		return c.fill.NextInto(mj)
	}
	var err error
	*mj, err = c.src.Next()
	return err
}

func (c *Cluster) newJob() *Job {
	if n := len(c.pool); n > 0 {
		j := c.pool[n-1]
		c.pool = c.pool[:n-1]
		return j
	}
	return new(Job)
}

func (c *Cluster) recycle(j *Job) {
	*j = Job{}
	c.pool = append(c.pool, j)
}

// arrive is the arrival event of a job.
func (c *Cluster) arrive(arg any) {
	j := arg.(*Job)
	j.state = Queued
	j.estEnd = -1
	j.Reservation = -1
	if c.pred != nil {
		p, err := c.pred.Predict(&j.job)
		if err != nil {
			c.fail(fmt.Errorf("cluster: job %d: %w", j.job.ID, err))
			return
		}
		if !(p >= 0) || math.IsInf(p, 0) {
			c.fail(fmt.Errorf("cluster: job %d: the predictor %T predicts %v s, not a finite number ≥ 0", j.job.ID, c.pred, p))
			return
		}
		j.est = max(p, MinEstimate)
	}
	j.first = j.est
	c.stats.arrived(j.job.Submit)
	c.enqueue(j)
	if c.track != nil {
		c.track.Arrived(&c.view, j)
	}
	c.requestPass()
	if !j.follows {
		c.readNext()
	}
}

// enqueue inserts j into the queue after every job that does not come
// after it in the scheduler's order (at the end on the dynamic-order
// path: the pass sorts).
func (c *Cluster) enqueue(j *Job) {
	q := c.queue
	i := len(q)
	if i > 0 && c.prio == nil && c.sched.Less(j, q[i-1]) {
		i = sort.Search(len(q), func(k int) bool { return c.sched.Less(j, q[k]) })
	}
	q = append(q, j)
	if i < len(q)-1 {
		c.changes++
		copy(q[i+1:], q[i:])
		q[i] = j
	}
	c.queue = q
}

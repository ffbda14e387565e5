package cluster

import (
	"math"

	"github.com/schedsim/schedsim/sim"
)

// Preceding is the source of user-based feedback (Zakay & Feitelson,
// "Workload resampling for performance evaluation of parallel job
// schedulers", CCPE 2014; SWF fields 17 and 18): called once for every
// job right after the model.JobSource returned it, it gives the ID of the
// job this one follows (≤ 0: none) and the user's think time in seconds.
// A job that follows another is submitted think seconds after that job
// ends, not at its own submit time (see Config.Preceding).
type Preceding func() (id int64, think float64)

// feedback holds the jobs that wait for the end of the job they follow.
//
// Jobs are still read in the source's submit order, but only the arrival
// of a job that follows none reads the next one: a job that follows
// another is set aside when it is read (parked until that job ends, or
// submitted at once if it has ended) and reading goes on. A job read at
// time now that should have been submitted earlier (its predecessor
// ended more than its think time before the job was read: it ran sooner
// than in the trace) is submitted at now, the earliest the stream allows;
// Cluster.FeedbackClamped counts them.
type feedback struct {
	get     Preceding
	live    map[int64]struct{}  // jobs read and not ended
	ends    map[int64]float64   // end times of the ended jobs
	parked  map[int64][]pending // jobs waiting for the end of a live job
	clamped int                 // jobs submitted after their predecessor's end + think time
}

type pending struct {
	j     *Job
	think float64
}

func newFeedback(get Preceding) *feedback {
	return &feedback{get: get, live: map[int64]struct{}{}, ends: map[int64]float64{}, parked: map[int64][]pending{}}
}

// hold is called for every accepted job right after it is read. It
// returns false for a job that follows none (or one the model never saw:
// rejected, filtered out, or unknown), which arrives at its own submit
// time; otherwise the job is parked or scheduled here.
func (f *feedback) hold(c *Cluster, j *Job) bool {
	prev, think := f.get()
	f.live[j.job.ID] = struct{}{}
	if prev <= 0 || !(think >= 0) || math.IsInf(think, 0) {
		return false
	}
	if e, ok := f.ends[prev]; ok {
		f.submit(c, j, e+think)
		return true
	}
	if _, ok := f.live[prev]; ok {
		f.parked[prev] = append(f.parked[prev], pending{j, think})
		return true
	}
	return false
}

// submit schedules the arrival of a job that follows another at t (or
// now, if t has passed).
func (f *feedback) submit(c *Cluster, j *Job, t float64) {
	if now := c.eng.Now(); t < now {
		t = now
		f.clamped++
	}
	j.job.Submit = t
	j.follows = true
	c.eng.Schedule(t, sim.PriorityDefault, c.arriveAct, j)
}

// ended releases the jobs that follow the job id, which ends now.
func (f *feedback) ended(c *Cluster, id int64) {
	now := c.eng.Now()
	delete(f.live, id)
	f.ends[id] = now
	for _, p := range f.parked[id] {
		f.submit(c, p.j, now+p.think)
	}
	delete(f.parked, id)
}

// FeedbackClamped returns the number of jobs that user-based feedback
// submitted later than their predecessor's end + think time, because the
// stream reached them only then (0 without Config.Preceding).
func (c *Cluster) FeedbackClamped() int {
	if c.fb == nil {
		return 0
	}
	return c.fb.clamped
}

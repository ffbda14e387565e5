package replicate

import "github.com/schedsim/schedsim/workloads/swf"

// SessionGap is the longest think time (seconds from the end of a user's
// job to the submit of the user's next one) that still makes the next
// job depend on the previous one: the 20 minutes that delimit sessions in
// the parallel-workload literature (Zakay & Feitelson, "On identifying
// user session boundaries in parallel workload logs", JSSPP 2012).
const SessionGap = 20 * 60

// linkSessions marks the dependencies of one user's records (sorted by
// submit time) in place, as the input of user-based feedback: a record
// submitted after the user's previous record ended (its submit + wait +
// run time), within SessionGap, gets PrecedingJob = the index of that
// previous record in recs and ThinkTime = the gap; every other record
// (the first of a session, or one submitted while the previous one still
// ran, or one of a trace without waits) gets -1 in both.
func linkSessions(recs []swf.Record) {
	for i := range recs {
		r := &recs[i]
		r.PrecedingJob, r.ThinkTime = -1, -1
		if i == 0 {
			continue
		}
		p := recs[i-1]
		if p.Wait < 0 {
			continue
		}
		think := r.Submit - (p.Submit + p.Wait + p.RunTime)
		if think >= 0 && think <= SessionGap {
			r.PrecedingJob, r.ThinkTime = int64(i-1), think
		}
	}
}

// Sessions counts the records of the pool that depend on a previous one
// (user-based feedback) and all its records.
func (p *Pool) Sessions() (dependent, jobs int) {
	for _, us := range [][]subtrace{p.long, p.temp} {
		for _, u := range us {
			for _, r := range u.recs {
				if r.PrecedingJob >= 0 {
					dependent++
				}
			}
		}
	}
	return dependent, p.jobs
}

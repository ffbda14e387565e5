package batch

import "github.com/schedsim/schedsim/model/cluster"

// A certificate shows, without a search, that a queued job cannot move
// earlier. When the last search for the job (n processors, estimate d,
// reservation r) failed, every start before r was blocked by a run of the
// profile with fewer than n free processors (cluster.Profile
// EarlierFitRuns). Reservations only lower the profile and a later origin
// only removes starts, so the job stays blocked until releases could have
// raised a run to n: each release of k processors over an interval that
// meets a run raises the run's largest free count by at most k. The
// compression searches again only the jobs whose certificate a release
// broke; the others cannot move, so the schedule is the same, job for job.

// maxRuns bounds the runs kept per certificate; the runs beyond it are
// merged into the last one (still sound: a merged run is only raised by
// releases that meet it, and its largest count is that of its runs).
const maxRuns = 4

// cert is the certificate of one queued job.
type cert struct {
	job   *cluster.Job
	r, d  float64 // the reservation and estimate it was made for
	seq   int     // the releases before seq are accounted for
	valid bool
	nruns int
	runs  [maxRuns]cluster.Run // the runs that blocked every earlier start
}

// release is one release of processors, logged for the certificates.
type release struct {
	from, to float64
	n        int
}

// certs are the certificates of the queued jobs, in queue order, and the
// log of the releases that they have not all accounted for yet.
type certs struct {
	list    []cert
	log     []release
	base    int // the sequence number of log[0]
	scratch []cluster.Run
}

// at returns the certificate of j, the i-th queued job, aligning the list
// with the queue: certificates of jobs that left the queue are dropped,
// and a job that has none gets an invalid one (a certificate of no job
// pads the list up to i).
func (c *certs) at(i int, j *cluster.Job) *cert {
	for len(c.list) <= i {
		c.list = append(c.list, cert{})
	}
	for c.list[i].job != j {
		switch {
		case c.list[i].job == nil:
			c.list[i] = cert{job: j}
		case i+1 < len(c.list) && c.list[i+1].job == j:
			c.list = append(c.list[:i], c.list[i+1:]...)
		default:
			c.list = append(c.list, cert{})
			copy(c.list[i+1:], c.list[i:])
			c.list[i] = cert{job: j}
		}
	}
	return &c.list[i]
}

// started drops the certificate of j, the i-th queued job, which started.
func (c *certs) started(i int, j *cluster.Job) {
	if i < len(c.list) && c.list[i].job == j {
		c.list = append(c.list[:i], c.list[i+1:]...)
	}
}

// released logs a release of n processors over [from, to).
func (c *certs) released(from, to float64, n int) {
	c.log = append(c.log, release{from, to, n})
}

// blocked reports whether certificate x still shows that its job (n
// processors, estimate d, reservation r) cannot move earlier, accounting
// for the releases logged since it was made or last checked.
func (c *certs) blocked(prof *cluster.Profile, x *cert, n int, d, r float64) bool {
	if !x.valid || x.r != r || x.d != d || x.seq < c.base {
		x.valid = false
		return false
	}
	log := c.log[x.seq-c.base:]
	for k := range x.nruns {
		run := &x.runs[k]
		raised := run.Max
		for _, e := range log {
			if e.from < run.To && e.to > run.From {
				raised += e.n
			}
		}
		if raised >= n {
			raised = prof.MaxFree(run.From, run.To)
		}
		if raised >= n {
			x.valid = false
			return false
		}
		run.Max = raised
	}
	x.seq = c.base + len(c.log)
	return true
}

// search looks for an earlier fit of the job of x (n processors, estimate
// d, reservation r) and, when there is none, makes x its certificate.
func (c *certs) search(prof *cluster.Profile, x *cert, n int, d, r float64) (float64, bool) {
	t, ok, runs := prof.EarlierFitRuns(n, d, r, c.scratch[:0])
	c.scratch = runs
	if ok {
		x.valid = false
		return t, true
	}
	if len(runs) > maxRuns {
		last := &runs[maxRuns-1]
		for _, run := range runs[maxRuns:] {
			last.To, last.Max = run.To, max(last.Max, run.Max)
		}
		runs = runs[:maxRuns]
	}
	x.nruns = copy(x.runs[:], runs)
	x.r, x.d, x.seq, x.valid = r, d, c.base+len(c.log), true
	return 0, false
}

// settle forgets the logged releases once a compression is over (every
// certificate still valid has accounted for them) and drops the
// certificates of jobs beyond the queue.
func (c *certs) settle(queued int) {
	c.base += len(c.log)
	c.log = c.log[:0]
	if len(c.list) > queued {
		c.list = c.list[:queued]
	}
}

package batch

import (
	"math"

	"github.com/schedsim/schedsim/model/cluster"
)

// admits tells whether the compression must search for an earlier fit
// of a job of n processors and estimate d reserved at r, examined before
// at its last search (or at the last compression): false only when no
// such fit can exist. It is a test per release, not per job. For every
// release of the pass, its staircase (cluster.Profile.Staircase: at
// every level, the longest run of steps with that many free processors
// that meets the release) is taken once, right after the release and
// the reservation that follows it (of the moved job); the moveLog keeps
// the union of those the job has not seen, and the test is a lookup of
// that union at n.
//
// Why it is exact. A window W that fits now and starts before r must
// meet a release the job has not seen (see moveLog and the Conservative
// doc: a compressed schedule is a fixpoint). Let R be the latest of
// those, in the order they happened. Since R, only reservations, which
// lower the profile, and releases that do not meet W changed the steps
// of W, so right after R (and right after the reservation that followed
// it) the free counts over W were at least today's, at least n: W lay in
// a run at level n that meets R, and R's staircase is at least |W| at n.
// So the union is positive at n, or no window fits at all; and when the
// step before r lacks the processors, a fit is a whole window of d
// (cluster.Profile.EarlierFitBy), so the union is at least d at n.
// When the union is shorter than d, the only fits are those that end
// at r: the step just before r has the processors, and it is itself
// such a window W. Its run right after R reached r and met R, and was
// at most the union long, so r < R's end + the union at n ≤ by + the
// union (by bounds the ends of the releases the job has not seen):
// a job reserved later is not looked up in the profile.
// The early ends of the pass release over [now, reach): their
// staircase is that of [now, reach), taken at the first need.
func (p *Conservative) admits(v *cluster.View, prof *cluster.Profile, n int, d, r, by float64) bool {
	if !p.baseOK {
		p.takeBase(v, prof)
	}
	// The longest run of all bounds the one at n: a job longer than it
	// and reserved too late for it fails without a lookup at n.
	if b := p.moves.bound(); d > b && r >= by+b {
		return false
	}
	s := p.moves.longest(n, d)
	return s >= d || s > 0 && r < by+s && prof.FreeBefore(r) >= n
}

// takeBase takes the staircase of the releases of the early ends.
func (p *Conservative) takeBase(v *cluster.View, prof *cluster.Profile) {
	p.stairs = prof.Staircase(v.Now(), p.reach, p.longestEstimate(v), p.stairs)
	p.moves.early(p.stairs)
	p.baseOK = true
}

// stairsFrom is the number of profile steps from which a pass tests jobs
// with staircases (admits) rather than with top. A staircase and its
// union cost about as much per move as a dozen steps walked, the test
// about two lookups per job; a search saved is a scan of the profile.
// On SDSC-BLUE's short profiles (42 steps on average) the staircases
// cost more than the searches they save, on a congested replication's
// long ones (hundreds of steps) far less: see docs/explanation/
// performance-conservative.md, "Fourth round". A variable for the tests.
var stairsFrom = 128

// takeStairs adds to the moveLog the staircase of the release over
// [from, to) of the move just recorded, taken after the job's new
// reservation.
func (p *Conservative) takeStairs(v *cluster.View, prof *cluster.Profile, from, to float64) {
	p.stairs = prof.Staircase(from, to, p.longestEstimate(v), p.stairs)
	p.moves.stairs(p.stairs)
}

// longestEstimate returns the longest estimate of the queued jobs, the
// limit of the staircases of a pass: a run that long admits any job.
func (p *Conservative) longestEstimate(v *cluster.View) float64 {
	if !p.limitOK {
		p.limit = math.Inf(-1)
		for i := 0; i < v.QueueLen(); i++ {
			p.limit = max(p.limit, v.Queued(i).Estimate())
		}
		p.limitOK = true
	}
	return p.limit
}

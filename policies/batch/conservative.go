package batch

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/cluster"
)

func init() {
	Policies.Register("conservative", "conservative backfilling: a reservation for every queued job, compressed when jobs end early (with any predictor)",
		func(o Options) (Policy, error) {
			b, err := newPredicting("conservative", o, "requested")
			return &Conservative{base: b, tail: b.prio == nil}, err
		}, withPredictor("order", "weights")...)
}

// Conservative keeps its profile up to date through the cluster's
// Tracker callbacks.
var (
	_ Policy          = (*Conservative)(nil)
	_ cluster.Tracker = (*Conservative)(nil)
)

// Conservative is conservative backfilling (Mu'alem & Feitelson 2001):
// every queued job holds a reservation in an availability profile, so no
// job is ever delayed by a job behind it while running jobs keep to their
// estimates (an overrun is the exception: see the repair below).
//
//   - A job that arrives gets a reservation at the earliest time the
//     profile has its processors free for its estimate (now, if it fits).
//   - When a running job ends before its estimated end, the processors it
//     held until then are released and the schedule is compressed: in
//     queue order, every queued job moves to the earliest time at which
//     it fits, which is never later than its reservation. The compression
//     runs once per instant, before the reservations of the jobs that
//     arrived at that instant are made (in queue order too).
//   - When a running job runs past its estimated end, the cluster extends
//     it (a correction of its prediction below its requested time, an
//     overrun step beyond it), and the schedule is repaired and
//     compressed: in the first sweep, in queue order, a job whose
//     reservation meets a moment where more processors are held than the
//     cluster has (the extension included) gives its reservation up and
//     takes its earliest fit in the profile as it is then, while the jobs
//     after it still hold theirs, so it may have to go after one of them
//     (the only case in which a reservation moves later, and in which a
//     job can be delayed by a job behind it); the other jobs of that
//     sweep are compressed as above.
//
// The estimates are the jobs' predictions (option predictor, the
// requested times by default), made at arrival.
//
// Every pass starts the jobs whose reservation has come. The profile is a
// cluster.Profile updated incrementally. A compressed schedule is a
// fixpoint (no job has an earlier fit), so after releases that all end by
// some time reach, a job can only move to a start before reach, into a
// window that meets a release where its processors are free. In the
// sweeps after the first, a job is only looked at again when a move
// since its last search released processors before its reservation
// (moveLog), and only for a start before the end of those releases and
// after their start less its estimate. A job is only searched (a scan of
// the profile over those bounds, no update) when it passes a test: on a
// profile of fewer than stairsFrom steps, its size is at most a bound of
// the free counts over the releases (top); on a longer one, where
// searches are long, the runs of free steps around the releases it has
// not seen, taken once per release, are long enough for it (admits).
type Conservative struct {
	base
	prof     *cluster.Profile
	compress bool    // processors were released early: compress
	repair   bool    // an overrun was reserved: repair overlapping reservations
	unplaced int     // queued jobs without a reservation
	next     float64 // earliest reservation of a queued job after the last pass
	moves    moveLog
	// reach bounds the releases since the reservations were last
	// compressed: each was over some [t, e) with now ≤ t and e ≤ reach.
	reach float64
	// baseOK: the staircase of [now, reach) is in the moves' union, taken
	// at the first need of a pass.
	baseOK bool
	// limit, when limitOK, is the longest estimate of the queued jobs of
	// the pass: a run that long admits any of them.
	limit   float64
	limitOK bool
	stairs  []cluster.Stair // the staircase of the last release
	// top bounds the free counts over the releases of a pass, when topOK:
	// computed over [now, reach) at the first need, raised by every
	// release after (passes without staircases only).
	top   int
	topOK bool
	// stairsOn: this pass tests jobs with staircases (admits), not top.
	stairsOn bool
	// tail: the queue keeps its order between passes (no priority), so
	// the jobs that arrived since the last pass are its last unplaced
	// ones unless one of them joined it before its end (inside): a job
	// shorter than others under the sjf order, or one that user-based
	// feedback held back, which arrives after jobs read after it (see
	// cluster.Preceding).
	tail, inside bool
	// exhaustive (tests only) searches the whole profile for every job
	// of every sweep, to check that the pruning changes no move.
	exhaustive bool
}

// Profile returns the availability profile (nil before the first job).
func (p *Conservative) Profile() *cluster.Profile { return p.prof }

func (p *Conservative) profile(v *cluster.View) *cluster.Profile {
	if p.prof == nil {
		p.prof = cluster.NewProfile(v.Procs(), v.Now())
		p.reach = math.Inf(-1)
	}
	p.prof.Advance(v.Now())
	return p.prof
}

// Arrived notes a job to place at the next pass.
func (p *Conservative) Arrived(v *cluster.View, j *cluster.Job) {
	p.profile(v)
	p.unplaced++
	if n := v.QueueLen(); v.Queued(n-1) != j {
		p.inside = true
	}
}

// Ended releases what a job that ended early would still have held.
func (p *Conservative) Ended(v *cluster.View, j *cluster.Job) {
	prof := p.profile(v)
	if now := v.Now(); j.EstEnd() > now {
		prof.Release(now, j.EstEnd(), j.Size())
		p.reach = max(p.reach, j.EstEnd())
		p.compress = true
	}
}

// Extended reserves the extension of an overrunning job.
func (p *Conservative) Extended(v *cluster.View, j *cluster.Job, old float64) {
	p.profile(v).Reserve(old, j.EstEnd(), j.Size())
	p.repair, p.compress = true, true
}

// Schedule places new arrivals, repairs and compresses reservations when
// needed, and starts the jobs whose reservation is now.
func (p *Conservative) Schedule(v *cluster.View, s cluster.Starter) error {
	prof := p.profile(v)
	now := v.Now()
	if !p.compress && !p.repair && p.unplaced == 0 && p.next > now {
		return nil
	}
	// With only arrivals, and no reservation come, a sweep would change
	// nothing but place them, in queue order: placeArrivals does.
	next := p.next
	if p.compress || p.repair || p.next <= now {
		var err error
		if next, err = p.sweeps(v, s, prof, now); err != nil {
			return err
		}
	}
	if p.unplaced > 0 {
		var err error
		if next, err = p.placeArrivals(v, s, prof, now, next); err != nil {
			return err
		}
	}
	p.compress, p.repair, p.next, p.reach = false, false, next, math.Inf(-1)
	if v.Checking() {
		return p.check(v)
	}
	return nil
}

// sweeps repairs and compresses the reservations in sweeps over the
// queue (placing the arrivals in the first when there is neither),
// starts the jobs whose reservation is now, and returns the earliest
// reservation of the jobs left queued.
func (p *Conservative) sweeps(v *cluster.View, s cluster.Starter, prof *cluster.Profile, now float64) (float64, error) {
	// Compression keeps every job at a fit no earlier than any other, so
	// a job can only move into a window that meets a release (see
	// admits).
	p.baseOK, p.limitOK, p.topOK = false, false, false
	p.stairsOn = prof.Len() >= stairsFrom
	// A sweep after the first re-examines the jobs that a move made since
	// their last examination could let start earlier: one that released
	// processors before their reservation (see moveLog). The jobs after
	// the last mover of the previous sweep have seen every move, and none
	// of them is due (a due job starts in the sweep that finds it), so a
	// sweep with no move of its own stops at that mover.
	limit := math.MaxInt
	p.moves.reset()
	// Repairs look only at the reservations that meet the overdrawn part
	// of the profile, which releases and placements only shrink.
	var odFrom, odTo float64
	if p.repair {
		odFrom, odTo = prof.Overdrawn()
	}
	// Arrivals wait for the compression and repairs: their reservations
	// are made after them (place), so they take only what the jobs
	// before them left.
	placeAfter := p.compress || p.repair
	next := math.Inf(1)
	for sweep := 0; ; sweep++ {
		moved := -1
		if sweep > 0 {
			p.moves.nextSweep()
		}
		last := next // the earliest reservation after the previous sweep
		next = math.Inf(1)
		for i := 0; i < v.QueueLen(); {
			if moved < 0 && i >= limit {
				break
			}
			// The size, the one field read through the job's workload
			// record, is read only when a test needs it.
			j := v.Queued(i)
			d, r := j.Estimate(), j.Reservation
			switch {
			case r < 0 && placeAfter:
				i++
				continue
			case r < 0:
				p.place(prof, j)
				p.unplaced--
			case r < now && v.Checking():
				return 0, fmt.Errorf("%w: job %d missed its reservation at %v (now %v)", cluster.ErrInvariant, j.ID(), r, now)
			case p.repair && sweep == 0 && r < odTo && r+d > odFrom && prof.MinFree(r, r+d) < 0:
				p.release(prof, r, r+d, j.Size())
				p.place(prof, j)
				p.moves.add(i, r, r+d)
				if p.stairsOn {
					p.takeStairs(v, prof, r, r+d)
				}
				moved = i
			case p.compress:
				by, lo := p.reach, math.Inf(-1)
				if sweep > 0 && !p.exhaustive {
					from, to := p.moves.since(i)
					if from >= r {
						break
					}
					by, lo = min(by, to), from-d
				}
				n := j.Size()
				// A job can only move into a window that meets a release,
				// with its processors free where it meets it: on long
				// profiles the staircases decide (admits), on short ones
				// its size must be at most top.
				if p.exhaustive {
					by = r
				} else if p.stairsOn {
					if !p.admits(v, prof, n, d, r, by) {
						break
					}
				} else {
					if !p.topOK {
						p.top, p.topOK = prof.MaxFree(now, p.reach), true
					}
					if n > p.top {
						break
					}
				}
				if t, ok := prof.EarlierFitBy(n, d, r, lo, by); ok {
					p.move(prof, r, t, d, n)
					p.moves.add(i, r, r+d)
					if p.stairsOn {
						p.takeStairs(v, prof, r, r+d)
					}
					j.Reservation = t
					if p.probe != nil {
						p.probe(j.ID(), t)
					}
					moved = i
				}
			}
			if j.Reservation <= now {
				if err := s.Start(i); err != nil {
					return 0, fmt.Errorf("batch: starting job %d at its reservation: %w", j.ID(), err)
				}
				continue
			}
			if j.Reservation < next {
				next = j.Reservation
			}
			i++
		}
		if moved < 0 && sweep > 0 {
			// It stopped at limit, changing nothing.
			next = last
		}
		if moved < 0 || !p.compress {
			break
		}
		limit = moved
	}
	return next, nil
}

// release gives back n processors over [r, e), the reservation of a job
// about to move, and keeps reach and the bound top up to date: top need
// only cover the free counts over the releases, and reservations only
// lower them: no rescan of [now, reach) after every move.
func (p *Conservative) release(prof *cluster.Profile, r, e float64, n int) {
	prof.Release(r, e, n)
	if p.topOK {
		p.top = max(p.top, prof.MaxFree(r, e))
	}
	if e > p.reach {
		p.reach = e
	}
}

// move moves the reservation of a job of n processors and estimate d
// from r to t < r, and keeps reach and top up to date as release does
// (the profile's Move returns the free counts over the release).
func (p *Conservative) move(prof *cluster.Profile, r, t, d float64, n int) {
	m := prof.Move(r, t, d, n)
	if p.topOK {
		p.top = max(p.top, m)
	}
	if e := r + d; e > p.reach {
		p.reach = e
	}
}

// placeArrivals makes, in queue order, the reservations of the jobs that
// arrived since the last pass (after the compression, if any), starts
// those whose reservation is now, and returns the earliest reservation
// after now given the earliest next of the other queued jobs. When the
// arrivals are the queue's last p.unplaced jobs (tail), only those are
// looked at.
func (p *Conservative) placeArrivals(v *cluster.View, s cluster.Starter, prof *cluster.Profile, now, next float64) (float64, error) {
	i := 0
	if p.tail && !p.inside {
		i = v.QueueLen() - p.unplaced
	}
	p.inside = false
	for i < v.QueueLen() {
		j := v.Queued(i)
		if j.Reservation >= 0 {
			i++
			continue
		}
		p.place(prof, j)
		p.unplaced--
		if j.Reservation <= now {
			if err := s.Start(i); err != nil {
				return next, fmt.Errorf("batch: starting job %d at its reservation: %w", j.ID(), err)
			}
			continue
		}
		next = min(next, j.Reservation)
		i++
	}
	return next, nil
}

// place reserves the earliest slot for j.
func (p *Conservative) place(prof *cluster.Profile, j *cluster.Job) {
	n, d := j.Size(), j.Estimate()
	t := prof.EarliestFit(n, d)
	prof.Reserve(t, t+d, n)
	j.Reservation = t
	if p.probe != nil {
		p.probe(j.ID(), t)
	}
}

// check rebuilds the profile from the running jobs and the reservations and
// compares it with the incremental one.
func (p *Conservative) check(v *cluster.View) error {
	if err := p.prof.Check(); err != nil {
		return err
	}
	now := v.Now()
	ref := cluster.NewProfile(v.Procs(), now)
	for i := 0; i < v.RunningLen(); i++ {
		r := v.Running(i)
		if !(r.EstEnd() > now) {
			return fmt.Errorf("%w: running job %d has estimated end %v, not after now (%v)", cluster.ErrInvariant, r.ID(), r.EstEnd(), now)
		}
		ref.Reserve(now, r.EstEnd(), r.Size())
	}
	for i := 0; i < v.QueueLen(); i++ {
		j := v.Queued(i)
		if !(j.Reservation > now) {
			return fmt.Errorf("%w: queued job %d has reservation %v, not after now (%v)", cluster.ErrInvariant, j.ID(), j.Reservation, now)
		}
		ref.Reserve(j.Reservation, j.Reservation+j.Estimate(), j.Size())
	}
	if err := ref.Check(); err != nil {
		return fmt.Errorf("batch: rebuilt profile: %w", err)
	}
	for _, a := range []*cluster.Profile{p.prof, ref} {
		for k := 0; k < a.Len(); k++ {
			t := a.At(k).Time
			if x, y := p.prof.FreeAt(t), ref.FreeAt(t); x != y {
				return fmt.Errorf("%w: the profile has %d free processors at %v, the running jobs and reservations leave %d", cluster.ErrInvariant, x, t, y)
			}
		}
	}
	return nil
}

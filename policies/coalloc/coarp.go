package coalloc

import (
	"math"
	"sort"

	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/multicluster"
)

func init() {
	Policies.Register("coarp", "co-allocation with resource offers and advance reservation planning: clusters offer free slots of their plans, the earliest-finishing slots are reserved until they hold the job",
		func(o Options) (Policy, error) { return &COARP{named: "coarp", opts: o}, nil },
		"offers", "surplus", "parts_start", "horizon")
}

var _ Policy = (*COARP)(nil)

// COARP is co-allocation with offers and advance reservation planning
// (Makhlouf & Yagoubi, Algorithms 1 and 2). For every job of the global
// queue, in arrival order, each cluster c offers free slots of its plan:
// a slot is a start s and the n > 0 processors free over all of
// [s, s + D_c), D_c = L / speed(c), so that it violates no accepted
// reservation. The metascheduler takes slots by increasing finish time
// s + D_c until they hold the job's P processors, and reserves them; the
// job leaves the queue. A job the offers cannot hold (only with a
// Horizon) stays queued and is offered again at the next pass.
//
// By default (PartsStart together) the parts of a job start at the same
// time, as co-allocation — simultaneous access to the resources of several
// clusters — requires: the slots considered are those that start at the
// earliest T at which the clusters together hold the job, and the
// earliest-finishing (fastest) are taken first. With together-finish, T
// is the time at which the job finishes first, as Algorithm 2 sorts the
// slots by finish time: a later T on faster clusters wins over an earlier
// one that needs a slower cluster. With PartsStart
// independent each slot keeps its own start, as Algorithm 2 reads
// literally: slots are taken by finish time (ties: more processors, then
// platform order), so the parts of a rigid job may run at different times.
//
// The readings the paper leaves open are options (see Options): which
// slots a cluster offers (Offers), what happens to the last slot's
// surplus (Surplus) and whether the parts start together (PartsStart).
type COARP struct {
	named
	opts    Options
	parts   []multicluster.Part
	try     []multicluster.Part // parts at a start under trial (together-finish)
	offers  []offer
	scratch []cluster.Profile
	touched []bool
	chooser chooser
}

// offer is a cluster's best slot for the job being placed.
type offer struct {
	start, dur float64
	procs      int
	ok         bool
}

// CoAllocates reports true.
func (*COARP) CoAllocates() bool { return true }

// Schedule offers every queued job and places those the offers hold.
func (p *COARP) Schedule(v *multicluster.View, pl multicluster.Planner) error {
	if n := v.Clusters(); len(p.offers) != n {
		p.offers, p.scratch, p.touched = make([]offer, n), make([]cluster.Profile, n), make([]bool, n)
	}
	for i := 0; i < v.QueueLen(); {
		j := v.Queued(i)
		var ok bool
		if p.opts.PartsStart != StartIndependent {
			ok = p.composeTogether(v, j)
		} else {
			ok = p.compose(v, j)
		}
		if !ok {
			i++
			continue
		}
		if err := pl.Place(i, p.parts); err != nil {
			return err
		}
	}
	return nil
}

// limit returns the latest start a slot may have.
func (p *COARP) limit(now float64) float64 {
	if p.opts.Horizon > 0 {
		return now + p.opts.Horizon
	}
	return math.Inf(1)
}

// slot returns cluster c's best slot for j on plan: the earliest-finishing
// one (with Offers per-cluster, the earliest that holds min(P, procs)).
func (p *COARP) slot(v *multicluster.View, j *multicluster.Job, c int, plan *cluster.Profile) offer {
	d := v.Duration(j, c)
	want := 1
	if p.opts.Offers == OffersPerCluster {
		want = min(j.Size(), v.Procs(c))
	}
	s := plan.EarliestFit(want, d)
	if s > p.limit(v.Now()) {
		return offer{}
	}
	return offer{start: s, dur: d, procs: plan.MinFree(s, s+d), ok: true}
}

// compose builds p.parts for j from the clusters' offers (parts that
// start independently); it reports false when the offers cannot hold j.
func (p *COARP) compose(v *multicluster.View, j *multicluster.Job) bool {
	for c := range p.offers {
		p.offers[c] = p.slot(v, j, c, v.Plan(c))
		p.touched[c] = false
	}
	p.parts = p.parts[:0]
	for need := j.Size(); need > 0; {
		k := -1
		for c, o := range p.offers {
			if !o.ok {
				continue
			}
			if k < 0 {
				k = c
				continue
			}
			b := p.offers[k]
			if f, bf := o.start+o.dur, b.start+b.dur; f < bf || f == bf && o.procs > b.procs {
				k = c
			}
		}
		if k < 0 {
			return false
		}
		o := p.offers[k]
		take := o.procs
		if p.opts.Surplus == SurplusTrim {
			take = min(take, need)
		}
		p.parts = append(p.parts, multicluster.Part{Cluster: k, Start: o.start, Procs: take})
		need = max(0, need-take)
		if need == 0 || p.opts.Offers == OffersPerCluster {
			p.offers[k].ok = false
			continue
		}
		// The cluster's next slots: its plan with this slot reserved.
		sc := &p.scratch[k]
		if !p.touched[k] {
			sc.CopyFrom(v.Plan(k))
			p.touched[k] = true
		}
		sc.Reserve(o.start, o.start+o.dur, take)
		p.offers[k] = p.slot(v, j, k, sc)
	}
	return true
}

// composeTogether builds p.parts for j with all parts starting at one
// time T, and reports false when no T within the horizon holds the job.
// At a given T the fastest clusters are taken first, so the job ends at
// T + D_c of the slowest cluster it needs. With PartsStart together, T is
// the earliest at which the clusters' processors free over [T, T + D_c)
// hold the job; with together-finish, the one at which the job ends
// first (ties: the earliest T), searched until T + D of the fastest
// cluster reaches the best end found. T is now or a step of some plan:
// the processors free over a window only grow when it passes a step.
func (p *COARP) composeTogether(v *multicluster.View, j *multicluster.Job) bool {
	lim := p.limit(v.Now())
	best, found := math.Inf(1), false
	dmin := v.Duration(j, p.chooser.bySpeed(v)[0])
	for t := v.Now(); t <= lim && !math.IsInf(t, 1); t = nextStep(v, t) {
		if found && t+dmin >= best {
			break
		}
		if end, ok := p.together(v, j, t); ok && end < best {
			best, found = end, true
			p.parts, p.try = p.try, p.parts
			if p.opts.PartsStart == StartTogether {
				break
			}
		}
	}
	return found
}

// together builds p.try for j with all parts starting at t, fastest
// clusters first, and returns the job's end; ok is false when the
// clusters cannot hold j from t.
func (p *COARP) together(v *multicluster.View, j *multicluster.Job, t float64) (end float64, ok bool) {
	total := 0
	for c := range v.Clusters() {
		total += v.Plan(c).MinFree(t, t+v.Duration(j, c))
		if total >= j.Size() {
			break
		}
	}
	if total < j.Size() {
		return 0, false
	}
	p.try = p.try[:0]
	need := j.Size()
	for _, c := range p.chooser.bySpeed(v) {
		d := v.Duration(j, c)
		n := v.Plan(c).MinFree(t, t+d)
		if n == 0 {
			continue
		}
		take := n
		if p.opts.Surplus == SurplusTrim {
			take = min(n, need)
		}
		p.try = append(p.try, multicluster.Part{Cluster: c, Start: t, Procs: take})
		if need -= take; need <= 0 {
			return t + d, true
		}
	}
	return 0, false // not reached: total ≥ size
}

// nextStep returns the earliest step of any plan after t (+Inf if none).
func nextStep(v *multicluster.View, t float64) float64 {
	next := math.Inf(1)
	for c := range v.Clusters() {
		plan := v.Plan(c)
		if k := sort.Search(plan.Len(), func(i int) bool { return plan.At(i).Time > t }); k < plan.Len() {
			next = min(next, plan.At(k).Time)
		}
	}
	return next
}

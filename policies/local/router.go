package local

import "github.com/schedsim/schedsim/model/gang"

// ShortestName is the registered name of the paper's router, "shortest".
const ShortestName = "shortest"

func init() {
	Routers.Register(ShortestName, "a processor where the job starts now (empty queue or backfill), else the shortest queue by count or work; ties at random",
		func(o Options) (gang.Router, error) { return &Shortest{By: o.By}, nil }, "by")
}

var _ gang.Router = (*Shortest)(nil)

// Shortest is the paper's variation of the shortest-queue routing: if some
// processors are idle and the job can start at one of them now (its queue
// is empty, or the discipline lets it backfill ahead of the gang at the
// head), one of those, chosen uniformly at random; otherwise the shortest
// queue — fewest waiting jobs (ByCount), fewest jobs counting the running
// one (ByCountAll), or least estimated work (ByWork) — with ties broken
// uniformly at random.
type Shortest struct {
	// By is ByCount, ByCountAll or ByWork (anything else counts as
	// ByCount).
	By   string
	cand []int
}

// Route returns the processor of site that receives the job. The
// processors where it starts now and, under ByCount, those with the
// fewest waiting jobs come from the view's indexes (View.StartNow,
// View.FewestWaiting); ByCountAll and ByWork measure every queue.
func (r *Shortest) Route(v *gang.View, site int, estimate float64) int {
	c := v.StartNow(site, estimate)
	if c.Len() == 0 {
		if r.By == ByWork || r.By == ByCountAll {
			return r.leastLoaded(v, site)
		}
		c = v.FewestWaiting(site)
	}
	if c.Len() == 1 {
		return c.Nth(0)
	}
	return c.Nth(v.Rand().IntN(c.Len()))
}

// leastLoaded returns a processor of site with the least load (ByWork or
// ByCountAll), ties uniformly at random.
func (r *Shortest) leastLoaded(v *gang.View, site int) int {
	best := 0.0
	r.cand = r.cand[:0]
	for i := 0; i < v.Processors(); i++ {
		var load float64
		if r.By == ByWork {
			load = v.QueueWork(site, i)
		} else {
			load = float64(v.QueueLen(site, i))
			if !v.Idle(site, i) {
				load++
			}
		}
		switch {
		case len(r.cand) == 0 || load < best:
			best = load
			r.cand = append(r.cand[:0], i)
		case load == best:
			r.cand = append(r.cand, i)
		}
	}
	if len(r.cand) == 1 {
		return r.cand[0]
	}
	return r.cand[v.Rand().IntN(len(r.cand))]
}

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

// Route returns the processor of site that receives the job.
func (r *Shortest) Route(v *gang.View, site int, estimate float64) int {
	n := v.Processors()
	r.cand = r.cand[:0]
	for i := 0; i < n; i++ {
		if v.CanStartNow(site, i, estimate) {
			r.cand = append(r.cand, i)
		}
	}
	if len(r.cand) == 0 {
		best := 0.0
		for i := 0; i < n; i++ {
			var load float64
			switch r.By {
			case ByWork:
				load = v.QueueWork(site, i)
			case ByCountAll:
				load = float64(v.QueueLen(site, i))
				if !v.Idle(site, i) {
					load++
				}
			default:
				load = float64(v.QueueLen(site, i))
			}
			switch {
			case len(r.cand) == 0 || load < best:
				best = load
				r.cand = append(r.cand[:0], i)
			case load == best:
				r.cand = append(r.cand, i)
			}
		}
	}
	if len(r.cand) == 1 {
		return r.cand[0]
	}
	return r.cand[v.Rand().IntN(len(r.cand))]
}

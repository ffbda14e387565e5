package coalloc

import "github.com/schedsim/schedsim/model/multicluster"

func init() {
	Policies.Register("scoal", "simple co-allocation: the queue head goes whole where it can start now, else is split over the processors free now, fastest clusters first; no reservations",
		func(o Options) (Policy, error) {
			return &SCOAL{named: "scoal", chooser: chooser{rule: o.ClusterChoice}}, nil
		},
		"cluster_choice")
}

var _ Policy = (*SCOAL)(nil)

// SCOAL is simple co-allocation without offers or reservations. The queue
// head goes whole to a cluster where it can start now (by the cluster
// choice rule); if there is none but the processors free now on all
// clusters together hold it, it is split over them, fastest cluster first
// (the order of earliest finish), each cluster giving as many free
// processors as the job still needs; all parts start now. Otherwise the
// head blocks the queue (first-come first-served).
type SCOAL struct {
	named
	chooser
	parts []multicluster.Part
}

// CoAllocates reports true.
func (*SCOAL) CoAllocates() bool { return true }

// Schedule places queue heads while they fit, whole or split.
func (p *SCOAL) Schedule(v *multicluster.View, pl multicluster.Planner) error {
	now := v.Now()
	for v.QueueLen() > 0 {
		j := v.Queued(0)
		if c := p.fitNow(v, j, nil); c >= 0 {
			if err := p.placeWhole(v, pl, 0, c); err != nil {
				return err
			}
			continue
		}
		need := j.Size()
		p.parts = p.parts[:0]
		for _, c := range p.bySpeed(v) {
			d := v.Duration(j, c)
			if take := min(v.Plan(c).MinFree(now, now+d), need); take > 0 {
				p.parts = append(p.parts, multicluster.Part{Cluster: c, Start: now, Procs: take})
				need -= take
				if need == 0 {
					break
				}
			}
		}
		if need > 0 {
			return nil
		}
		if err := pl.Place(0, p.parts); err != nil {
			return err
		}
	}
	return nil
}

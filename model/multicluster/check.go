package multicluster

import (
	"math"

	"github.com/schedsim/schedsim/model/cluster"
)

// checkPlans verifies, after a pass, that every plan is a valid profile
// and equals the plan rebuilt from the parts placed on the cluster (so
// that no accepted reservation was lost or overbooked).
func (g *Grid) checkPlans() error {
	now := g.eng.Now()
	for k := range g.clusters {
		c := &g.clusters[k]
		if err := c.plan.Check(); err != nil {
			return g.violation("%s: %v", c.spec.Name, err)
		}
		ref := cluster.NewProfile(c.spec.Procs, now)
		for _, p := range c.placed {
			if !(p.end > now) {
				return g.violation("%s: part of job %d placed until %v is still in the plan at %v", c.spec.Name, p.job.job.ID, p.end, now)
			}
			ref.Reserve(p.Start, p.end, p.Procs)
		}
		if err := ref.Check(); err != nil {
			return g.violation("%s: the placed parts overbook the cluster: %v", c.spec.Name, err)
		}
		for _, a := range []*cluster.Profile{c.plan, ref} {
			for i := 0; i < a.Len(); i++ {
				t := a.At(i).Time
				if x, y := c.plan.FreeAt(t), ref.FreeAt(t); x != y {
					return g.violation("%s: the plan has %d free processors at %v, the placed parts leave %d", c.spec.Name, x, t, y)
				}
			}
		}
	}
	return nil
}

// checkJob verifies the parts of a job that just ended: each lasts the
// job's duration on its cluster, they hold at least the job's size, the
// job started with its first part and ends now, with its last.
func (g *Grid) checkJob(j *Job, now float64) error {
	procs := 0
	first, last := math.Inf(1), math.Inf(-1)
	for _, p := range j.parts {
		c := &g.clusters[p.Cluster]
		if !p.started || !p.ended {
			return g.violation("job %d ends with a part on %s not run (started %v, ended %v)", j.job.ID, c.spec.Name, p.started, p.ended)
		}
		if d := j.length / c.spec.Speed; p.end != p.Start+d {
			return g.violation("job %d: part on %s lasts %v, its duration there is %v", j.job.ID, c.spec.Name, p.end-p.Start, d)
		}
		if p.Start < j.placedAt || j.placedAt < j.job.Submit {
			return g.violation("job %d submitted at %v, placed at %v, has a part starting at %v", j.job.ID, j.job.Submit, j.placedAt, p.Start)
		}
		procs += p.Procs
		first, last = math.Min(first, p.Start), math.Max(last, p.end)
	}
	switch {
	case procs < j.job.Size:
		return g.violation("job %d of %d processors ran on %d", j.job.ID, j.job.Size, procs)
	case first != j.job.Start || last != j.job.End || last != now:
		return g.violation("job %d: start %v end %v, its parts run from %v to %v, now %v", j.job.ID, j.job.Start, j.job.End, first, last, now)
	}
	return nil
}

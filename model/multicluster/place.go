package multicluster

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/sim"
)

// Place places the i-th queued job; see Planner.
func (g *Grid) Place(i int, parts []Part) error {
	if !g.inPass {
		return ErrNotInPass
	}
	if i < 0 || i >= len(g.queue) {
		return fmt.Errorf("multicluster: Place(%d) with %d jobs queued", i, len(g.queue))
	}
	j := g.queue[i]
	now := g.eng.Now()
	if len(parts) == 0 {
		return fmt.Errorf("multicluster: job %d placed with no part", j.job.ID)
	}
	procs := 0
	for k, p := range parts {
		if p.Cluster < 0 || p.Cluster >= len(g.clusters) {
			g.unreserve(j, parts[:k])
			return fmt.Errorf("multicluster: job %d: part %d on cluster %d of %d", j.job.ID, k, p.Cluster, len(g.clusters))
		}
		c := &g.clusters[p.Cluster]
		end := p.Start + j.length/c.spec.Speed
		if !(p.Start >= now) || math.IsInf(p.Start, 0) || p.Procs < 1 || p.Procs > c.plan.MinFree(p.Start, end) {
			g.unreserve(j, parts[:k])
			return fmt.Errorf("multicluster: job %d: part %d (%d processors of %s from %v to %v) does not fit the plan at time %v (%d free)",
				j.job.ID, k, p.Procs, c.spec.Name, p.Start, end, now, c.plan.MinFree(p.Start, end))
		}
		c.plan.Reserve(p.Start, end, p.Procs)
		procs += p.Procs
	}
	if procs < j.job.Size {
		g.unreserve(j, parts)
		return fmt.Errorf("multicluster: job %d needs %d processors, its parts hold %d", j.job.ID, j.job.Size, procs)
	}
	copy(g.queue[i:], g.queue[i+1:])
	g.queue[len(g.queue)-1] = nil
	g.queue = g.queue[:len(g.queue)-1]

	j.placedAt = now
	j.left = len(parts)
	j.job.Start, j.job.End = math.Inf(1), math.Inf(-1)
	for _, p := range parts {
		c := &g.clusters[p.Cluster]
		end := p.Start + j.length/c.spec.Speed
		j.parts = append(j.parts, part{Part: p, end: end, job: j})
		j.job.Start = math.Min(j.job.Start, p.Start)
		j.job.End = math.Max(j.job.End, end)
	}
	for k := range j.parts {
		pt := &j.parts[k]
		c := &g.clusters[pt.Cluster]
		pt.slot = len(c.placed)
		c.placed = append(c.placed, pt)
		g.eng.Schedule(pt.Start, sim.PriorityDefault, g.startAct, pt)
		g.eng.Schedule(pt.end, sim.PriorityDeparture, g.endAct, pt)
	}
	g.running++
	return nil
}

// unreserve gives back what Place reserved for parts before it failed.
func (g *Grid) unreserve(j *Job, parts []Part) {
	for _, p := range parts {
		c := &g.clusters[p.Cluster]
		c.plan.Release(p.Start, p.Start+j.length/c.spec.Speed, p.Procs)
	}
}

func (g *Grid) partStart(arg any) {
	p := arg.(*part)
	c := &g.clusters[p.Cluster]
	now := g.eng.Now()
	if g.cfg.Check && (p.started || now != p.Start) {
		g.violation("part of job %d on %s reserved at %v starts at %v (started before: %v)", p.job.job.ID, c.spec.Name, p.Start, now, p.started)
		return
	}
	p.started = true
	c.busy += p.Procs
	if g.cfg.Check && c.busy > c.spec.Procs {
		g.violation("%s runs parts on %d processors of %d at time %v", c.spec.Name, c.busy, c.spec.Procs, now)
	}
}

func (g *Grid) partEnd(arg any) {
	p := arg.(*part)
	c := &g.clusters[p.Cluster]
	now := g.eng.Now()
	if g.cfg.Check && (!p.started || p.ended || now != p.end) {
		g.violation("part of job %d on %s ends at %v (reserved until %v, started %v, ended before %v)", p.job.job.ID, c.spec.Name, now, p.end, p.started, p.ended)
		return
	}
	p.ended = true
	c.busy -= p.Procs
	c.area += float64(p.Procs) * (p.end - p.Start)
	last := len(c.placed) - 1
	c.placed[p.slot] = c.placed[last]
	c.placed[p.slot].slot = p.slot
	c.placed[last] = nil
	c.placed = c.placed[:last]
	j := p.job
	j.left--
	if j.left == 0 {
		g.jobEnd(j)
		if g.err != nil {
			return
		}
	}
	if len(g.queue) > 0 {
		g.requestPass()
	}
}

func (g *Grid) jobEnd(j *Job) {
	now := g.eng.Now()
	if g.cfg.Check {
		if err := g.checkJob(j, now); err != nil {
			g.fail(err)
			return
		}
	}
	g.running--
	r := &g.rec
	r.Job, r.Placed = j.job, j.placedAt
	r.Parts = r.Parts[:0]
	r.Clusters = 0
	for k, p := range j.parts {
		r.Parts = append(r.Parts, PlacedPart{Part: p.Part, End: p.end})
		if firstOnCluster(j.parts, k) {
			r.Clusters++
		}
	}
	g.stats.ended(r)
	if g.csv != nil {
		g.csv.write(r)
	}
	if g.cfg.OnEnd != nil {
		g.cfg.OnEnd(*r)
	}
	g.recycle(j)
	if g.cfg.StopAfter > 0 && g.stats.completed >= g.cfg.StopAfter {
		g.eng.Stop()
	}
}

// firstOnCluster reports whether parts[k] is the first part on its
// cluster.
func firstOnCluster(parts []part, k int) bool {
	for i := range k {
		if parts[i].Cluster == parts[k].Cluster {
			return false
		}
	}
	return true
}

package coalloc

import (
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/model/multicluster"
)

func init() {
	Policies.Register("fcfs", "first-come first-served across clusters: the queue head goes whole to a cluster where it can start now, else it blocks the queue",
		func(o Options) (Policy, error) {
			return &FCFS{named: "fcfs", chooser: chooser{rule: o.ClusterChoice}}, nil
		},
		"cluster_choice")
	Policies.Register("fpfs", "first-possible first-served across clusters: every queued job, in order, goes whole to a cluster where it can start now",
		func(o Options) (Policy, error) {
			return &FPFS{named: "fpfs", chooser: chooser{rule: o.ClusterChoice}}, nil
		},
		"cluster_choice")
	Policies.Register("ebf", "EASY backfilling across clusters: the blocked head reserves its earliest-finishing cluster; later jobs start now where they do not delay it",
		func(o Options) (Policy, error) {
			return &EBF{named: "ebf", chooser: chooser{rule: o.ClusterChoice}}, nil
		},
		"cluster_choice")
}

var (
	_ Policy = (*FCFS)(nil)
	_ Policy = (*FPFS)(nil)
	_ Policy = (*EBF)(nil)
)

type named string

// Name returns the registered name of the policy.
func (n named) Name() string { return string(n) }

type whole struct{}

// CoAllocates reports false: the job goes whole to one cluster.
func (whole) CoAllocates() bool { return false }

// FCFS places the queue head whole on a cluster where it can start now
// (by the cluster choice rule) as long as there is one; a head that fits
// nowhere now blocks the queue.
type FCFS struct {
	named
	whole
	chooser
}

// Schedule places queue heads while they fit.
func (p *FCFS) Schedule(v *multicluster.View, pl multicluster.Planner) error {
	return placeHeads(v, pl, &p.chooser)
}

// placeHeads places queue heads whole while they fit now somewhere.
func placeHeads(v *multicluster.View, pl multicluster.Planner, ch *chooser) error {
	for v.QueueLen() > 0 {
		c := ch.fitNow(v, v.Queued(0), nil)
		if c < 0 {
			return nil
		}
		if err := ch.placeWhole(v, pl, 0, c); err != nil {
			return err
		}
	}
	return nil
}

// FPFS scans the queue in order and places every job that can start now
// whole on some cluster. It reserves nothing, so large jobs can starve.
type FPFS struct {
	named
	whole
	chooser
}

// Schedule places, in queue order, every job that fits now.
func (p *FPFS) Schedule(v *multicluster.View, pl multicluster.Planner) error {
	for i := 0; i < v.QueueLen(); {
		if c := p.fitNow(v, v.Queued(i), nil); c >= 0 {
			if err := p.placeWhole(v, pl, i, c); err != nil {
				return err
			}
			continue
		}
		i++
	}
	return nil
}

// EBF is EASY backfilling over the grid. It places queue heads while they
// fit now. A head that fits nowhere now gets a reservation — recomputed
// at every pass, as in EASY — on the cluster where it finishes first,
// from the plans (the running parts' exact ends). Then every later job,
// in queue order, starts now on a cluster where it fits, provided that on
// the head's cluster it leaves the head's reservation whole.
type EBF struct {
	named
	whole
	chooser
	shadow cluster.Profile
}

// Schedule runs one EASY pass.
func (p *EBF) Schedule(v *multicluster.View, pl multicluster.Planner) error {
	if err := placeHeads(v, pl, &p.chooser); err != nil || v.QueueLen() < 2 {
		return err
	}
	now := v.Now()
	head := v.Queued(0)
	size := head.Size()
	hc, hs, hd := -1, 0.0, 0.0
	for c := range v.Clusters() {
		if v.Procs(c) < size {
			continue
		}
		d := v.Duration(head, c)
		if t := v.Plan(c).EarliestFit(size, d); hc < 0 || t+d < hs+hd {
			hc, hs, hd = c, t, d
		}
	}
	p.shadow.CopyFrom(v.Plan(hc))
	p.shadow.Reserve(hs, hs+hd, size)
	for i := 1; i < v.QueueLen(); {
		j := v.Queued(i)
		n := j.Size()
		c := p.fitNow(v, j, func(c int, d float64) bool { return c != hc || p.shadow.MinFree(now, now+d) >= n })
		if c < 0 {
			i++
			continue
		}
		if c == hc {
			p.shadow.Reserve(now, now+v.Duration(j, c), n)
		}
		if err := p.placeWhole(v, pl, i, c); err != nil {
			return err
		}
	}
	return nil
}

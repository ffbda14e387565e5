package grid

import (
	"math"

	"github.com/schedsim/schedsim/model/gang"
)

// The registered names of the approaches.
const (
	// Approach1 is "karatza-approach1": a gang goes to one site only.
	Approach1 = "karatza-approach1"
	// Approach2 is "karatza-approach2": approach 1, then a split over the
	// free processors of all sites.
	Approach2 = "karatza-approach2"
)

func init() {
	Allocators.Register(Approach1, "Dimitriadou-Karatza approach 1: a site with enough free processors (start now), else a site with enough empty queues, else the GS queue",
		func(o Options) (gang.Allocator, error) {
			return &Approach{Options: o, pick: queuePick(o.QueuePick)}, nil
		},
		"site_choice", "queue_pick", "dispatch")
	Allocators.Register(Approach2, "Dimitriadou-Karatza approach 2: approach 1, else split over the free processors of both sites with a service-time overhead, else the GS queue",
		func(o Options) (gang.Allocator, error) {
			return &Approach{Options: o, Split: true, pick: queuePick(o.QueuePick)}, nil
		},
		"overhead", "site_choice", "queue_pick", "dispatch")
}

var _ gang.Allocator = (*Approach)(nil)

// Approach is the allocation of Dimitriadou and Karatza (2010).
//
// Step 0 (both approaches; the GS queue's step 1), under the default
// Options.Dispatch = DispatchIdleOrBusy, counts "idle processors" and
// "empty queues" (paper lines 65–68) apart: if sites have at least size
// free processors (idle, empty queue), one of them at random — the gang
// starts now on free processors; else if sites have at least size busy
// processors with nothing waiting, one of them (at random, or the
// earliest estimated start with SiteEarliest) — the gang's tasks head
// those queues and it starts when all their processors are idle. A gang
// never mixes free and busy processors. Step 1 (approach 2 only; the GS
// queue's step 2): if the free processors of all sites together are at
// least size, split the gang over them, starting now, with its service
// time × (1 + Overhead); the site with the most free processors gives its
// processors first (ties at random).
//
// With DispatchEmptyQueues, step 0's second test counts every queue with
// nothing waiting, free or busy, and a gang may take a mix. With
// DispatchFree, step 0 only takes a site with at least size free
// processors, so that every gang starts as soon as it is dispatched.
type Approach struct {
	Options
	// Split enables step 1 (approach 2).
	Split bool
	pick  gang.QueuePick
}

// Steps returns 1 for approach 1 and 2 for approach 2.
func (a *Approach) Steps() int {
	if a.Split {
		return 2
	}
	return 1
}

// Place returns the placement of a gang of the given size at step.
func (a *Approach) Place(v *gang.View, size, step int) gang.Placement {
	switch {
	case step == 0:
		return a.oneSite(v, size)
	case step == 1 && a.Split:
		return a.split(v, size)
	}
	return gang.Placement{Kind: gang.Wait}
}

func (a *Approach) oneSite(v *gang.View, size int) gang.Placement {
	switch a.Dispatch {
	case DispatchEmptyQueues:
		return a.anyEmpty(v, size)
	case DispatchFree:
		if s := randomSite(v, func(s int) bool { return v.Free(s) >= size }); s >= 0 {
			return gang.Placement{Kind: gang.OneSite, Site: s, Pick: a.pick, Queues: gang.FreeOnly}
		}
		return gang.Placement{Kind: gang.Wait}
	}
	return a.idleOrBusy(v, size)
}

// anyEmpty is step 0 under DispatchEmptyQueues: a site with at least size
// free processors (at random), else a site with at least size empty
// queues (at random); with SiteEarliest, the site of the earliest
// estimated start among those with at least size empty queues.
func (a *Approach) anyEmpty(v *gang.View, size int) gang.Placement {
	if a.SiteChoice == SiteEarliest {
		pick := earliestSite(v, func(s int) float64 { return v.EarliestStart(s, size) })
		if pick < 0 {
			return gang.Placement{Kind: gang.Wait}
		}
		return gang.Placement{Kind: gang.OneSite, Site: pick, Pick: a.pick}
	}
	if s := randomSite(v, func(s int) bool { return v.Free(s) >= size }); s >= 0 {
		return gang.Placement{Kind: gang.OneSite, Site: s, Pick: a.pick}
	}
	if s := randomSite(v, func(s int) bool { return v.EmptyQueues(s) >= size }); s >= 0 {
		return gang.Placement{Kind: gang.OneSite, Site: s, Pick: a.pick}
	}
	return gang.Placement{Kind: gang.Wait}
}

// idleOrBusy is step 0 under DispatchIdleOrBusy: a site with at least
// size free processors (at random: the gang starts now wherever it goes),
// else a site with at least size busy processors with nothing waiting
// (at random, or the earliest estimated start with SiteEarliest).
func (a *Approach) idleOrBusy(v *gang.View, size int) gang.Placement {
	if s := randomSite(v, func(s int) bool { return v.Free(s) >= size }); s >= 0 {
		return gang.Placement{Kind: gang.OneSite, Site: s, Pick: a.pick, Queues: gang.FreeOnly}
	}
	s := -1
	if a.SiteChoice == SiteEarliest {
		s = earliestSite(v, func(s int) float64 { return v.EarliestBusyStart(s, size) })
	} else {
		s = randomSite(v, func(s int) bool { return v.BusyEmpty(s) >= size })
	}
	if s < 0 {
		return gang.Placement{Kind: gang.Wait}
	}
	return gang.Placement{Kind: gang.OneSite, Site: s, Pick: a.pick, Queues: gang.BusyOnly}
}

// earliestSite returns the site with the smallest finite start(s), ties
// at random (reservoir sampling), or -1 when every start is +Inf.
func earliestSite(v *gang.View, start func(int) float64) int {
	best, n, pick := math.Inf(1), 0, -1
	for s := 0; s < v.Sites(); s++ {
		t := start(s)
		switch {
		case math.IsInf(t, 1):
		case pick < 0 || t < best:
			best, n, pick = t, 1, s
		case t == best:
			n++
			if v.Rand().IntN(n) == 0 {
				pick = s
			}
		}
	}
	return pick
}

func (a *Approach) split(v *gang.View, size int) gang.Placement {
	if v.TotalFree() < size {
		return gang.Placement{Kind: gang.Wait}
	}
	most := 0
	for s := 0; s < v.Sites(); s++ {
		if f := v.Free(s); f > most {
			most = f
		}
	}
	s := randomSite(v, func(s int) bool { return v.Free(s) == most })
	return gang.Placement{Kind: gang.Split, Site: s, Overhead: a.Overhead}
}

// randomSite returns a site satisfying ok chosen uniformly at random (no
// draw when there is only one), or -1.
func randomSite(v *gang.View, ok func(int) bool) int {
	n, first := 0, -1
	for s := 0; s < v.Sites(); s++ {
		if ok(s) {
			if n == 0 {
				first = s
			}
			n++
		}
	}
	if n <= 1 {
		return first
	}
	k := v.Rand().IntN(n)
	for s := 0; s < v.Sites(); s++ {
		if ok(s) {
			if k == 0 {
				return s
			}
			k--
		}
	}
	return first
}

package grid

import "github.com/schedsim/schedsim/model/gang"

// The registered names of the GS queue disciplines.
const (
	// LGF is "lgf": largest gang first, oldest on ties (the paper's).
	LGF = "lgf"
	// FirstFit is "first-fit": the oldest gang that can be placed.
	FirstFit = "first-fit"
)

func init() {
	Queues.Register(LGF, "largest gang first, oldest on ties; every step of the approach is tried over the whole queue before the next",
		func(struct{}) (gang.GridQueue, error) { return LargestFirst{}, nil })
	Queues.Register(FirstFit, "oldest gang that can be placed; every step of the approach is tried over the whole queue before the next",
		func(struct{}) (gang.GridQueue, error) { return OldestFit{}, nil })
}

var (
	_ gang.GridQueue = LargestFirst{}
	_ gang.GridQueue = OldestFit{}
)

// LargestFirst is the GS queue discipline of Dimitriadou and Karatza
// (2010): for step 0 of the approach (the paper's step 1: empty queues of
// one site), then for step 1 (step 2: split over free processors), it looks
// for the largest queued gang the step can place, the oldest of that size
// on ties, and dispatches it. The model calls it again until it finds
// nothing (the paper's step 3).
type LargestFirst struct{}

// Next returns the largest placeable gang and its placement.
func (LargestFirst) Next(v *gang.View, q *gang.GSQueue, a gang.Allocator) (int, gang.Placement, bool) {
	for step := 0; step < a.Steps(); step++ {
		for size := q.MaxSize(); size >= 1; size-- {
			if q.Count(size) == 0 {
				continue
			}
			if pl := a.Place(v, size, step); pl.Kind != gang.Wait {
				return q.Oldest(size), pl, true
			}
		}
	}
	return -1, gang.Placement{}, false
}

// OldestFit dispatches the oldest queued gang that a step can place,
// trying step 0 over the whole queue before step 1.
type OldestFit struct{}

// Next returns the oldest placeable gang and its placement.
func (OldestFit) Next(v *gang.View, q *gang.GSQueue, a gang.Allocator) (int, gang.Placement, bool) {
	for step := 0; step < a.Steps(); step++ {
		for i := 0; i < q.Len(); i++ {
			if pl := a.Place(v, q.Size(i), step); pl.Kind != gang.Wait {
				return i, pl, true
			}
		}
	}
	return -1, gang.Placement{}, false
}

package coalloc

import (
	"cmp"
	"math"
	"slices"

	"github.com/schedsim/schedsim/model/multicluster"
)

// chooser picks the cluster a job goes to whole, among those where it can
// start now.
type chooser struct {
	rule  string
	part  [1]multicluster.Part
	speed []int // cluster indices, fastest first (ties: platform order)
}

// fitNow returns the cluster where j can start now by the rule, or -1.
// ok, when not nil, vetoes clusters (EBF's protected head reservation).
func (ch *chooser) fitNow(v *multicluster.View, j *multicluster.Job, ok func(c int, d float64) bool) int {
	now, size := v.Now(), j.Size()
	best, bestD, bestLeft := -1, math.Inf(1), math.MaxInt
	for c := range v.Clusters() {
		if v.Procs(c) < size {
			continue
		}
		d := v.Duration(j, c)
		free := v.Plan(c).MinFree(now, now+d)
		if free < size || ok != nil && !ok(c, d) {
			continue
		}
		left := free - size
		switch ch.rule {
		case ChoiceFirstFit:
			return c
		case ChoiceBestFit:
			if left < bestLeft || left == bestLeft && d < bestD {
				best, bestD, bestLeft = c, d, left
			}
		default:
			if d < bestD {
				best, bestD = c, d
			}
		}
	}
	return best
}

// placeWhole places the i-th queued job whole on cluster c from now.
func (ch *chooser) placeWhole(v *multicluster.View, p multicluster.Planner, i, c int) error {
	ch.part[0] = multicluster.Part{Cluster: c, Start: v.Now(), Procs: v.Queued(i).Size()}
	return p.Place(i, ch.part[:])
}

// bySpeed returns the cluster indices fastest first, ties in platform
// order: for parts that start together, the order of earliest finish.
func (ch *chooser) bySpeed(v *multicluster.View) []int {
	if len(ch.speed) != v.Clusters() {
		ch.speed = ch.speed[:0]
		for c := range v.Clusters() {
			ch.speed = append(ch.speed, c)
		}
		slices.SortStableFunc(ch.speed, func(a, b int) int { return cmp.Compare(v.Speed(b), v.Speed(a)) })
	}
	return ch.speed
}

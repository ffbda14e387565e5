package reference

import "sort"

// weights are the order: maui weights (predictions-pwa.md, The Maui-style
// priority; doc comment of batch.Weights).
type weights struct{ queueTime, xfactor, size float64 }

// priority is a queued job's priority at now: queue_time · (now −
// submit) / 60 + xfactor · (now − submit + estimate) / estimate + size ·
// processors, the estimate being the one planned with.
func (w weights) priority(r *rjob, now float64) float64 {
	return w.queueTime*(now-r.submit)/60 + w.xfactor*(now-r.submit+r.est)/r.est + w.size*float64(r.size)
}

// prioritize sorts the queue by descending priority at the time of the
// pass, equal priorities by arrival (the workload's order, that of the
// IDs); the order is re-evaluated at every pass.
func (s *state) prioritize() {
	w := *s.cfg.maui
	sort.SliceStable(s.queue, func(a, b int) bool {
		pa, pb := w.priority(s.queue[a], s.now), w.priority(s.queue[b], s.now)
		if pa != pb {
			return pa > pb
		}
		return s.queue[a].id < s.queue[b].id
	})
}

// mauiPolicies are the policies cross-checked under order: maui too, on
// mauiWorkloads workloads each (fewer than workloads, to keep the
// package's tests within 10 s on one core).
var mauiPolicies = []string{"fcfs", "fpfs", "easy", "easy-sjbf", "greedy-easy", "lookahead", "conservative"}

const mauiWorkloads = 150

// mauiWeights draws the weights: queue_time 0, 1 or 2, xfactor 0, 1 or
// 10, size −1, 0 or 1 (all 0 one time in 27: first come).
func mauiWeights(r interface{ IntN(int) int }) *weights {
	return &weights{
		queueTime: float64(r.IntN(3)),
		xfactor:   []float64{0, 1, 10}[r.IntN(3)],
		size:      float64(r.IntN(3) - 1),
	}
}

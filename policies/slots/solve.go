package slots

import (
	"cmp"
	"slices"
)

// dpItem is one alternative of a job in the DP: constrained value,
// objective value, index.
type dpItem struct {
	z, g float64
	k    int32
}

// dpState is a partial choice: its totals and how it was reached.
type dpState struct {
	z, g   float64 // constrained total, objective total
	parent int32   // index in the previous stage
	alt    int32   // alternative of this stage's job
}

// dpHead is the next state of one shifted list in the merge of a stage:
// previous state si plus alternative item.
type dpHead struct {
	z, g          float64
	item, si, alt int32
}

// headLess orders heads as the states they stand for: by constrained
// total, better objective, previous state, alternative.
func headLess(a, b *dpHead, maximize bool) bool {
	switch {
	case a.z != b.z:
		return a.z < b.z
	case a.g != b.g:
		return a.g > b.g == maximize
	case a.si != b.si:
		return a.si < b.si
	}
	return a.alt < b.alt
}

// siftDown restores the heap order below k.
func siftDown(h []dpHead, k int, maximize bool) {
	for {
		c := 2*k + 1
		if c >= len(h) {
			return
		}
		if c+1 < len(h) && headLess(&h[c+1], &h[c], maximize) {
			c++
		}
		if !headLess(&h[c], &h[k], maximize) {
			return
		}
		h[k], h[c] = h[c], h[k]
		k = c
	}
}

// solve runs the DP on the n jobs whose alternatives are
// w.items[w.off[i]:w.off[i+1]] and leaves the optimal choice in w.index.
// Its steps: drop the alternatives dominated within their job, take the
// best of every job outright when that already meets the limit (the
// bound says so), else build the stages forward and read the choice back.
func (w *DP) solve(n int, maximize bool, limit float64) bool {
	w.index = w.index[:0]
	if n == 0 {
		return true
	}
	itemOff, ok := w.keepUndominated(n, maximize)
	if !ok {
		return false // a job without alternatives
	}
	var bound dpBound
	if !w.noBound {
		bound = w.newBound(itemOff[:n+1], maximize, limit)
	}
	if bound.free {
		w.pickBest(itemOff, n, maximize)
		w.off = itemOff[:n+1]
		return true
	}
	stageOff, ok := w.forward(itemOff, n, maximize, limit, &bound)
	if !ok {
		return false
	}
	w.off = itemOff[:n+1] // stageOff may have grown into a new array; keep the buffer
	w.backtrack(stageOff, n)
	return true
}

// better reports whether objective a is better than b.
func better(maximize bool, a, b float64) bool {
	if maximize {
		return a > b
	}
	return a < b
}

// compareItems orders one job's alternatives by constrained value, then
// better objective, then alternative index.
func compareItems(a, b dpItem, maximize bool) int {
	switch {
	case a.z != b.z:
		return cmp.Compare(a.z, b.z)
	case a.g != b.g:
		if better(maximize, a.g, b.g) {
			return -1
		}
		return 1
	}
	return cmp.Compare(a.k, b.k)
}

// keepUndominated drops, within each job, the alternatives dominated by
// another of the same job (constrained value ≥, objective no better):
// swapping one for the dominating alternative never hurts a choice. Job
// i's kept alternatives end up at itemOff[i]:itemOff[i+1]. It reports
// false when a job has no alternative.
func (w *DP) keepUndominated(n int, maximize bool) (itemOff []int, ok bool) {
	itemOff = w.off
	kept := 0
	for i := 0; i < n; i++ {
		its := w.items[itemOff[i]:itemOff[i+1]]
		itemOff[i] = kept
		slices.SortFunc(its, func(a, b dpItem) int { return compareItems(a, b, maximize) })
		last := -1
		for _, it := range its {
			if last < 0 || better(maximize, it.g, w.items[last].g) {
				w.items[kept] = it
				last = kept
				kept++
			}
		}
	}
	itemOff[n] = kept
	w.items = w.items[:kept]
	for i := 0; i < n; i++ {
		if itemOff[i] == itemOff[i+1] {
			return itemOff, false
		}
	}
	return itemOff, true
}

// pickBest chooses the best alternative of every job, for when those meet
// the limit together: that is the optimum (the least constrained value,
// then the first, on ties).
func (w *DP) pickBest(itemOff []int, n int, maximize bool) {
	w.index = append(w.index, make([]int, n)...)
	for i := 0; i < n; i++ {
		ja := w.items[itemOff[i]:itemOff[i+1]]
		k := 0
		for j := range ja {
			if better(maximize, ja[j].g, ja[k].g) {
				k = j
			}
		}
		w.index[i] = int(ja[k].k)
	}
}

// forward builds the stages over the jobs: stage i's states are
// w.states[stageOff[i]:stageOff[i+1]], stage 0 the empty choice. It
// reports false when a stage is empty (no choice meets the limit).
func (w *DP) forward(itemOff []int, n int, maximize bool, limit float64, bound *dpBound) ([]int, bool) {
	stageOff := itemOff[n+1:]
	w.states = append(w.states[:0], dpState{parent: -1, alt: -1})
	stageOff = append(stageOff, 0, 1)
	for i := 0; i < n; i++ {
		curFrom, curTo := stageOff[i], stageOff[i+1]
		w.extend(i, w.states[curFrom:curTo], curTo, w.items[itemOff[i]:itemOff[i+1]], maximize, limit, bound)
		if len(w.states) == curTo {
			return nil, false
		}
		stageOff = append(stageOff, len(w.states))
	}
	return stageOff, true
}

// extend appends stage i+1: the previous states prev (stored up to
// index curTo) extended by each alternative of job i (ja), keeping the
// Pareto front. prev is sorted by constrained total, and adding one
// alternative to all of it keeps that order, so the len(ja) shifted lists
// are merged through a heap of their heads (in the order of the sort this
// replaces).
func (w *DP) extend(i int, prev []dpState, curTo int, ja []dpItem, maximize bool, limit float64, bound *dpBound) {
	size := int32(len(prev))
	hs := w.heads[:0]
	for a, it := range ja {
		if z := prev[0].z + it.z; z <= limit { // else the whole list breaks the limit
			hs = append(hs, dpHead{z: z, g: prev[0].g + it.g, item: int32(a), alt: it.k})
		}
	}
	for k := len(hs)/2 - 1; k >= 0; k-- {
		siftDown(hs, k, maximize)
	}
	for len(hs) > 0 {
		h := &hs[0]
		st := dpState{z: h.z, g: h.g, parent: h.si, alt: h.alt}
		if last := len(w.states) - 1; (last < curTo || better(maximize, st.g, w.states[last].g)) && !bound.prunes(i+1, st) {
			w.states = append(w.states, st)
		}
		h.si++
		it := ja[h.item]
		if last := len(w.states) - 1; last >= curTo && h.si < size && !better(maximize, prev[h.si].g+it.g, w.states[last].g) {
			h.si = skipNoBetter(prev, h.si, it.g, w.states[last].g, maximize)
		}
		if h.si < size {
			h.z, h.g = prev[h.si].z+it.z, prev[h.si].g+it.g
		}
		if h.si >= size || !(h.z <= limit) {
			hs[0] = hs[len(hs)-1]
			hs = hs[:len(hs)-1]
		}
		if len(hs) > 0 {
			siftDown(hs, 0, maximize)
		}
	}
	w.heads = hs[:0]
}

// skipNoBetter returns the first index after si whose state, extended by
// an alternative of objective g, is better than lastG. A head's next
// states improve along prev, and those no better than the last state kept
// would be dropped when popped (the last state only improves): they are
// skipped in one binary search.
func skipNoBetter(prev []dpState, si int32, g, lastG float64, maximize bool) int32 {
	lo, hi := si+1, int32(len(prev))
	for lo < hi {
		m := int32(uint32(lo+hi) >> 1)
		if better(maximize, prev[m].g+g, lastG) {
			hi = m
		} else {
			lo = m + 1
		}
	}
	return lo
}

// backtrack reads the optimal choice back from the best final state.
func (w *DP) backtrack(stageOff []int, n int) {
	w.index = append(w.index, make([]int, n)...)
	si := stageOff[n+1] - 1 - stageOff[n] // the best final state
	for i := n - 1; i >= 0; i-- {
		st := w.states[stageOff[i+1]+si]
		w.index[i] = int(st.alt)
		si = int(st.parent)
	}
}

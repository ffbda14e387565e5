package slurm

import (
	"cmp"
	"container/heap"
	"slices"
)

// before orders jobs as the importer numbers them: by submit time, then
// JobIDRaw, then line (unique, so the order is total).
func before(a, b *Job) int {
	return cmp.Or(cmp.Compare(a.Submit, b.Submit), cmp.Compare(a.RawID, b.RawID), cmp.Compare(a.Line, b.Line))
}

// window holds the jobs read and not yet passed on, to pass them on in
// submit order: all of them (size 0) or at most size, the earliest
// passed on when one more comes.
type window struct {
	size int
	jobs jobHeap
	// byID finds a held job by its ID, for its heterogeneous components.
	byID map[string]*Job
	// last is the job passed on last (nil before the first).
	last *Job
}

func newWindow(size int) *window { return &window{size: size, byID: map[string]*Job{}} }

// held returns the held job of id, or nil.
func (w *window) held(id string) *Job { return w.byID[id] }

// push holds j, passing the earliest job on to emit when the window is
// full; a job that sorts before one already passed on is the error of
// misordered.
func (w *window) push(j *Job, misordered func(j, last *Job) error, emit func(*Job) error) error {
	if w.last != nil && before(j, w.last) < 0 {
		return misordered(j, w.last)
	}
	w.byID[j.ID] = j
	if w.size <= 0 { // hold every job; drain sorts them
		w.jobs = append(w.jobs, j)
		return nil
	}
	heap.Push(&w.jobs, j)
	if len(w.jobs) <= w.size {
		return nil
	}
	return w.pass(heap.Pop(&w.jobs).(*Job), emit)
}

// fix restores the order after held job j's submit time changed (a
// heterogeneous component was folded into it).
func (w *window) fix(j *Job, misordered func(j, last *Job) error, emit func(*Job) error) error {
	if w.last != nil && before(j, w.last) < 0 {
		return misordered(j, w.last)
	}
	if w.size > 0 {
		heap.Fix(&w.jobs, slices.Index(w.jobs, j))
	}
	return nil
}

// pass passes j on.
func (w *window) pass(j *Job, emit func(*Job) error) error {
	delete(w.byID, j.ID)
	w.last = j
	return emit(j)
}

// drain passes every held job on, in order, at the end of the input.
func (w *window) drain(emit func(*Job) error) error {
	jobs := w.jobs
	w.jobs = nil
	slices.SortFunc(jobs, before)
	for _, j := range jobs {
		if err := w.pass(j, emit); err != nil {
			return err
		}
	}
	return nil
}

// jobHeap is a min-heap of jobs in the order of before.
type jobHeap []*Job

func (h jobHeap) Len() int           { return len(h) }
func (h jobHeap) Less(i, k int) bool { return before(h[i], h[k]) < 0 }
func (h jobHeap) Swap(i, k int)      { h[i], h[k] = h[k], h[i] }
func (h *jobHeap) Push(x any)        { *h = append(*h, x.(*Job)) }
func (h *jobHeap) Pop() any {
	old := *h
	j := old[len(old)-1]
	old[len(old)-1] = nil
	*h = old[:len(old)-1]
	return j
}

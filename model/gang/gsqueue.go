package gang

// GSQueue is the grid scheduler's queue of waiting gangs in arrival order:
// index 0 is the oldest. Policies read it; only the model changes it.
type GSQueue struct {
	gangs []*gangJob
	// count[k] is the number of queued gangs of size k.
	count []int
}

// Len returns the number of queued gangs.
func (q *GSQueue) Len() int { return len(q.gangs) }

// Size returns the number of tasks of the i-th queued gang.
func (q *GSQueue) Size(i int) int { return q.gangs[i].job.Size }

// Arrival returns the arrival time of the i-th queued gang.
func (q *GSQueue) Arrival(i int) float64 { return q.gangs[i].job.Submit }

// ID returns the job ID of the i-th queued gang.
func (q *GSQueue) ID(i int) int64 { return q.gangs[i].job.ID }

// MaxSize returns an upper bound of the sizes in the queue: the largest
// gang size the system accepts.
func (q *GSQueue) MaxSize() int { return len(q.count) - 1 }

// Count returns the number of queued gangs of the given size.
func (q *GSQueue) Count(size int) int {
	if size < 0 || size >= len(q.count) {
		return 0
	}
	return q.count[size]
}

// Oldest returns the index of the oldest queued gang of the given size, or
// -1 if there is none.
func (q *GSQueue) Oldest(size int) int {
	if q.Count(size) == 0 {
		return -1
	}
	for i, g := range q.gangs {
		if g.job.Size == size {
			return i
		}
	}
	return -1
}

func (q *GSQueue) push(g *gangJob) {
	q.gangs = append(q.gangs, g)
	q.count[g.job.Size]++
}

func (q *GSQueue) remove(i int) *gangJob {
	g := q.gangs[i]
	copy(q.gangs[i:], q.gangs[i+1:])
	q.gangs[len(q.gangs)-1] = nil
	q.gangs = q.gangs[:len(q.gangs)-1]
	q.count[g.job.Size]--
	return g
}

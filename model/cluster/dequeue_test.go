package cluster

import (
	"slices"
	"testing"
)

// TestDequeue checks that removing the i-th queued job, from either
// side, leaves the other jobs in their order, and that the queue still
// takes jobs at its end afterwards.
func TestDequeue(t *testing.T) {
	for n := 1; n <= 7; n++ {
		for i := 0; i < n; i++ {
			jobs := make([]*Job, n+1)
			for k := range jobs {
				jobs[k] = &Job{seq: uint64(k)}
			}
			c := &Cluster{queue: slices.Clone(jobs[:n])}
			c.dequeue(i)
			want := slices.Delete(slices.Clone(jobs[:n]), i, i+1)
			if !slices.Equal(c.queue, want) {
				t.Fatalf("%d jobs, dequeue(%d): queue %v, want %v", n, i, seqs(c.queue), seqs(want))
			}
			c.queue = append(c.queue, jobs[n])
			if want = append(want, jobs[n]); !slices.Equal(c.queue, want) {
				t.Fatalf("%d jobs, dequeue(%d) then append: queue %v, want %v", n, i, seqs(c.queue), seqs(want))
			}
		}
	}
}

// seqs returns the sequence numbers of the queued jobs, for messages.
func seqs(q []*Job) []uint64 {
	out := make([]uint64, len(q))
	for k, j := range q {
		out[k] = j.seq
	}
	return out
}

package cluster

import (
	"fmt"
	"slices"
	"testing"
)

// byPrio is a test scheduler with a dynamic order: priority = wait ×
// weight[ID], so jobs with a larger weight overtake the others as they
// wait. It starts the heads that fit at 0 and from stopAt on, and
// records the queue (IDs) it sees at every pass.
type byPrio struct {
	weight map[int64]float64
	stopAt float64
	seen   []string
}

func (p *byPrio) Less(a, b *Job) bool { return BySubmit(a, b) }

func (p *byPrio) Priority() func(j *Job, now float64) float64 {
	return func(j *Job, now float64) float64 { return (now - j.Submit()) * p.weight[j.ID()] }
}

func (p *byPrio) Schedule(v *View, s Starter) error {
	ids := make([]int64, v.QueueLen())
	for i := range ids {
		ids[i] = v.Queued(i).ID()
	}
	p.seen = append(p.seen, fmt.Sprintf("%v:%v", v.Now(), ids))
	for (v.Now() >= p.stopAt || v.Now() == 0) && v.QueueLen() > 0 && v.Queued(0).Size() <= v.Free() {
		if err := s.Start(0); err != nil {
			return err
		}
	}
	return nil
}

// TestPrioritizedResorts checks the dynamic-order path: the queue is in
// priority order in every pass (evaluated at the pass's time), equal
// priorities in Less order, and the checker accepts it.
func TestPrioritizedResorts(t *testing.T) {
	// J1 holds the machine until 10. J2 (weight 1) arrives at 1, J3
	// (weight 3) at 2, J4 (weight 1) at 2. At 2: J2 has 1, J3 and J4 0,
	// tied (arrival). At 3: J2 2, J3 3, J4 1. At 10 (J1 ends): J2 9,
	// J3 24, J4 8: J3 starts first.
	p := &byPrio{weight: map[int64]float64{1: 1, 2: 1, 3: 3, 4: 1}, stopAt: 10}
	js := jobs([5]float64{1, 0, 4, 10, 10}, [5]float64{2, 1, 4, 5, 5}, [5]float64{3, 2, 4, 5, 5}, [5]float64{4, 2, 4, 5, 5}, [5]float64{5, 3, 4, 1, 1})
	_, recs, err := run(t, p, Config{Procs: 4}, js)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"0:[1]", "1:[2]", "2:[2 3 4]", "3:[3 2 4 5]", "10:[3 2 4 5]", "15:[2 4 5]", "20:[4 5]", "25:[5]"}
	if !slices.Equal(p.seen, want) {
		t.Errorf("queues seen\n got %v\nwant %v", p.seen, want)
	}
	starts := map[int64]float64{}
	for _, r := range recs {
		starts[r.ID] = r.Start
	}
	if starts[3] != 10 || starts[2] != 15 || starts[4] != 20 || starts[5] != 25 {
		t.Errorf("starts %v, want J3 10, J2 15, J4 20, J5 25", starts)
	}
}

// TestPrioritizedNilIsStatic checks that a Prioritized scheduler that
// returns nil keeps the static path (Less).
func TestPrioritizedNilIsStatic(t *testing.T) {
	if prioOrder(&fifo{}) != nil {
		t.Error("a scheduler without Priority has a dynamic order")
	}
	if prioOrder(&staticPrio{}) != nil {
		t.Error("a nil Priority is a dynamic order")
	}
}

type staticPrio struct{ fifo }

func (*staticPrio) Priority() func(*Job, float64) float64 { return nil }

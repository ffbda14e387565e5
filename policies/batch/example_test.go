package batch

import (
	"fmt"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/sim"
)

// smallest is a custom policy: the queue in size order, smallest first
// (ties by arrival), and its heads start while they fit. This file is all
// it takes: the policy, its registration and its golden case.
type smallest struct{}

var _ Policy = smallest{}

func (smallest) Name() string   { return "smallest" }
func (smallest) SetProbe(Probe) {}
func (smallest) Less(a, b *cluster.Job) bool {
	return a.Size() < b.Size() || a.Size() == b.Size() && cluster.BySubmit(a, b)
}
func (smallest) Schedule(v *cluster.View, s cluster.Starter) error {
	for v.QueueLen() > 0 && v.Queued(0).Size() <= v.Free() {
		if err := s.Start(0); err != nil {
			return err
		}
	}
	return nil
}

func init() {
	Policies.Register("smallest", "smallest job first, no backfilling (the example of example_test.go)",
		func(Options) (Policy, error) { return smallest{}, nil })
	// J1 holds the machine until 10; then J4 (1 proc) and J3 (2) go
	// before J2 (3 procs), which waits for J3 to end.
	goldens = append(goldens, golden{
		name: "smallest-first", procs: 4,
		jobs: []gj{{1, 0, 4, 10, 10}, {2, 1, 3, 5, 5}, {3, 2, 2, 5, 5}, {4, 3, 1, 5, 5}},
		want: map[string][]float64{"smallest": {0, 15, 10, 10}},
	})
}

// A custom batch policy, registered under "smallest", replays four jobs
// on a 4-processor cluster.
func Example() {
	p, err := Policies.New("smallest", Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	jobs := []model.Job{
		model.NewJob(1, 0, 4, 10, 10), // id, submit, processors, runtime, estimate
		model.NewJob(2, 1, 3, 5, 5),
		model.NewJob(3, 2, 2, 5, 5),
		model.NewJob(4, 3, 1, 5, 5),
	}
	c, err := cluster.New(sim.NewFast(), &model.SliceSource{Jobs: jobs}, p, cluster.Config{
		Procs: 4,
		OnEnd: func(j model.Job) { fmt.Printf("job %d: %d procs, start %v, end %v\n", j.ID, j.Size, j.Start, j.End) },
	})
	if err == nil {
		_, err = c.Run(sim.Limit{})
	}
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// job 1: 4 procs, start 0, end 10
	// job 4: 1 procs, start 10, end 15
	// job 3: 2 procs, start 10, end 15
	// job 2: 3 procs, start 15, end 20
}

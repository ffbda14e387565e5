package batch

import "github.com/schedsim/schedsim/model/cluster"

func init() {
	Policies.Register("fcfs", "first-come first-served: start the queue head while it fits, no backfilling",
		func(o Options) (Policy, error) { return &FCFS{base: newBase("fcfs", o)}, nil }, "order", "weights")
	Policies.Register("fpfs", "first-possible first-served: start, in queue order, every queued job that fits now",
		func(o Options) (Policy, error) { return &FPFS{base: newBase("fpfs", o)}, nil }, "order", "weights")
}

var (
	_ Policy = (*FCFS)(nil)
	_ Policy = (*FPFS)(nil)
)

// FCFS starts the queue head as long as it fits; a head that does not fit
// blocks the whole queue. With the sjf order it is shortest-job-first
// without backfilling.
type FCFS struct{ base }

// Schedule starts queue heads while they fit.
func (p *FCFS) Schedule(v *cluster.View, s cluster.Starter) error {
	for v.QueueLen() > 0 && v.Queued(0).Size() <= v.Free() {
		if err := s.Start(0); err != nil {
			return err
		}
	}
	return nil
}

// FPFS (first-possible first-served, or first fit) scans the queue in
// order and starts every job that fits in the processors still free. It
// makes no reservation, so large jobs can starve.
type FPFS struct{ base }

// Schedule starts, in queue order, every job that fits.
func (p *FPFS) Schedule(v *cluster.View, s cluster.Starter) error {
	for i := 0; i < v.QueueLen() && v.Free() > 0; {
		if v.Queued(i).Size() <= v.Free() {
			if err := s.Start(i); err != nil {
				return err
			}
			continue
		}
		i++
	}
	return nil
}

package cluster

import "testing"

// TestChangesCountAllButArrivalsAtTheEnd checks View.Changes on one
// processor: job 1 starts at 0 (estimate 10, runtime 200), job 2 and job
// 3 arrive while it runs, job 1 overruns at 10 and ends at 200, jobs 2
// and 3 run after it for a second each. Joining
// the queue's end leaves the count, a start, an overrun and an end move
// it; and NextFitting finds the queued jobs that fit.
func TestChangesCountAllButArrivalsAtTheEnd(t *testing.T) {
	var atPass, atArrival []uint64
	var fits []int
	f := &fifo{onArrive: func(v *View, j *Job) { atArrival = append(atArrival, v.Changes()) }}
	sched := &passRecorder{fifo: f, pass: func(v *View) {
		atPass = append(atPass, v.Changes())
		fits = append(fits, v.NextFitting(0, 1), v.NextFitting(0, 0))
	}}
	_, _, err := run(t, sched, Config{Procs: 1, OverrunStep: 1000},
		jobs([5]float64{1, 0, 1, 200, 10}, [5]float64{2, 5, 1, 1, 1}, [5]float64{3, 6, 1, 1, 1}))
	if err != nil {
		t.Fatal(err)
	}
	// Passes at 0 (before job 1 starts), 5, 6, 10 (overrun), 200 and 201
	// (ends).
	if len(atPass) != 6 || len(atArrival) != 3 {
		t.Fatalf("%d passes, %d arrivals", len(atPass), len(atArrival))
	}
	if atArrival[0] != 0 || atPass[0] != 0 {
		t.Errorf("count %d at the first arrival, %d at its pass: want 0 (nothing ran yet)", atArrival[0], atPass[0])
	}
	started := atArrival[1]
	if started == 0 || atPass[1] != started || atArrival[2] != started || atPass[2] != started {
		t.Errorf("count after job 1 started %d; at the passes and arrivals of jobs 2 and 3: %v, %v (want it unchanged)", started, atPass[1:3], atArrival[1:])
	}
	if atPass[3] <= atPass[2] || atPass[4] <= atPass[3] {
		t.Errorf("counts at the passes of the overrun and of the end %d, %d: want each above the one before (%v)", atPass[3], atPass[4], atPass)
	}
	// NextFitting(0, 1) and (0, 0) at each pass: the queue holds job 1
	// (before its start), job 2, jobs 2 and 3 three times, then job 3
	// (one processor each).
	want := []int{0, 1, 0, 1, 0, 2, 0, 2, 0, 2, 0, 1}
	for k := range want {
		if fits[k] != want[k] {
			t.Fatalf("NextFitting at the passes: %v, want %v", fits, want)
		}
	}
}

// passRecorder is fifo with a hook called at the start of every pass.
type passRecorder struct {
	*fifo
	pass func(v *View)
}

func (p *passRecorder) Schedule(v *View, s Starter) error {
	p.pass(v)
	return p.fifo.Schedule(v, s)
}

package cluster

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// fifo is a test scheduler: it starts queue heads while they fit. It
// records the tracker calls.
type fifo struct {
	arrived, ended []int64
	extended       []string
	onArrive       func(v *View, j *Job)
}

func (f *fifo) Less(a, b *Job) bool { return BySubmit(a, b) }

func (f *fifo) Schedule(v *View, s Starter) error {
	for v.QueueLen() > 0 && v.Queued(0).Size() <= v.Free() {
		if err := s.Start(0); err != nil {
			return err
		}
	}
	return nil
}

func (f *fifo) Arrived(v *View, j *Job) {
	f.arrived = append(f.arrived, j.ID())
	if f.onArrive != nil {
		f.onArrive(v, j)
	}
}

func (f *fifo) Ended(v *View, j *Job) { f.ended = append(f.ended, j.ID()) }

func (f *fifo) Extended(v *View, j *Job, old float64) {
	f.extended = append(f.extended, fmt.Sprintf("%d:%v→%v@%v", j.ID(), old, j.EstEnd(), v.Now()))
}

func jobs(specs ...[5]float64) []model.Job {
	out := make([]model.Job, len(specs))
	for i, s := range specs {
		out[i] = model.NewJob(int64(s[0]), s[1], int(s[2]), s[3], s[4])
	}
	return out
}

func run(t *testing.T, sched Scheduler, cfg Config, js []model.Job) (*Result, []model.Job, error) {
	t.Helper()
	var recs []model.Job
	cfg.OnEnd = func(j model.Job) { recs = append(recs, j) }
	cfg.Check = true
	c, err := New(sim.NewFast(), &model.SliceSource{Jobs: js}, sched, cfg)
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run(sim.Limit{})
	return res, recs, err
}

func TestMetricsAndCSV(t *testing.T) {
	var csv bytes.Buffer
	res, recs, err := run(t, &fifo{}, Config{Procs: 2, Jobs: &csv}, jobs(
		[5]float64{1, 0, 2, 10, 10},
		[5]float64{2, 1, 1, 5, 6},
		[5]float64{3, 2, 1, 20, 30},
	))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("%d records", len(recs))
	}
	s := res.Summary
	// Starts 0, 10, 10; waits 0, 9, 8; responses 10, 14, 28.
	want := map[string]float64{
		"jobs_completed": 3, "jobs_rejected": 0,
		"mean_wait": 17.0 / 3, "p50_wait": 8, "p95_wait": 8.9, "p99_wait": 8.98, "max_wait": 9,
		"mean_response": 52.0 / 3, "mean_slowdown": (1 + 2.8 + 1.4) / 3,
		"mean_bsld": (1 + 1.4 + 1.4) / 3, "p50_bsld": 1.4, "p95_bsld": 1.4, "p99_bsld": 1.4,
		"utilization": 45.0 / 60, "makespan": 30, "sum_runtime": 35, "jobs_killed": 0,
		// Predictions are the requested times 10, 6, 30.
		"pred_mae": 11.0 / 3, "pred_mre": (0 + 1.0/5 + 10.0/20) / 3, "pred_under": 0, "pred_corrections": 0,
		// On 2 processors, J1 (2) is wide, J2 and J3 serial; no job is
		// narrow (2 to ⌈2/8⌉ = 1 processors).
		"mean_wait_serial": 8.5, "mean_wait_narrow": math.NaN(), "mean_wait_wide": 0,
		"mean_bsld_serial": 1.4, "mean_bsld_narrow": math.NaN(), "mean_bsld_wide": 1,
		// Accuracies 1, 5/6 (high) and 2/3 (mid).
		"mean_wait_acc_low": math.NaN(), "mean_wait_acc_mid": 8, "mean_wait_acc_high": 4.5,
		"mean_bsld_acc_low": math.NaN(), "mean_bsld_acc_mid": 1.4, "mean_bsld_acc_high": 1.2,
	}
	vals := s.Values()
	if len(vals) != len(MetricNames) {
		t.Fatalf("%d values for %d names", len(vals), len(MetricNames))
	}
	for i, name := range MetricNames {
		w, ok := want[name]
		if !ok || math.IsNaN(w) != math.IsNaN(vals[i]) || math.Abs(vals[i]-w) > 1e-9 {
			t.Errorf("%s = %v, want %v", name, vals[i], want[name])
		}
	}
	wantCSV := CSVHeader + "\n" +
		"1,0,0,10,2,10,10,0,1,\n" +
		"2,1,10,15,1,5,6,9,1.4,\n" +
		"3,2,10,30,1,20,30,8,1.4,\n"
	if csv.String() != wantCSV {
		t.Errorf("CSV:\n%s\nwant:\n%s", csv.String(), wantCSV)
	}
}

// countingSource counts the jobs read.
type countingSource struct {
	model.SliceSource
	reads int
}

func (s *countingSource) Next() (model.Job, error) {
	j, err := s.SliceSource.Next()
	if err == nil {
		s.reads++
	}
	return j, err
}

// TestStreaming checks that the cluster reads the next job only when the
// previous arrival is processed.
func TestStreaming(t *testing.T) {
	var js []model.Job
	for i := range 100 {
		js = append(js, model.NewJob(int64(i), float64(i/3), 1, 1, 1))
	}
	src := &countingSource{SliceSource: model.SliceSource{Jobs: js}}
	f := &fifo{}
	arrivals := 0
	f.onArrive = func(v *View, j *Job) {
		arrivals++
		if src.reads != arrivals {
			t.Fatalf("at the arrival of job %d, %d jobs were read (want %d)", j.ID(), src.reads, arrivals)
		}
	}
	c, err := New(sim.NewFast(), src, f, Config{Procs: 4, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := c.Run(sim.Limit{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Summary.Completed != 100 || arrivals != 100 {
		t.Fatalf("completed %d, arrivals %d", res.Summary.Completed, arrivals)
	}
	if n := len(c.pool); n > 10 {
		t.Errorf("%d job records allocated for at most 4 running and a short queue", n)
	}
}

func TestRejectsTooLargeJobs(t *testing.T) {
	res, recs, err := run(t, &fifo{}, Config{Procs: 4}, jobs(
		[5]float64{1, 0, 2, 10, 10},
		[5]float64{2, 1, 5, 10, 10},
		[5]float64{3, 2, 4, 10, 10},
		[5]float64{4, 3, 8, 10, 10},
	))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || res.Summary.Rejected != 2 || fmt.Sprint(res.Rejected) != "[{2 5} {4 8}]" {
		t.Fatalf("completed %d, rejected %v", len(recs), res.Rejected)
	}
}

func TestKillAtEstimate(t *testing.T) {
	for _, kill := range []bool{false, true} {
		res, recs, err := run(t, &fifo{}, Config{Procs: 1, KillAtEstimate: kill}, jobs(
			[5]float64{1, 0, 1, 10, 5},
			[5]float64{2, 0, 1, 3, 5},
		))
		if err != nil {
			t.Fatal(err)
		}
		want := "[{1 0 1 10 5 0 10 -1} {2 0 1 3 5 10 13 -1}]"
		if kill {
			want = "[{1 0 1 5 5 0 5 -1} {2 0 1 3 5 5 8 -1}]"
			if res.Killed != 1 || res.Summary.Killed != 1 {
				t.Errorf("killed %d", res.Killed)
			}
		}
		if got := fmt.Sprint(recs); got != want {
			t.Errorf("kill=%v: %s, want %s", kill, got, want)
		}
	}
}

func TestOverrunExtensions(t *testing.T) {
	f := &fifo{}
	res, recs, err := run(t, f, Config{Procs: 1, OverrunStep: 60}, jobs([5]float64{7, 0, 1, 200, 10}))
	if err != nil {
		t.Fatal(err)
	}
	want := "[7:10→70@10 7:70→190@70 7:190→430@190]"
	if fmt.Sprint(f.extended) != want || res.Overruns != 1 || recs[0].End != 200 {
		t.Fatalf("extensions %v (want %s), overruns %d, end %v", f.extended, want, res.Overruns, recs[0].End)
	}
}

func TestZeroRuntimeAndEstimate(t *testing.T) {
	f := &fifo{}
	var est float64
	f.onArrive = func(v *View, j *Job) { est = j.Estimate() }
	_, recs, err := run(t, f, Config{Procs: 1}, jobs([5]float64{1, 5, 1, 0, 0}, [5]float64{2, 5, 1, 0, 0}))
	if err != nil {
		t.Fatal(err)
	}
	if est != MinEstimate || recs[0].Start != 5 || recs[0].End != 5 || recs[1].Start != 5 {
		t.Fatalf("estimate %v, records %v", est, recs)
	}
}

func TestStopAfter(t *testing.T) {
	res, recs, err := run(t, &fifo{}, Config{Procs: 1, StopAfter: 2}, jobs(
		[5]float64{1, 0, 1, 1, 1}, [5]float64{2, 0, 1, 1, 1}, [5]float64{3, 0, 1, 1, 1},
	))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || res.Reason != sim.Stopped || res.Queued != 1 {
		t.Fatalf("%d records, reason %v, queued %d", len(recs), res.Reason, res.Queued)
	}
}

func TestInvalidJobs(t *testing.T) {
	for _, c := range []struct {
		jobs []model.Job
		msg  string
	}{
		{jobs([5]float64{3, 0, 0, 1, 1}), "job 3: needs 0 processors"},
		{jobs([5]float64{3, 0, 1, -1, 1}), "job 3: runtime -1"},
		{jobs([5]float64{3, 0, 1, 1, math.NaN()}), "job 3: estimate NaN"},
		{jobs([5]float64{3, math.Inf(1), 1, 1, 1}), "job 3: submit time +Inf"},
		{jobs([5]float64{3, 10, 1, 1, 1}, [5]float64{4, 5, 1, 1, 1}), "job 4: submitted at 5, before the previous job (3 at 10)"},
	} {
		_, _, err := run(t, &fifo{}, Config{Procs: 2}, c.jobs)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("got %v, want an error containing %q", err, c.msg)
		}
	}
}

type failingSource struct{ n int }

func (s *failingSource) Next() (model.Job, error) {
	s.n++
	if s.n > 2 {
		return model.Job{}, errors.New("disk on fire")
	}
	return model.NewJob(int64(s.n), 0, 1, 1, 1), nil
}

func TestSourceError(t *testing.T) {
	c, _ := New(sim.NewFast(), &failingSource{}, &fifo{}, Config{Procs: 1})
	_, err := c.Run(sim.Limit{})
	if err == nil || !strings.Contains(err.Error(), "after ID 2: disk on fire") {
		t.Fatalf("got %v", err)
	}
}

// badSched starts whatever it is told to.
type badSched struct {
	fifo
	start func(v *View, s Starter) error
}

func (b *badSched) Schedule(v *View, s Starter) error { return b.start(v, s) }

func TestSchedulerMisuse(t *testing.T) {
	js := jobs([5]float64{1, 0, 2, 1, 1}, [5]float64{2, 0, 2, 1, 1})
	cases := []struct {
		start func(v *View, s Starter) error
		msg   string
	}{
		{func(v *View, s Starter) error {
			for v.QueueLen() > 0 {
				if err := s.Start(0); err != nil {
					return err
				}
			}
			return nil
		}, "job 2 needs 2 processors, 0 are free"},
		{func(v *View, s Starter) error { return s.Start(5) }, "Start(5) with 2 jobs queued"},
		{func(v *View, s Starter) error { return nil }, "drained with 2 jobs queued"},
	}
	for _, c := range cases {
		_, _, err := run(t, &badSched{start: c.start}, Config{Procs: 2}, js)
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("got %v, want %q", err, c.msg)
		}
	}
	c, _ := New(sim.NewFast(), &model.SliceSource{}, &fifo{}, Config{Procs: 1})
	if err := c.Start(0); !errors.Is(err, ErrNotInPass) {
		t.Errorf("Start outside a pass: %v", err)
	}
}

func TestConfigErrors(t *testing.T) {
	for _, cfg := range []Config{{Procs: 0}, {Procs: 1, Tau: -1}, {Procs: 1, OverrunStep: math.NaN()}, {Procs: 1, StopAfter: -1}} {
		if _, err := New(sim.NewFast(), &model.SliceSource{}, &fifo{}, cfg); err == nil {
			t.Errorf("config %+v accepted", cfg)
		}
	}
}

func TestQuantile(t *testing.T) {
	x := []float64{1, 2, 3, 4}
	for _, c := range [][2]float64{{0, 1}, {1, 4}, {0.5, 2.5}, {0.25, 1.75}, {0.99, 3.97}} {
		if got := Quantile(x, c[0]); math.Abs(got-c[1]) > 1e-12 {
			t.Errorf("Quantile(%v) = %v, want %v", c[0], got, c[1])
		}
	}
	if !math.IsNaN(Quantile(nil, 0.5)) {
		t.Error("Quantile of nothing is not NaN")
	}
}

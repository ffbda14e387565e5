package cluster

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
)

// fixed is a test predictor: it predicts pred[id] (the requested time
// when absent), records the order of its calls, and corrects to
// correct(ran) when correct is set.
type fixed struct {
	pred    map[int64]float64
	calls   []string
	err     error
	correct func(ran float64) float64
}

func (f *fixed) Predict(j *model.Job) (float64, error) {
	f.calls = append(f.calls, fmt.Sprintf("predict %d", j.ID))
	if f.err != nil {
		return 0, f.err
	}
	if p, ok := f.pred[j.ID]; ok {
		return p, nil
	}
	return j.Estimate, nil
}

func (f *fixed) Observe(j *model.Job) { f.calls = append(f.calls, fmt.Sprintf("observe %d", j.ID)) }

// correcting is fixed with a Correct method.
type correcting struct{ *fixed }

func (c correcting) Correct(j *model.Job, ran float64) float64 { return c.correct(ran) }

// predFIFO is fifo planning with a predictor.
type predFIFO struct {
	fifo
	p Predictor
}

func (f *predFIFO) Predictor() Predictor { return f.p }

func TestPredictionStepRule(t *testing.T) {
	// J1 is predicted at 10 s of its 200 requested and runs 150 s: without
	// a Corrector, its estimated end moves by 60, 120 (capped at the
	// requested time: 200) and then, beyond it, by 60 more.
	p := &fixed{pred: map[int64]float64{1: 10}}
	s := &predFIFO{p: p}
	res, recs, err := run(t, s, Config{Procs: 1}, jobs([5]float64{1, 0, 1, 250, 200}))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"1:10→70@10", "1:70→190@70", "1:190→200@190", "1:200→260@200"}
	if fmt.Sprint(s.extended) != fmt.Sprint(want) {
		t.Errorf("extended %v, want %v", s.extended, want)
	}
	if res.Summary.Prediction.Corrections != 3 || res.Overruns != 1 {
		t.Errorf("corrections %d, overruns %d; want 3 and 1", res.Summary.Prediction.Corrections, res.Overruns)
	}
	if got := res.Summary.Prediction.MAE; got != 240 || res.Summary.Prediction.Under != 1 || len(recs) != 1 {
		t.Errorf("MAE %v, under %v", got, res.Summary.Prediction.Under)
	}
}

func TestPredictionCorrector(t *testing.T) {
	// The Corrector adds 5 s; a result not above the time run (J2) jumps to
	// the requested time; kill_at_estimate kills at the requested time.
	p := &fixed{pred: map[int64]float64{1: 10, 2: 10}}
	p.correct = func(ran float64) float64 {
		if ran >= 10 && ran < 20 {
			return ran + 5
		}
		return ran
	}
	s := &predFIFO{p: correcting{p}}
	_, recs, err := run(t, s, Config{Procs: 2, KillAtEstimate: true}, jobs(
		[5]float64{1, 0, 1, 17, 30},
		[5]float64{2, 0, 1, 50, 40},
	))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"1:10→15@10", "2:10→15@10", "1:15→20@15", "2:15→20@15", "2:20→40@20"}
	if fmt.Sprint(s.extended) != fmt.Sprint(want) {
		t.Errorf("extended %v, want %v", s.extended, want)
	}
	if len(recs) != 2 || recs[0].End != 17 || recs[1].End != 40 || recs[1].Runtime != 40 {
		t.Errorf("records %+v", recs)
	}
}

func TestPredictionDoubledBeyondRequested(t *testing.T) {
	// A prediction above the requested time is kept (doubled); a job
	// outliving it overruns by the step rule, with no correction.
	s := &predFIFO{p: &fixed{pred: map[int64]float64{1: 20}}}
	res, _, err := run(t, s, Config{Procs: 1}, jobs([5]float64{1, 0, 1, 30, 10}))
	if err != nil {
		t.Fatal(err)
	}
	if want := "[1:20→80@20]"; fmt.Sprint(s.extended) != want || res.Summary.Prediction.Corrections != 0 {
		t.Errorf("extended %v, want %s; corrections %d", s.extended, want, res.Summary.Prediction.Corrections)
	}
}

func TestPredictionOrder(t *testing.T) {
	// J1 ends at 5 when J2 arrives: J1 is observed before J2 is predicted;
	// predictions are made at arrival, not when jobs are read.
	p := &fixed{}
	_, _, err := run(t, &predFIFO{p: p}, Config{Procs: 1}, jobs(
		[5]float64{1, 0, 1, 5, 5},
		[5]float64{2, 5, 1, 5, 5},
		[5]float64{3, 20, 1, 5, 5},
	))
	if err != nil {
		t.Fatal(err)
	}
	want := "[predict 1 observe 1 predict 2 observe 2 predict 3 observe 3]"
	if got := fmt.Sprint(p.calls); got != want {
		t.Errorf("calls %s, want %s", got, want)
	}
}

func TestPredictionErrors(t *testing.T) {
	bad := errors.New("predict: no user")
	_, _, err := run(t, &predFIFO{p: &fixed{err: bad}}, Config{Procs: 1}, jobs([5]float64{7, 0, 1, 5, 5}))
	if !errors.Is(err, bad) || !strings.Contains(err.Error(), "job 7") {
		t.Errorf("predictor error: %v", err)
	}
	for _, v := range []float64{math.NaN(), -1, math.Inf(1)} {
		_, _, err := run(t, &predFIFO{p: &fixed{pred: map[int64]float64{7: v}}}, Config{Procs: 1}, jobs([5]float64{7, 0, 1, 5, 5}))
		if err == nil || !strings.Contains(err.Error(), "job 7") {
			t.Errorf("prediction %v: %v", v, err)
		}
	}
	// A nil predictor means the requested times.
	res, _, err := run(t, &predFIFO{}, Config{Procs: 1}, jobs([5]float64{7, 0, 1, 5, 8}))
	if err != nil || res.Summary.Prediction.MAE != 3 {
		t.Errorf("nil predictor: %v, MAE %v", err, res.Summary.Prediction.MAE)
	}
}

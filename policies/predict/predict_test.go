package predict

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/policies"
)

// job returns a job of user u with a runtime and a requested time.
func job(id int64, u int, runtime, req float64) *model.Job {
	j := model.NewJob(id, 0, 1, runtime, req)
	j.User = u
	return &j
}

func mustNew(t *testing.T, name string, o Options) Predictor {
	t.Helper()
	p, err := New(name, o)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func predict(t *testing.T, p Predictor, j *model.Job) float64 {
	t.Helper()
	v, err := p.Predict(j)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestStateless(t *testing.T) {
	j := job(1, 3, 50, 100)
	over := job(2, 3, 150, 100)
	for _, c := range []struct {
		name string
		j    *model.Job
		want float64
	}{
		{"requested", j, 100}, {"actual", j, 50}, {"actual", over, 100},
		{"doubled", j, 200}, {"halved", j, 50}, {"halved", job(3, 1, 1, 1), 1},
	} {
		if got := predict(t, mustNew(t, c.name, Options{}), c.j); got != c.want {
			t.Errorf("%s(job %d) = %v, want %v", c.name, c.j.ID, got, c.want)
		}
	}
}

func TestUserLastK(t *testing.T) {
	p := mustNew(t, "user-last-k", Options{})
	if got := predict(t, p, job(1, 7, 10, 100)); got != 100 {
		t.Errorf("no history: %v, want the requested 100", got)
	}
	p.Observe(job(1, 7, 10, 100))
	if got := predict(t, p, job(2, 7, 10, 100)); got != 100 {
		t.Errorf("one of two jobs known: %v, want the requested 100", got)
	}
	p.Observe(job(2, 7, 30, 100))
	p.Observe(job(3, 8, 1000, 5000)) // another user
	if got := predict(t, p, job(4, 7, 10, 100)); got != 20 {
		t.Errorf("last two 10, 30: %v, want 20", got)
	}
	p.Observe(job(4, 7, 90, 100))
	if got := predict(t, p, job(5, 7, 10, 100)); got != 60 {
		t.Errorf("last two 30, 90: %v, want 60", got)
	}
	if got := predict(t, p, job(6, 7, 10, 40)); got != 40 {
		t.Errorf("capped: %v, want the requested 40", got)
	}
	k3 := mustNew(t, "user-last-k", Options{K: 3})
	for i, r := range []float64{3, 6, 9, 12} {
		k3.Observe(job(int64(i), 1, r, 100))
	}
	if got := predict(t, k3, job(9, 1, 1, 100)); got != 9 {
		t.Errorf("k=3 over 6, 9, 12: %v, want 9", got)
	}
}

func TestUserAverage(t *testing.T) {
	p := mustNew(t, "user-average", Options{})
	if got := predict(t, p, job(1, 1, 10, 100)); got != 100 {
		t.Errorf("no history: %v", got)
	}
	for i, r := range []float64{10, 20, 60} {
		p.Observe(job(int64(i), 1, r, 100))
	}
	if got := predict(t, p, job(5, 1, 1, 100)); got != 30 {
		t.Errorf("mean of 10, 20, 60: %v, want 30", got)
	}
}

func TestNoUser(t *testing.T) {
	for _, name := range []string{"user-last-k", "user-average"} {
		j := model.NewJob(17, 0, 1, 5, 100) // NoUser
		_, err := mustNew(t, name, Options{}).Predict(&j)
		if err == nil || !strings.Contains(err.Error(), "job 17") || !strings.Contains(err.Error(), "predictor_fallback") ||
			!strings.HasPrefix(err.Error(), "predict: ") || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v", name, err)
		}
		p := mustNew(t, name, Options{Fallback: FallbackRequested})
		p.Observe(&j)
		if got := predict(t, p, &j); got != 100 {
			t.Errorf("%s with fallback: %v, want 100", name, got)
		}
	}
}

func TestCorrections(t *testing.T) {
	j := job(1, 1, 5000, 4000)
	for _, c := range []struct {
		o    Options
		ran  float64
		want float64
	}{
		{Options{Correction: CorrectRequested}, 100, 4000},
		{Options{Correction: CorrectIncrement}, 100, 1000},
		{Options{Correction: CorrectIncrement, Increment: 60}, 100, 160},
		{Options{Correction: CorrectList}, 100, 300},
		{Options{Correction: CorrectList}, 300, 900},
		{Options{Correction: CorrectList, List: []float64{10, 20}}, 20, 4000},
		{Options{Correction: CorrectList, List: []float64{10, 20}}, 19.5, 20},
	} {
		p := mustNew(t, "user-last-k", c.o)
		cr, ok := p.(interface {
			Correct(*model.Job, float64) float64
		})
		if !ok {
			t.Fatalf("%+v: no Corrector", c.o)
		}
		if got := cr.Correct(j, c.ran); got != c.want {
			t.Errorf("%+v at %v: %v, want %v", c.o, c.ran, got, c.want)
		}
	}
	if _, ok := mustNew(t, "requested", Options{}).(*Corrected); ok {
		t.Error("correction none wraps")
	}
}

func TestBadOptions(t *testing.T) {
	for _, c := range []struct {
		name string
		o    Options
		key  string
	}{
		{"user-last-k", Options{K: -1}, "predictor_k"},
		{"user-last-k", Options{Fallback: "guess"}, "predictor_fallback"},
		{"user-last-k", Options{Correction: "triple"}, "correction"},
		{"user-last-k", Options{Correction: CorrectIncrement, Increment: -5}, "correction_increment"},
		{"user-last-k", Options{Correction: CorrectList, List: []float64{10, 10}}, "correction_list[1]"},
		{"user-last-k", Options{List: []float64{math.Inf(1)}}, "correction_list[0]"},
	} {
		_, err := New(c.name, c.o)
		fe, ok := model.AsField(err)
		if !ok || fe.Path != c.key {
			t.Errorf("%+v: %v, want a field error on %s", c.o, err, c.key)
		}
	}
	if _, err := New("psychic", Options{}); !errors.Is(err, policies.ErrUnknownPolicy) || !strings.Contains(err.Error(), "user-last-k") {
		t.Errorf("unknown name: %v", err)
	}
}

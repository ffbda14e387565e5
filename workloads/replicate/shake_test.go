package replicate

import (
	"math"
	"testing"

	"github.com/schedsim/schedsim/workloads/swf"
)

// TestShakeUniform checks that a uniform shake keeps every record once,
// in submit order, each moved by at most Submit seconds, with run times
// and estimates within their percentages.
func TestShakeUniform(t *testing.T) {
	in := synthetic(5000, 7)
	s := Shake{Submit: 600, Runtime: 10, Estimate: 20}
	k, err := NewShaker(source(in, 8), s, rng(1))
	if err != nil {
		t.Fatal(err)
	}
	out := drain(t, k)
	if len(out) != len(in) {
		t.Fatalf("%d records out of %d", len(out), len(in))
	}
	seen := make([]bool, len(in))
	moved := 0
	for i, r := range out {
		if i > 0 && r.Submit < out[i-1].Submit {
			t.Fatalf("record %d submits at %v, before the previous %v", i, r.Submit, out[i-1].Submit)
		}
		o := in[r.JobNumber-1]
		seen[r.JobNumber-1] = true
		if d := r.Submit - o.Submit; math.Abs(d) > 600 || (r.Submit < 0) {
			t.Fatalf("job %d moved by %v", r.JobNumber, d)
		}
		if r.Submit != o.Submit {
			moved++
		}
		if f := r.RunTime / o.RunTime; f < 0.9 || f > 1.1 {
			t.Fatalf("job %d run time × %v", r.JobNumber, f)
		}
		if f := r.ReqTime / o.ReqTime; f < 0.8 || f > 1.2 {
			t.Fatalf("job %d estimate × %v", r.JobNumber, f)
		}
	}
	for i, ok := range seen {
		if !ok {
			t.Fatalf("job %d lost", i+1)
		}
	}
	if moved < len(in)-10 {
		t.Errorf("only %d of %d jobs moved", moved, len(in))
	}
}

// TestShakeExponentialDelays checks that the exponential shift only
// delays, by Submit seconds on average.
func TestShakeExponentialDelays(t *testing.T) {
	in := synthetic(20000, 3)
	k, err := NewShaker(source(in, 8), Shake{Submit: 30, Dist: ShiftExponential}, rng(2))
	if err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, r := range drain(t, k) {
		d := r.Submit - in[r.JobNumber-1].Submit
		if d < 0 {
			t.Fatalf("job %d submitted %v s early", r.JobNumber, -d)
		}
		sum += d
	}
	if mean := sum / float64(len(in)); math.Abs(mean-30) > 1.5 {
		t.Errorf("mean delay %v s, want 30 ± 1.5", mean)
	}
}

// TestShakeStreams checks that the shaker holds only the records within
// reach of a later one: with a ±600 s shift on records one minute apart,
// about 20 at a time, never the trace.
func TestShakeStreams(t *testing.T) {
	k, err := NewShaker(source(synthetic(10000, 3), 8), Shake{Submit: 600}, rng(3))
	if err != nil {
		t.Fatal(err)
	}
	most := 0
	for {
		if _, err := k.Next(); err != nil {
			break
		}
		most = max(most, k.h.Len())
	}
	if most > 25 {
		t.Errorf("the shaker held %d records at once, want ≤ 25", most)
	}
}

// TestShakeDeterministic checks that the same rng seed gives the same
// records and another seed others; the zero Shake changes nothing.
func TestShakeDeterministic(t *testing.T) {
	run := func(s Shake, seed uint64) []swf.Record {
		k, err := NewShaker(source(synthetic(500, 3), 8), s, rng(seed))
		if err != nil {
			t.Fatal(err)
		}
		return drain(t, k)
	}
	s := Shake{Submit: 120, Runtime: 5}
	a, b, c := run(s, 1), run(s, 1), run(s, 2)
	same := func(x, y []swf.Record) bool {
		for i := range x {
			if x[i] != y[i] {
				return false
			}
		}
		return len(x) == len(y)
	}
	if !same(a, b) {
		t.Error("same seed, different records")
	}
	if same(a, c) {
		t.Error("different seeds, same records")
	}
	if z := run(Shake{}, 1); !same(z, synthetic(500, 3)) {
		t.Error("the zero Shake changed the trace")
	}
}

// TestShakeValidate checks the errors of bad values.
func TestShakeValidate(t *testing.T) {
	for _, s := range []Shake{{Submit: -1}, {Submit: math.Inf(1)}, {Dist: "normal"}, {Runtime: 100}, {Estimate: -5}, {Runtime: math.NaN()}} {
		if err := s.Validate(); err == nil {
			t.Errorf("%+v: no error", s)
		}
	}
}

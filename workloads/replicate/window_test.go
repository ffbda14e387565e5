package replicate

import "testing"

// TestWindowStart checks that window starts are uniform in [0, span −
// days] and that a window as long as the trace is an error.
func TestWindowStart(t *testing.T) {
	first, last := 1000.0, 1000+30*86400.0
	r := rng(4)
	lo, hi, sum := 1e9, -1.0, 0.0
	for range 4000 {
		s, err := WindowStart(first, last, 10, r)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi, sum = min(lo, s), max(hi, s), sum+s
	}
	if lo < 0 || hi > 20 || lo > 0.1 || hi < 19.9 {
		t.Errorf("starts in [%v, %v], want [0, 20]", lo, hi)
	}
	if m := sum / 4000; m < 9.7 || m > 10.3 {
		t.Errorf("mean start %v days, want 10 ± 0.3", m)
	}
	for _, days := range []float64{30, 31, 0, -1} {
		if _, err := WindowStart(first, last, days, r); err == nil {
			t.Errorf("a window of %v days in 30: no error", days)
		}
	}
}

// TestSpan checks the first and last plausible submit times, and the
// error of a trace without records.
func TestSpan(t *testing.T) {
	recs := synthetic(100, 2)
	recs[0].Submit = -5 // implausible: skipped
	first, last, err := Span(source(recs, 8))
	if err != nil || first != 60 || last != 99*60 {
		t.Errorf("Span = %v, %v, %v; want 60, %v", first, last, err, 99*60)
	}
	if _, _, err := Span(source(nil, 8)); err == nil {
		t.Error("no records: no error")
	}
}

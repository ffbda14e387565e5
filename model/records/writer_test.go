package records_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"strconv"
	"testing"

	"github.com/schedsim/schedsim/model/records"
)

func TestRowsAndLines(t *testing.T) {
	var b bytes.Buffer
	w := records.New(&b)
	w.Header("id", "t", "parts")
	w.Row(1000000, 0.1, math.NaN())
	line := strconv.AppendInt(w.Line(), 2, 10)
	line = records.AppendFloat(append(line, ','), 1e-7)
	w.Write(append(line, ",0:1 1:2\n"...))
	if b.Len() != 0 {
		t.Fatalf("wrote %q before Flush", b.String())
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := "id,t,parts\n1000000,0.1,\n2,0.0000001,0:1 1:2\n"; b.String() != want {
		t.Fatalf("got %q want %q", b.String(), want)
	}
}

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestFirstErrorSticks(t *testing.T) {
	w := records.New(failing{})
	w.Header("x")
	for i := range 100_000 { // more than the buffer holds
		w.Row(float64(i))
	}
	if !w.Failed() {
		t.Fatal("Failed is false after a failed write")
	}
	if err := w.Flush(); err == nil || err.Error() != "disk full" {
		t.Fatalf("Flush: %v, want disk full", err)
	}
}

// TestRecordsDoNotAllocate: in the steady state (the line buffer grown)
// a record costs no allocation, by Row or by Line and Write.
func TestRecordsDoNotAllocate(t *testing.T) {
	w := records.New(io.Discard)
	w.Header("id", "submit", "start", "end")
	id, x := 0.0, 1.0/3
	if n := testing.AllocsPerRun(1000, func() {
		id++
		w.Row(id, x, x*2, math.Inf(1))
	}); n != 0 {
		t.Errorf("Row: %v allocations per record, want 0", n)
	}
	if n := testing.AllocsPerRun(1000, func() {
		id++
		b := strconv.AppendInt(w.Line(), int64(id), 10)
		b = records.AppendFloat(append(b, ','), x)
		w.Write(append(b, '\n'))
	}); n != 0 {
		t.Errorf("Line/Write: %v allocations per record, want 0", n)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
}

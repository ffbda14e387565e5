package swf

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

func TestParseFloat(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		err  numErr
	}{
		{"0", 0, numOK},
		{"-1", -1, numOK},
		{"+7", 7, numOK},
		{"142.00", 142, numOK},
		{"552.21", 552.21, numOK},
		{"0.05", 0.05, numOK},
		{".5", 0.5, numOK},
		{"5.", 5, numOK},
		{"000000000000000000000012", 12, numOK},
		{"1e3", 1000, numOK},
		{"-2.5E-1", -0.25, numOK},
		{"123456789012345678", 123456789012345678, numOK},
		{"0.1234567890123456789", 0.1234567890123456789, numOK},
		{"", 0, numNotNumber},
		{"-", 0, numNotNumber},
		{".", 0, numNotNumber},
		{"abc", 0, numNotNumber},
		{"1.2.3", 0, numNotNumber},
		{"1-2", 0, numNotNumber},
		{"NaN", 0, numNotNumber},
		{"Inf", 0, numNotNumber},
		{"-infinity", 0, numNotNumber},
		{"0x10", 0, numNotNumber},
		{"1_000", 0, numNotNumber},
		{"1e400", 0, numRange},
		{"1e", 0, numNotNumber},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := parseFloat([]byte(tt.in))
			if err != tt.err || err == numOK && got != tt.want {
				t.Errorf("parseFloat(%q) = %v, %v; want %v, %v", tt.in, got, err, tt.want, tt.err)
			}
		})
	}
}

// TestParseFloatMatchesStrconv checks the fast path against strconv on
// random decimals of the shapes found in traces.
func TestParseFloatMatchesStrconv(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 200000; i++ {
		mant := rng.Int64N(1_000_000_000_000_000)
		decimals := rng.IntN(17)
		s := strconv.FormatInt(mant, 10)
		if decimals > 0 {
			for len(s) <= decimals {
				s = "0" + s
			}
			s = s[:len(s)-decimals] + "." + s[len(s)-decimals:]
		}
		if rng.IntN(2) == 0 {
			s = "-" + s
		}
		want, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatal(err)
		}
		got, e := parseFloat([]byte(s))
		if e != numOK || got != want {
			t.Fatalf("parseFloat(%q) = %v, %v; strconv gives %v", s, got, e, want)
		}
	}
}

func TestParseInt(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		err  numErr
	}{
		{"0", 0, numOK},
		{"-1", -1, numOK},
		{"+12", 12, numOK},
		{"999999999999999999", 999999999999999999, numOK},
		{"32.00", 32, numOK},
		{"1e3", 1000, numOK},
		{"2.5", 0, numNotInteger},
		{"1e30", 0, numRange},
		{"12345678901234567890", 0, numRange},
		{"", 0, numNotNumber},
		{"+", 0, numNotNumber},
		{"4x", 0, numNotNumber},
		{"NaN", 0, numNotNumber},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := parseInt([]byte(tt.in))
			if err != tt.err || err == numOK && got != tt.want {
				t.Errorf("parseInt(%q) = %v, %v; want %v, %v", tt.in, got, err, tt.want, tt.err)
			}
		})
	}
}

func TestSplitFields(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"   ", 0},
		{"a", 1},
		{" a\tb  c ", 3},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18", 18},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20", 20},
	}
	for _, tt := range tests {
		var f [NumFields][]byte
		if got := splitFields([]byte(tt.in), &f); got != tt.want {
			t.Errorf("splitFields(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
	var f [NumFields][]byte
	splitFields([]byte("\tx  yy\vz"), &f)
	if string(f[0]) != "x" || string(f[1]) != "yy" || string(f[2]) != "z" {
		t.Errorf("tokens = %q", f[:3])
	}
}

func TestParseRecordAllFields(t *testing.T) {
	line := "  7 566129 5 28826 1 27758.5 1024 2 28800 2048 5 153 75 18180 3 2 6 60.5"
	r := mustReader(t, line, ReadOptions{})
	recs := readAll(t, r)
	want := Record{
		Line: 1, JobNumber: 7, Submit: 566129, Wait: 5, RunTime: 28826, AllocProcs: 1,
		AvgCPU: 27758.5, UsedMemory: 1024, ReqProcs: 2, ReqTime: 28800, ReqMemory: 2048,
		Status: 5, User: 153, Group: 75, App: 18180, Queue: 3, Partition: 2,
		PrecedingJob: 6, ThinkTime: 60.5,
	}
	if len(recs) != 1 || recs[0] != want {
		t.Fatalf("records = %+v\nwant %+v", recs, want)
	}
	if got := recs[0].Procs(); got != 1 {
		t.Errorf("Procs = %d", got)
	}
}

func TestFieldAndStatusNames(t *testing.T) {
	if FieldName(0) != "" || FieldName(19) != "" || FieldName(4) != "run time" || FieldName(18) != "think time" {
		t.Error("FieldName")
	}
	for s, want := range map[int]string{-1: "unknown", 0: "failed", 1: "completed", 5: "cancelled", 9: "other"} {
		if got := StatusName(s); got != want {
			t.Errorf("StatusName(%d) = %q, want %q", s, got, want)
		}
	}
}

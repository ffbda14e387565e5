package swf

import (
	"math"
	"strings"
	"testing"
)

// generalParse is the general path of Reader.Next for one job line.
func generalParse(line []byte) (Record, bool) {
	var f [NumFields][]byte
	if splitFields(line[skipSpace(line, 0):], &f) != NumFields {
		return Record{}, false
	}
	rec, _, e := parseFields(&f)
	return rec, e == numOK
}

// sameRecord compares records bit for bit (so -0 differs from 0).
func sameRecord(a, b Record) bool {
	floats := func(r *Record) []*float64 {
		return []*float64{&r.Submit, &r.Wait, &r.RunTime, &r.AvgCPU, &r.UsedMemory, &r.ReqTime, &r.ReqMemory, &r.ThinkTime}
	}
	fa, fb := floats(&a), floats(&b)
	for i := range fa {
		if math.Float64bits(*fa[i]) != math.Float64bits(*fb[i]) {
			return false
		}
		*fa[i], *fb[i] = 0, 0
	}
	return a == b
}

// checkFastAgrees fails when the fast path accepts a line the general
// path rejects, or gives another record.
func checkFastAgrees(t *testing.T, line string) {
	t.Helper()
	var fast Record
	if !parseLineFast([]byte(strings.TrimLeft(line, " \t\r\v\f")), &fast) {
		return
	}
	want, ok := generalParse([]byte(line))
	if !ok {
		t.Fatalf("%q: the fast path accepts a line the general path rejects", line)
	}
	if !sameRecord(fast, want) {
		t.Fatalf("%q: fast path %+v, general path %+v", line, fast, want)
	}
}

const plainLine = "1 0 10 3600 8 -1 -1 8 7200 -1 1 3 1 -1 1 -1 -1 -1"

func TestParseLineFastAgrees(t *testing.T) {
	lines := []string{
		plainLine,
		"  \t1   0.5 10.25 3600.125 8 -1.0 -0 8 7200. -1 1 3 1 -1 1 -1 -1 .5 \r",
		"1 0 -0 3600 8 -1 -1 8 7200 -1 -0 3 1 -1 1 -1 -1 -0.0",
		"999999999999999 0.000000000000001 123456789012345 0.1 8 -1 -1 8 0.3 -1 1 3 1 -1 1 -1 -1 1e3",
		"1 0 10 3600 8.00 -1 -1 8 7200 -1 1 3 1 -1 1 -1 -1 -1",
		"1 0 10 3600 8 -1 -1 8 7200 -1 1 3 1 -1 1 -1 -1",
		"1 0 10 3600 8 -1 -1 8 7200 -1 1 3 1 -1 1 -1 -1 -1 7",
		"1 +0 10 3600 8 -1 -1 8 7200 -1 1 3 1 -1 1 -1 -1 -1",
		"1 0 10 3600 8 -1 -1 8 7200 -1 1 3 1 -1 1 -1 -1 -",
		"1 0 10 3600 8 -1 -1 8 7200 -1 1 3 1 -1 1 -1 -1 1.2.3",
		"1 0 10 3600 8 -1 -1 8 7200 -1 1 3 1 -1 1 -1 -1 1\x00",
		"1234567890123456 0 10 3600 8 -1 -1 8 7200 -1 1 3 1 -1 1 -1 -1 -1",
		"1 0.1234567890123456 10 3600 8 -1 -1 8 7200 -1 1 3 1 -1 1 -1 -1 -1",
	}
	accepted := 0
	for _, l := range lines {
		checkFastAgrees(t, l)
		var r Record
		if parseLineFast([]byte(strings.TrimLeft(l, " \t")), &r) {
			accepted++
		}
	}
	if accepted != 3 {
		t.Fatalf("the fast path accepted %d of the lines, want the first 3", accepted)
	}
}

// FuzzParseLineFast checks that the fast path never disagrees with the
// general one.
func FuzzParseLineFast(f *testing.F) {
	f.Add(plainLine)
	f.Add("1 0.5 10.25 3600.125 8 -1.0 -0 8 7200. -1 1 3 1 -1 1 -1 -1 .5")
	f.Add("999999999999999 0.000000000000001 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16")
	f.Fuzz(func(t *testing.T, line string) {
		checkFastAgrees(t, line)
	})
}

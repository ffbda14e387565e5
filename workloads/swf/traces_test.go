package swf

import (
	"fmt"
	"io"
	"math"
	"reflect"
	"strings"
	"testing"
)

// These tests check the reader against the numbers published in
// ../shared/traces/MANIFEST.md (columns "jobs", "max procs", "span", the
// integrity table and the record-quality table). They skip when the
// traces are not there.

const excerpt = "SDSC-SP2-1998-4.2-cln.first2000.swf"

func TestExcerptMatchesManifest(t *testing.T) {
	path := tracePath(t, excerpt)
	in, err := InfoFile(path, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	q := in.Quality
	for _, c := range []struct {
		name      string
		got, want any
	}{
		{"job lines", in.Records, 2000},
		{"run time = -1", q.RunTimeUnknown, 127},
		{"run time = 0", q.RunTimeZero, 0},
		{"alloc procs ≤ 0", q.AllocProcsUnknown, 126},
		{"run time -1 or procs ≤ 0", q.Unusable, 127},
		{"requested time -1", q.ReqTimeUnknown, 0},
		{"requested procs -1", q.ReqProcsUnknown, 0},
		{"status", in.StatusCounts, map[int]int{1: 1509, 5: 491}},
		{"max procs", in.MaxProcs, 128},
		{"span (days)", fmt.Sprintf("%.2f", in.LastSubmit/SecondsPerDay), "25.85"},
		{"header lines", len(in.Header.Lines), 48},
		{"acknowledge", in.Acknowledge, []string{"Victor Hazlewood"}},
		{"MaxJobs", in.Header.MaxJobs, int64(73496)},
		{"queues", len(in.Header.Queue), 7},
		{"problems", len(in.Problems), 0},
	} {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
	if v, ok := in.Header.Get("Copyright"); !ok || !strings.Contains(v, "Copyright 2000 The Regents of the University of\nCalifornia") {
		t.Errorf("copyright notice not kept: %q", v)
	}

	// The default JobSource drops exactly the 127 records with run time
	// -1 (the 126 with allocated processors -1 are among them).
	r, err := Open(path, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	src, err := NewJobSource(r, JobFilter{})
	if err != nil {
		t.Fatal(err)
	}
	prev := math.Inf(-1)
	for {
		j, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if j.Submit < prev || j.Runtime <= 0 || j.Size <= 0 || j.Size > 128 || j.Estimate <= 0 {
			t.Fatalf("bad job %+v after submit %v", j, prev)
		}
		prev = j.Submit
	}
	st := src.Stats()
	p := src.Problems()
	if st.Read != 2000 || st.Yielded != 1873 || p.Count(ReasonRunTime) != 127 || p.Count(ReasonProcs) != 0 ||
		st.ProcFallbacks != 0 || st.EstimateFallbacks != 0 || st.Overruns != in.Overruns {
		t.Errorf("stats %+v, problems %v", st, p)
	}
}

// TestExcerptWindow checks the time window and the first-N filter
// against a direct count over the records.
func TestExcerptWindow(t *testing.T) {
	path := tracePath(t, excerpt)
	r, err := Open(path, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	recs := readAll(t, r)
	r.Close()
	t0 := recs[0].Submit
	wantInWindow := 0
	for _, rec := range recs {
		if rec.Submit < t0+10*SecondsPerDay && rec.RunTime > 0 && rec.Procs() > 0 && rec.Status == StatusCompleted {
			wantInWindow++
		}
	}
	for _, f := range []JobFilter{
		{Days: 10, Statuses: []int{StatusCompleted}},
		{Days: 10, Statuses: []int{StatusCompleted}, MaxJobs: 100},
	} {
		r, err := Open(path, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		src, err := NewJobSource(r, f)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		var last float64
		for {
			j, err := src.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			n, last = n+1, j.Submit
		}
		r.Close()
		want := wantInWindow
		if f.MaxJobs > 0 {
			want = f.MaxJobs
		}
		st := src.Stats()
		if n != want || last >= 10*SecondsPerDay || st.Read != st.Yielded+st.Dropped || st.StopReason == "" {
			t.Errorf("%+v: %d jobs (want %d), last submit %v, stats %+v", f, n, want, last, st)
		}
	}
}

// manifest holds one row of MANIFEST.md's tables.
type manifest struct {
	file          string
	jobs          int
	maxProcs      int
	spanDays      string
	maxJobs       int64
	runTimeNeg    int
	runTimeZero   int
	allocNonPos   int
	unusable      int
	reqTimeNeg    int
	reqProcsNeg   int
	status        map[int]int
	overruns      int
	firstSubmit   float64 // -1: not listed
	acknowledge   string
	headerRecords int64 // header MaxRecords
}

var manifestRows = []manifest{
	{"SDSC-BLUE-2000-4.2-cln.swf.gz", 243306, 1152, "979.06", 250440, 10744, 26, 19516, 19643, 0, 0,
		map[int]int{1: 195586, 5: 47718, -1: 2}, 23434, 430593, "Travis Earheart and Nancy Wilkins-Diehr", 243306},
	{"SDSC-SP2-1998-4.2-cln.swf.gz", 59715, 128, "735.91", 73496, 5671, 10, 5669, 5671, 66, 0,
		map[int]int{1: 43117, 5: 16598}, 4134, 566129, "Victor Hazlewood", 59715},
	{"CTC-SP2-1996-3.1-cln.swf.gz", 77222, 338, "339.11", 79302, 0, 17, 0, 0, 6, 77222,
		map[int]int{1: 60553, 0: 16669}, 7174, -1, "Dan Dwyer and Steve Hotovy", 79302},
	{"HPC2N-2002-2.2-cln.swf.gz", 202871, 240, "1268.33", 527371, 0, 0, 0, 0, 0, 0,
		map[int]int{1: 201993, -1: 878}, 14817, 342072, "Ake Sandgren", 202871},
	{"KTH-SP2-1996-2.1-cln.swf.gz", 28476, 100, "339.86", 28490, 0, 8, 1, 1, 0, 1,
		map[int]int{1: 20530, 0: 7946}, 475, 599850, "Lars Malinowsky", 28476},
	{"LANL-CM5-1994-4.1-cln.swf.gz", 122060, 1024, "720.94", 201387, 0, 2, 3, 3, 11290, 11329,
		map[int]int{1: 101692, 0: 20368}, 40180, -1, "Curt Canada", 201387},
	{"lublin_256.swf.gz", 10000, 256, "89.26", 10000, 0, 0, 0, 0, 10000, 10000,
		map[int]int{1: 10000}, 0, -1, "Uri Lublin, Hebrew University", 10000},
}

// TestFullTracesMatchManifest reads every full trace once (strict mode,
// so any malformed line fails) and compares its statistics with the
// manifest.
func TestFullTracesMatchManifest(t *testing.T) {
	if testing.Short() {
		t.Skip("reads 740,000 job lines; skipped with -short")
	}
	dir := tracesDir(t)
	for _, m := range manifestRows {
		t.Run(m.file, func(t *testing.T) {
			t.Parallel()
			in, err := InfoFile(dir+"/"+m.file, ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			q := in.Quality
			checks := []struct {
				name      string
				got, want any
			}{
				{"jobs", in.Records, m.jobs},
				{"max procs", in.MaxProcs, m.maxProcs},
				{"span (days)", fmt.Sprintf("%.2f", in.LastSubmit/SecondsPerDay), m.spanDays},
				{"header MaxJobs", in.Header.MaxJobs, m.maxJobs},
				{"header MaxRecords", in.Header.MaxRecords, m.headerRecords},
				{"run time = -1", q.RunTimeUnknown, m.runTimeNeg},
				{"run time = 0", q.RunTimeZero, m.runTimeZero},
				{"alloc procs ≤ 0", q.AllocProcsUnknown, m.allocNonPos},
				{"run time -1 or procs ≤ 0", q.Unusable, m.unusable},
				{"requested time -1", q.ReqTimeUnknown, m.reqTimeNeg},
				{"requested procs -1", q.ReqProcsUnknown, m.reqProcsNeg},
				{"status", in.StatusCounts, m.status},
				{"run time > requested time", in.Overruns, m.overruns},
				{"acknowledge", in.Acknowledge, []string{m.acknowledge}},
			}
			if m.firstSubmit >= 0 {
				checks = append(checks, struct {
					name      string
					got, want any
				}{"first submit", in.FirstSubmit, m.firstSubmit})
			}
			for _, c := range checks {
				if !reflect.DeepEqual(c.got, c.want) {
					t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
				}
			}
			if in.Jobs > in.Records || in.OfferedLoad <= 0 || in.OfferedLoad > 2 {
				t.Errorf("jobs %d of %d, offered load %v", in.Jobs, in.Records, in.OfferedLoad)
			}
		})
	}
}

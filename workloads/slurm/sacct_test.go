package slurm

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/schedsim/schedsim/workloads/swf"
)

func TestParseTimeLimit(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{
		{"UNLIMITED", -1}, {"Partition_Limit", -1}, {"INVALID", -1}, {"", -1},
		{"5", 300}, {"05:30", 330}, {"01:00:00", 3600}, {"100:00:00", 360000},
		{"1-00:00:00", 86400}, {"2-12", 216000}, {"2-12:30", 217800}, {"3-04:05:06", 273906},
		{"00:00:07.250", 7},
	} {
		got, err := ParseTimeLimit(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseTimeLimit(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"x", "1:2:3:4", "-5", "1-", "01:60:00", "1-24:00:00", "12:5x", "1.5.2"} {
		if _, err := ParseTimeLimit(bad); err == nil {
			t.Errorf("ParseTimeLimit(%q): no error", bad)
		}
	}
}

func TestEdgeCases(t *testing.T) {
	tr, err := ReadFile("testdata/edge-cases.txt", Options{Procs: 64})
	if err != nil {
		t.Fatal(err)
	}
	var recs []swf.Record
	for {
		r, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		recs = append(recs, r)
	}
	// Jobs in submit order: 11 (never started), 10, 12, 13_1, 13_2, 20 (het), 23, 26.
	type want struct {
		line                   int
		submit, wait, run      float64
		alloc, req             int
		limit                  float64
		status, user, grp, prt int
	}
	wants := []want{
		{6, 0, -1, -1, -1, 8, -1, 5, 1, 1, 1},
		{2, 60, 30, 600, 4, 4, 3600, 1, 2, 1, 2},
		{7, 120, 0, 7205, 2, 2, 7200, 0, 2, 1, 2},
		{8, 180, 10, 60, 1, 1, 86400, 1, 3, 2, 2},
		{9, 180, 10, 120, 1, 1, 86400, 0, 3, 2, 2},
		{12, 240, 5, 600, 8, 8, 1800, 1, 4, 1, 2},
		{15, 360, 0, 0, 1, 1, 300, 0, 1, 1, 1},
		{20, 480, 60, 60, 16, 16, 217800, 0, 5, 3, 3},
	}
	if len(recs) != len(wants) {
		t.Fatalf("%d records, want %d: %+v", len(recs), len(wants), recs)
	}
	for i, w := range wants {
		r := recs[i]
		got := want{r.Line, r.Submit, r.Wait, r.RunTime, r.AllocProcs, r.ReqProcs, r.ReqTime, r.Status, r.User, r.Group, r.Partition}
		if got != w || r.JobNumber != int64(i+1) {
			t.Errorf("record %d: got %+v (job %d), want %+v", i, got, r.JobNumber, w)
		}
	}
	st := tr.Stats()
	if st.Steps != 4 || st.HetComponents != 1 || st.NeverStarted != 1 || st.Jobs != 8 || st.Lines != 20 || st.Skipped != 7 {
		t.Errorf("stats %+v", st)
	}
	p := tr.Problems()
	for reason, n := range map[string]int{
		ReasonNotFinished: 2, ReasonFieldCount: 1, ReasonBadValue: 1, ReasonBadState: 1,
		ReasonOrphanStep: 1, ReasonDuplicate: 1,
	} {
		if p.Count(reason) != n {
			t.Errorf("%s: %d, want %d\n%s", reason, p.Count(reason), n, p)
		}
	}
	if p.Total() != st.Skipped {
		t.Errorf("report counts %d lines, stats skipped %d", p.Total(), st.Skipped)
	}
	h := tr.Header()
	if h.UnixStartTime != time.Date(2026, 11, 1, 9, 59, 0, 0, time.UTC).Unix() || h.MaxProcs != 64 ||
		h.TimeZoneString != "UTC" || strings.Join(h.Partition, ",") != "1 debug,2 batch,3 long" {
		t.Errorf("header %+v", h)
	}
}

func TestTimeZone(t *testing.T) {
	in := "JobID|Submit|Start|End|AllocCPUS|State\n1|2026-07-01T12:00:00|2026-07-01T12:00:10|2026-07-01T12:01:10|1|COMPLETED\n"
	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Skip(err)
	}
	tr, err := Read(strings.NewReader(in), "tz", Options{Location: berlin})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tr.Header().UnixStartTime, time.Date(2026, 7, 1, 10, 0, 0, 0, time.UTC).Unix(); got != want {
		t.Errorf("UnixStartTime %d, want %d (12:00 CEST is 10:00 UTC)", got, want)
	}
}

// The machine's own zone ("Local") is refused: it would make the jobs
// depend on where schedsim runs.
func TestLoadLocation(t *testing.T) {
	if loc, err := LoadLocation(""); loc != time.UTC || err != nil {
		t.Errorf(`"": %v %v, want UTC`, loc, err)
	}
	for name, want := range map[string]string{
		"Local":     `slurm: time zone "Local" is the zone of the machine`,
		"Mars/Base": `slurm: unknown time zone "Mars/Base"`,
		"UTC\n":     `slurm: unknown time zone "UTC\n"`,
		"../x":      `slurm: unknown time zone "../x"`,
	} {
		if _, err := LoadLocation(name); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %q", name, err, want)
		}
	}
}

func TestHeaderErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "no header line"},
		{"1|2026-07-01T12:00:00|x\n", "lacks column JobID"},
		{"JobID|Submit|Start|End|State\n", "lacks column AllocCPUS"},
	} {
		_, err := Read(strings.NewReader(c.in), "in.txt", Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "slurm: in.txt") {
			t.Errorf("%q: error %v, want one with %q", c.in, err, c.want)
		}
	}
}

// FuzzRead: any input gives records or an error, never a panic, and every
// data line is a record, a folded step or component, or counted; a
// bounded Scan passes on the records' jobs in their order, or fails.
func FuzzRead(f *testing.F) {
	f.Add("JobID|Submit|Start|End|AllocCPUS|State\n1|2026-07-01T12:00:00|2026-07-01T12:00:10|2026-07-01T12:01:10|1|COMPLETED\n")
	f.Add("JobID|Submit|Start|End|AllocCPUS|State|Timelimit\n1+0|x|||1|FAILED|1-\n1.batch\n")
	f.Fuzz(func(t *testing.T, in string) {
		tr, err := Read(strings.NewReader(in), "fuzz", Options{})
		if err != nil {
			return
		}
		st := tr.Stats()
		if st.Jobs+st.Steps+st.HetComponents+st.Skipped != st.Lines {
			t.Fatalf("lines %d != jobs %d + steps %d + het %d + skipped %d", st.Lines, st.Jobs, st.Steps, st.HetComponents, st.Skipped)
		}
		jobs, bst, err := scanAll(in, Options{Window: 2})
		if err != nil {
			return
		}
		if bst != st || len(jobs) != len(tr.Records()) {
			t.Fatalf("window 2: stats %+v, %d jobs; Read: %+v, %d records", bst, len(jobs), st, len(tr.Records()))
		}
		for i, r := range tr.Records() {
			if jobs[i].Line != r.Line {
				t.Fatalf("window 2: job %d is line %d, Read's record line %d", i+1, jobs[i].Line, r.Line)
			}
		}
	})
}

// A NUL byte or a line over MaxLineLength is an error naming the line,
// found at once: /dev/zero fails within its first buffer.
func TestNotTextIsAnError(t *testing.T) {
	head := "JobID|Submit|Start|End|AllocCPUS|State\n"
	job := "1|2024-01-01T00:00:00|2024-01-01T00:00:01|2024-01-01T00:00:02|1|COMPLETED\n"
	for _, c := range []struct{ text, want string }{
		{head + job + "2|x\x00|\n", "slurm: s.txt:3: a NUL byte: binary data, not sacct output"},
		{head + strings.Repeat("\x00", 1<<16), "slurm: s.txt:2: a NUL byte"},
		{head + strings.Repeat("|", MaxLineLength+1), "slurm: s.txt:2: a line longer than 1048576 bytes (the cap): not sacct output"},
	} {
		_, err := Read(strings.NewReader(c.text), "s.txt", Options{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%.30q: %v, want %s", c.text, err, c.want)
		}
	}
	start := time.Now()
	if _, err := ReadFile("/dev/zero", Options{}); err == nil || !strings.Contains(err.Error(), "a NUL byte") || time.Since(start) > time.Second {
		t.Errorf("/dev/zero: %v after %v", err, time.Since(start))
	}
}

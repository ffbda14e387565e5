package swf

import (
	"bytes"
	"errors"
	"io"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
)

// roundTrip reads text, writes header and records with a Writer, reads
// the output back and checks that header and records are identical.
func roundTrip(t *testing.T, name string, text []byte) []byte {
	t.Helper()
	r, err := NewReader(bytes.NewReader(text), name, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	h := r.Header()
	recs := readAll(t, r)
	var out bytes.Buffer
	w := NewWriter(&out, h)
	for _, rec := range recs {
		if err := w.Write(rec); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	r2, err := NewReader(bytes.NewReader(out.Bytes()), name, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := r2.Header(); !reflect.DeepEqual(got, h) {
		t.Errorf("header differs after the round trip:\n got %#v\nwant %#v", got, h)
	}
	recs2 := readAll(t, r2)
	if len(recs2) != len(recs) {
		t.Fatalf("%d records after the round trip, want %d", len(recs2), len(recs))
	}
	for i := range recs {
		if recs2[i] != recs[i] {
			t.Fatalf("record %d differs:\n got %+v\nwant %+v", i, recs2[i], recs[i])
		}
	}
	return out.Bytes()
}

func TestWriterRoundTripSmall(t *testing.T) {
	out := roundTrip(t, "t.swf", []byte(smallTrace))
	// Without blank lines in the input the output is line-for-line the
	// same trace, in the archive's column layout.
	if !strings.HasPrefix(string(out), smallHeader) {
		t.Error("header not written verbatim")
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if got, want := lines[smallHeaderLines], "    1      100      0     50    4     -1    -1    4     60    -1  1   1   1    -1  1 -1 -1 -1"; got != want {
		t.Errorf("first job line:\n got %q\nwant %q", got, want)
	}
}

func TestWriterRoundTripExcerpt(t *testing.T) {
	data, err := os.ReadFile(tracePath(t, "SDSC-SP2-1998-4.2-cln.first2000.swf"))
	if err != nil {
		t.Fatal(err)
	}
	roundTrip(t, "SDSC-SP2-1998-4.2-cln.first2000.swf", data)
}

func TestWriterRoundTripValues(t *testing.T) {
	recs := []Record{
		{JobNumber: 1, Submit: 0.1, Wait: 1e-9, RunTime: 123456789.125, AllocProcs: 1 << 30, AvgCPU: 552.21,
			UsedMemory: 1e300, ReqProcs: -1, ReqTime: -1, ReqMemory: 0.3, Status: 5, User: -1, Group: 7,
			App: 1<<30 + 1, Queue: 0, Partition: -1, PrecedingJob: 1 << 53, ThinkTime: -0.5},
		{JobNumber: -1, Submit: -1, Wait: -1, RunTime: -1, AllocProcs: -1, AvgCPU: -1, UsedMemory: -1,
			ReqProcs: -1, ReqTime: -1, ReqMemory: -1, Status: -1, User: -1, Group: -1, App: -1,
			Queue: -1, Partition: -1, PrecedingJob: -1, ThinkTime: -1},
	}
	var b bytes.Buffer
	w := NewWriter(&b, Header{Version: "2.2"})
	for _, r := range recs {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	got := readAll(t, mustReader(t, b.String(), ReadOptions{}))
	for i := range recs {
		recs[i].Line = i + 2
	}
	if !reflect.DeepEqual(got, recs) {
		t.Errorf("records:\n got %+v\nwant %+v\nfile:\n%s", got, recs, b.String())
	}
}

func TestWriterRejectsNonFinite(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b, Header{})
	err := w.Write(Record{JobNumber: 3, RunTime: math.NaN()})
	if !errors.Is(err, ErrInvalidRecord) || err.Error() != "swf: invalid SWF record: job 3: field 4 (run time) is NaN" {
		t.Errorf("error = %v", err)
	}
	if err := w.Write(Record{JobNumber: 4, ThinkTime: math.Inf(-1)}); !errors.Is(err, ErrInvalidRecord) {
		t.Errorf("error = %v", err)
	}
	if err := w.Flush(); err != nil || b.Len() != 0 {
		t.Errorf("Flush = %v, wrote %q", err, b.String())
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriterStickyError(t *testing.T) {
	w := NewWriter(failWriter{}, Header{Version: "2"})
	var err error
	for i := 0; i < 10000 && err == nil; i++ {
		err = w.Write(Record{JobNumber: int64(i)})
	}
	if err == nil {
		err = w.Flush()
	}
	if err == nil || err.Error() != "disk full" {
		t.Fatalf("error = %v", err)
	}
	if w.Write(Record{}) != err || w.Flush() != err {
		t.Error("error is not sticky")
	}
}

func TestSetTimeDigits(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b, Header{})
	w.SetTimeDigits(0)
	if err := w.Write(RecordFromJob(model.NewJob(1, 12.6, 2, 3.4, 10.5))); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := "    1       13     -1      3    2     -1    -1    2     10    -1 -1  -1  -1    -1 -1 -1 -1 -1\n"; b.String() != want {
		t.Errorf("line:\n got %q\nwant %q", b.String(), want)
	}
}

func TestRecordFromJob(t *testing.T) {
	j := model.NewJob(42, 10, 8, 100, 120)
	r := RecordFromJob(j)
	want := Record{JobNumber: 42, Submit: 10, Wait: -1, RunTime: 100, AllocProcs: 8, AvgCPU: -1,
		UsedMemory: -1, ReqProcs: 8, ReqTime: 120, ReqMemory: -1, Status: -1, User: -1, Group: -1,
		App: -1, Queue: -1, Partition: -1, PrecedingJob: -1, ThinkTime: -1}
	if r != want {
		t.Errorf("not run:\n got %+v\nwant %+v", r, want)
	}
	j.Start, j.End, j.Estimate = 15, 115, 0
	r = RecordFromJob(j)
	if r.Wait != 5 || r.Status != StatusCompleted || r.ReqTime != -1 {
		t.Errorf("run: %+v", r)
	}
}

// TestWriteJobsReplay writes synthetic jobs and replays them through a
// JobSource: the jobs come back unchanged.
func TestWriteJobsReplay(t *testing.T) {
	jobs := []model.Job{
		model.NewJob(1, 0, 1, 10.5, 20),
		model.NewJob(2, 0.25, 16, 3600, 7200),
		model.NewJob(3, 99.125, 4, 1e-3, 1e-3),
	}
	var b bytes.Buffer
	if err := WriteJobs(&b, Header{Computer: "synthetic", MaxProcs: 16}, jobs); err != nil {
		t.Fatal(err)
	}
	r := mustReader(t, b.String(), ReadOptions{})
	h := r.Header()
	if h.Version != "2.2" || h.MaxJobs != 3 || h.MaxRecords != 3 || h.MaxProcs != 16 || h.Computer != "synthetic" {
		t.Errorf("header = %+v", h)
	}
	src, err := NewJobSource(r, JobFilter{KeepSubmitTimes: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []model.Job
	for {
		j, err := src.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, j)
	}
	if !reflect.DeepEqual(got, jobs) {
		t.Errorf("replayed:\n got %+v\nwant %+v", got, jobs)
	}
	if st := src.Stats(); st.EstimateFallbacks != 0 || st.Dropped != 0 {
		t.Errorf("stats = %+v", st)
	}
}

func TestWriterKeepsHandBuiltLinesComments(t *testing.T) {
	var b bytes.Buffer
	w := NewWriter(&b, Header{Lines: []string{"no semicolon", "; a\nb", "  ; indented"}})
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if want := "; no semicolon\n; a\n; b\n  ; indented\n"; b.String() != want {
		t.Errorf("header = %q, want %q", b.String(), want)
	}
}

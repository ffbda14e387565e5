package swf

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"github.com/schedsim/schedsim/internal/testtrace"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// jobLine returns an 18-field SWF line; the fields not given are -1.
func jobLine(job, submit, run, alloc, req, reqTime, status int) string {
	return fmt.Sprintf("%5d %8d %4d %6d %4d -1 -1 %4d %6d -1 %2d 1 1 -1 1 -1 -1 -1",
		job, submit, 0, run, alloc, req, reqTime, status)
}

// smallHeader is a header exercising lists, continuation lines, a
// numeric value with trailing text and a non-standard key.
const smallHeader = `; Version: 2.2
; Computer: Test machine
; Installation: Nowhere
; Acknowledge: Alice
; Acknowledge: Bob
; Information: http://example.org/
;              http://example.com/more
; MaxJobs: 7
; MaxRecords: 7
; UnixStartTime: 1000000000
; TimeZone: -3600
; TimeZoneString: Europe/Nowhere
; MaxNodes: 16
; MaxProcs: 64 (16 nodes x 4)
; MaxQueues: 2
; Queue: 1 short
; Queue: 2 long
; Copyright: nobody
;   really nobody
;
; Note: first note
;       continued here
; Note: second note
`

// smallJobs are the job lines of smallTrace. See jobs_test.go for what
// each one exercises.
var smallJobs = []string{
	jobLine(1, 100, 50, 4, 4, 60, 1),
	jobLine(2, 200, 120, 8, 8, 100, 1),      // overrun
	jobLine(3, 300, -1, -1, 16, 600, 5),     // cancelled: run time -1
	jobLine(4, 400, 0, 2, 2, 60, 0),         // run time 0
	jobLine(5, 500, 30, -1, 2, -1, 1),       // procs and estimate fall back
	jobLine(6, 86900, 40, 1, 1, 50, 0),      // day 1
	jobLine(7, 172900, 70, 64, 64, 3600, 1), // day 2
}

var smallTrace = smallHeader + strings.Join(smallJobs, "\n") + "\n"

// smallHeaderLines is the number of lines of smallHeader.
var smallHeaderLines = strings.Count(smallHeader, "\n")

func mustReader(t testing.TB, text string, opts ReadOptions) *Reader {
	t.Helper()
	r, err := NewReader(strings.NewReader(text), "t.swf", opts)
	if err != nil {
		t.Fatalf("NewReader: %v", err)
	}
	return r
}

func readAll(t testing.TB, r *Reader) []Record {
	t.Helper()
	var recs []Record
	for {
		rec, err := r.Next()
		if err == io.EOF {
			return recs
		}
		if err != nil {
			t.Fatalf("Next: %v", err)
		}
		recs = append(recs, rec)
	}
}

func gzipBytes(t testing.TB, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// findTraces returns the shared traces folder: $SCHEDSIM_TRACES, or
// ../shared/traces next to the module root (the folder with go.mod).
func findTraces() (string, error) {
	if d := os.Getenv("SCHEDSIM_TRACES"); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			d := filepath.Join(dir, "..", "shared", "traces")
			if _, err := os.Stat(d); err != nil {
				return "", err
			}
			return d, nil
		}
		if filepath.Dir(dir) == dir {
			return "", fmt.Errorf("module root (go.mod) not found above %s", wd)
		}
	}
}

// tracesDir returns the shared traces folder and skips the test when it
// is absent.
func tracesDir(t testing.TB) string {
	t.Helper()
	d, err := findTraces()
	if err != nil {
		t.Skipf("needs the traces of ../shared/traces or $SCHEDSIM_TRACES (%v): see docs/how-to/traces.md", err)
	}
	return d
}

// tracePath returns the path of a shared trace, skipping when absent. A
// trace of the catalogue is also found in the trace cache.
func tracePath(t testing.TB, name string) string {
	t.Helper()
	if testtrace.Name(name) != "" {
		return testtrace.Path(t, name)
	}
	p := filepath.Join(tracesDir(t), name)
	if _, err := os.Stat(p); err != nil {
		t.Skip(testtrace.Hint(p))
	}
	return p
}

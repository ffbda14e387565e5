package swf

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// readToEnd returns the records of r, then its error (io.EOF at the end).
func readToEnd(r *Reader) ([]Record, error) {
	var recs []Record
	for {
		rec, err := r.Next()
		if err != nil {
			return recs, err
		}
		recs = append(recs, rec)
	}
}

// readState is what a Reader says of itself after each Next: the line,
// the counts and the error.
func readState(r *Reader) []string {
	var st []string
	for {
		rec, err := r.Next()
		st = append(st, fmt.Sprintf("%d %d %d %d %v", rec.JobNumber, r.Line(), r.Records(), r.Comments(), err))
		if err != nil {
			return st
		}
	}
}

// manyJobs is a trace that inflates to several read-ahead chunks, with a
// malformed line in the middle, and comment, blank and general-path lines
// here and there.
func manyJobs() []byte {
	var b strings.Builder
	b.WriteString("; MaxProcs: 64\n")
	for i := 1; i <= 30000; i++ {
		switch i {
		case 15000:
			b.WriteString("1 2 3\n")
		case 700, 20000:
			b.WriteString("; a comment between jobs\n\n   \r\n")
		case 9000:
			b.WriteString("9000 +9000 10 1 1 10 1 1 10 1 1 1 1 1 1 1 -1 -1\n") // not on the fast path
			continue
		}
		fmt.Fprintln(&b, jobLine(i, i, 10, 1, 1, 10, 1))
	}
	return []byte(b.String())
}

// TestReadAheadGivesTheSameRecordsAndErrors reads files through Open,
// which parses them in a goroutine (and inflates a gzip file in another),
// and through NewReader, which does neither: records, lines, counts,
// problems and errors must be the same, for an intact and a truncated
// gzip stream and a plain file, in both modes.
func TestReadAheadGivesTheSameRecordsAndErrors(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	text := manyJobs()
	packed := gzipBytes(t, text)
	for _, tc := range []struct {
		name string
		data []byte
	}{{"whole.swf.gz", packed}, {"cut.swf.gz", packed[:len(packed)*2/3]}, {"plain.swf", text}} {
		path := filepath.Join(t.TempDir(), tc.name)
		if err := os.WriteFile(path, tc.data, 0o644); err != nil {
			t.Fatal(err)
		}
		for _, mode := range []Mode{Strict, Lenient} {
			opts := ReadOptions{Mode: mode}
			ra, err := Open(path, opts)
			if err != nil {
				t.Fatal(err)
			}
			if ra.pa == nil || (ra.ra == nil) != (tc.name == "plain.swf") {
				t.Fatal("Open did not parse (and inflate) in goroutines")
			}
			plain, err := NewReader(bytes.NewReader(tc.data), path, opts)
			if err != nil {
				t.Fatal(err)
			}
			got, want := readState(ra), readState(plain)
			if len(got) != len(want) || fmt.Sprint(ra.Problems()) != fmt.Sprint(plain.Problems()) {
				t.Fatalf("%s %v: read-ahead %d records, %s, %v; plain %d records, %s, %v", tc.name, mode,
					len(got), got[len(got)-1], ra.Problems(), len(want), want[len(want)-1], plain.Problems())
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s %v: after record %d: %s, want %s", tc.name, mode, i, got[i], want[i])
				}
			}
			if len(got) < 14000 {
				t.Fatalf("%s %v: only %d records", tc.name, mode, len(got))
			}
			if cr, cp := ra.Close(), plain.Close(); fmt.Sprint(cr) != fmt.Sprint(cp) {
				t.Fatalf("%s %v: Close: %v, want %v", tc.name, mode, cr, cp)
			}
		}
	}
}

// TestParseAheadGivesTheSameFatalErrors: a NUL byte in a short line and
// in a line longer than the read buffer, and a line over MaxLineLength,
// end the reading with the same error, at the same line, through Open
// as through NewReader.
func TestParseAheadGivesTheSameFatalErrors(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	jobs := string(manyJobs())
	for name, bad := range map[string]string{
		"nul":      "1 2 \x00 3\n",
		"long nul": strings.Repeat("1 ", bufferSize) + "\x00\n",
		"too long": strings.Repeat("1", MaxLineLength+1) + "\n",
		"comment":  "; \x00\n",
	} {
		text := []byte(jobs[:len(jobs)/2] + bad + jobs[len(jobs)/2:])
		path := filepath.Join(t.TempDir(), "t.swf")
		if err := os.WriteFile(path, text, 0o644); err != nil {
			t.Fatal(err)
		}
		ra, err := Open(path, ReadOptions{Mode: Lenient})
		if err != nil {
			t.Fatal(err)
		}
		plain, err := NewReader(bytes.NewReader(text), path, ReadOptions{Mode: Lenient})
		if err != nil {
			t.Fatal(err)
		}
		got, want := readState(ra), readState(plain)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: read-ahead ends %s after %d, plain %s after %d", name, got[len(got)-1], len(got), want[len(want)-1], len(want))
		}
		if e := want[len(want)-1]; !strings.Contains(e, "swf: a ") {
			t.Fatalf("%s: ends with %s, want a format error", name, e)
		}
		ra.Close()
	}
}

// TestReadAheadStopsOnClose closes Readers after one record, and after a
// cancelled context, and checks that no goroutine is left behind.
func TestReadAheadStopsOnClose(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	path := filepath.Join(t.TempDir(), "t.swf.gz")
	if err := os.WriteFile(path, gzipBytes(t, manyJobs()), 0o644); err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	for range 20 {
		r, err := Open(path, ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
		r.Close()
	}
	ctx, cancel := context.WithCancel(context.Background())
	r, err := Open(path, ReadOptions{Mode: Lenient, Context: ctx})
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	_, err = readToEnd(r)
	if err == io.EOF {
		// Inflated ahead before the cancel: fine, but it must stop.
		t.Log("read to the end before the cancel was seen")
	} else if !strings.Contains(err.Error(), context.Canceled.Error()) {
		t.Fatalf("error %v, want the context's", err)
	}
	r.Close()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines after Close, %d before", n, before)
	}
}

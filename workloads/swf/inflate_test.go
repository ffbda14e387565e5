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

// readAll returns the records of r, then its error (io.EOF at the end).
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

// manyJobs is a trace that inflates to several read-ahead chunks, with a
// malformed line in the middle.
func manyJobs() []byte {
	var b strings.Builder
	b.WriteString("; MaxProcs: 64\n")
	for i := 1; i <= 30000; i++ {
		if i == 15000 {
			b.WriteString("1 2 3\n")
		}
		fmt.Fprintln(&b, jobLine(i, i, 10, 1, 1, 10, 1))
	}
	return []byte(b.String())
}

// TestReadAheadGivesTheSameRecordsAndErrors reads gzip files through Open,
// which inflates them in a goroutine, and through NewReader, which does
// not: records, problems and errors must be the same, for an intact and
// a truncated stream, in both modes.
func TestReadAheadGivesTheSameRecordsAndErrors(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	packed := gzipBytes(t, manyJobs())
	for _, tc := range []struct {
		name string
		data []byte
	}{{"whole.swf.gz", packed}, {"cut.swf.gz", packed[:len(packed)*2/3]}} {
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
			if ra.ra == nil {
				t.Fatal("Open did not inflate in a goroutine")
			}
			plain, err := NewReader(bytes.NewReader(tc.data), path, opts)
			if err != nil {
				t.Fatal(err)
			}
			got, gerr := readToEnd(ra)
			want, werr := readToEnd(plain)
			if len(got) != len(want) || fmt.Sprint(gerr) != fmt.Sprint(werr) ||
				fmt.Sprint(ra.Problems()) != fmt.Sprint(plain.Problems()) {
				t.Fatalf("%s %v: read-ahead %d records, %v; plain %d records, %v", tc.name, mode, len(got), gerr, len(want), werr)
			}
			for i := range got {
				if got[i] != want[i] {
					t.Fatalf("%s %v: record %d: %+v, want %+v", tc.name, mode, i, got[i], want[i])
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

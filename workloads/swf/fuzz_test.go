package swf

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReader feeds arbitrary bytes to the Reader in both modes. It checks
// that nothing panics, that errors name the input and its line, that in
// Lenient mode every job line is either a record or a counted problem,
// and that every record survives a Writer round trip.
func FuzzReader(f *testing.F) {
	f.Add([]byte(smallTrace))
	f.Add([]byte(""))
	f.Add([]byte("; Version: 2.2\n; MaxProcs: x\n"))
	f.Add([]byte("1 2 3\n\n;c\n" + jobLine(1, 0, 1, 1, 1, 1, 1)))
	f.Add([]byte(jobLine(1, 0, 1, 1, 1, 1, 1) + "\r\n" + strings.Replace(jobLine(2, 0, 1, 1, 1, 1, 1), " 1 ", " 1.5 ", 1)))
	f.Add([]byte("1 1e309 -0 .5 +1 NaN Inf 0x1 1_0 - . 9999999999999999999999 1e-400 5. 1 1 1 1\n"))
	f.Add(gzipBytes(f, []byte(smallTrace)))
	f.Add(gzipBytes(f, []byte(smallTrace))[:40])
	f.Add([]byte{0x1f, 0x8b})
	if dir, err := findTraces(); err == nil {
		if data, err := os.ReadFile(filepath.Join(dir, excerpt)); err == nil {
			f.Add(data[:min(len(data), 8000)])
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, mode := range []Mode{Strict, Lenient} {
			checkReader(t, data, mode)
		}
	})
}

func checkReader(t *testing.T, data []byte, mode Mode) {
	const name = "fuzz.swf"
	r, err := NewReader(bytes.NewReader(data), name, ReadOptions{Mode: mode})
	if err != nil {
		if !strings.HasPrefix(err.Error(), name+":") {
			t.Fatalf("%v: NewReader error does not name the input: %v", mode, err)
		}
		return
	}
	defer r.Close()
	var out bytes.Buffer
	w := NewWriter(&out, Header{})
	var recs []Record
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), name+":") {
				t.Fatalf("%v: error does not name the input: %v", mode, err)
			}
			var pe *ParseError
			if errors.As(err, &pe) && (pe.Line < 1 || pe.Line > r.Line() || pe.Reason == "") {
				t.Fatalf("%v: bad ParseError %+v (line %d)", mode, pe, r.Line())
			}
			if mode == Lenient && errors.Is(err, ErrMalformed) {
				t.Fatalf("lenient reader returned %v", err)
			}
			return
		}
		if rec.Line < 1 || rec.Line > r.Line() {
			t.Fatalf("record line %d, reader at %d", rec.Line, r.Line())
		}
		recs = append(recs, rec)
		if err := w.Write(rec); err != nil {
			t.Fatalf("Write(%+v): %v", rec, err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if mode == Lenient && !(len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b) {
		p := r.Problems()
		if got, want := r.Records()+p.TotalKind(Malformed)-p.Count(ReasonHeader), jobLines(data); got != want {
			t.Fatalf("records %d + malformed %d != %d job lines", r.Records(), p.TotalKind(Malformed), want)
		}
	}
	back, err := NewReader(&out, "back.swf", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range recs {
		got, err := back.Next()
		if err != nil {
			t.Fatalf("re-reading record %d: %v\n%s", i, err, out.String())
		}
		got.Line = want.Line
		if got != want {
			t.Fatalf("record %d changed in a round trip:\n got %+v\nwant %+v", i, got, want)
		}
	}
}

// jobLines counts the lines that are neither blank nor comments, as the
// Reader splits them (a line too long or with a NUL byte is an error).
func jobLines(data []byte) int {
	n := 0
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i+1], data[i+1:]
		} else {
			data = nil
		}
		if t := trimSpace(trimEOL(line)); len(t) > 0 && t[0] != ';' {
			n++
		}
	}
	return n
}

// FuzzJobSource feeds arbitrary job lines, under a header that gives
// MaxProcs, through a lenient JobSource. Every record or line read is
// either a job or a drop counted under a reason, and every job is plausible: submit and
// run times within [0, 1e10] s and (0, 1e10] s, processors in [1, MaxProcs].
func FuzzJobSource(f *testing.F) {
	f.Add(jobLine(1, 0, 10, 4, 4, 20, 1) + "\n" + jobLine(2, 5, 1, 64, 64, 2, 1))
	f.Add(jobLine(1, -5, 10, 4, 4, 20, 1) + "\n" + jobLine(2, 0, -1, 1, 1, 2, 0))
	f.Add("1 1e11 0 1e12 1 -1 -1 1 1 -1 1 1 1 1 1 -1 -1 -1\n2 3 0 NaN 1 -1 -1 1 1 -1 1 1 1 1 1 -1 -1 -1")
	f.Add("x\n\n;\n" + jobLine(3, 9, 1, 0, 2, 1, 1))
	f.Fuzz(func(t *testing.T, lines string) {
		r, err := NewReader(strings.NewReader("; MaxProcs: 16\n"+lines), "fuzz.swf", ReadOptions{Mode: Lenient})
		if err != nil {
			return
		}
		src, err := NewJobSource(r, JobFilter{})
		if err != nil {
			t.Fatal(err)
		}
		for {
			j, err := src.Next()
			if err != nil {
				break
			}
			rec := src.Last()
			if !(rec.Submit >= 0 && rec.Submit <= MaxPlausibleSeconds) || !(rec.RunTime > 0 && rec.RunTime <= MaxPlausibleSeconds) || j.Size < 1 || j.Size > 16 {
				t.Fatalf("implausible job yielded from line %d: submit %v, run %v, size %d", rec.Line, rec.Submit, rec.RunTime, j.Size)
			}
		}
		st := src.Stats()
		if st.Read != st.Yielded+st.Dropped {
			t.Fatalf("read %d records, yielded %d + dropped %d", st.Read, st.Yielded, st.Dropped)
		}
		// every line that gave no job, malformed ones included, is counted
		if st.Dropped != src.Problems().Total() {
			t.Fatalf("dropped %d, problems %v", st.Dropped, src.Problems())
		}
	})
}

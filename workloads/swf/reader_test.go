package swf

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestStrictErrors(t *testing.T) {
	good := jobLine(1, 0, 10, 1, 1, 10, 1)
	// bad returns a job line with field n (1-based) replaced by v.
	bad := func(n int, v string) string {
		f := strings.Fields(good)
		f[n-1] = v
		return strings.Join(f, " ")
	}
	tests := []struct {
		name  string
		text  string
		line  int
		field int
		want  string
	}{
		{"too few fields", "; Version: 2\n" + good + "\n1 2 3\n", 3, 0,
			"t.swf:3: wrong field count: 3 fields, want 18"},
		{"too many fields", good + " 19\n", 1, 0,
			"t.swf:1: wrong field count: 19 fields, want 18"},
		{"non-numeric run time", "\n\n" + bad(4, "abc") + "\n", 3, 4,
			`t.swf:3: field 4 (run time): non-numeric field: "abc" is not a number`},
		{"NaN submit", bad(2, "NaN"), 1, 2,
			`t.swf:1: field 2 (submit time): non-numeric field: "NaN" is not a number`},
		{"fractional processors", bad(5, "2.5"), 1, 5,
			`t.swf:1: field 5 (allocated processors): non-integer value in integer field: "2.5" is not an integer`},
		{"huge status", bad(11, "1e30"), 1, 11,
			`t.swf:1: field 11 (status): value out of range: "1e30" is out of range`},
		{"overflowing time", bad(9, "1e999"), 1, 9,
			`t.swf:1: field 9 (requested time): value out of range: "1e999" is out of range`},
		{"long token is shortened", bad(1, strings.Repeat("x", 60)), 1, 1,
			`t.swf:1: field 1 (job number): non-numeric field: "` + strings.Repeat("x", 40) + `"… is not a number`},
		{"after a good line with CRLF", good + "\r\n" + bad(18, "-") + "\r\n", 2, 18,
			`t.swf:2: field 18 (think time): non-numeric field: "-" is not a number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustReader(t, tt.text, ReadOptions{})
			var err error
			for err == nil {
				_, err = r.Next()
			}
			if err.Error() != tt.want {
				t.Errorf("error = %q\nwant    %q", err, tt.want)
			}
			var pe *ParseError
			if !errors.Is(err, ErrMalformed) || !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError wrapping ErrMalformed", err)
			}
			if pe.Name != "t.swf" || pe.Line != tt.line || pe.Field != tt.field {
				t.Errorf("ParseError = %+v, want line %d field %d", pe, tt.line, tt.field)
			}
			if _, again := r.Next(); again != err {
				t.Errorf("error is not sticky: %v", again)
			}
		})
	}
}

func TestLenientCountsByReason(t *testing.T) {
	lines := []string{
		"; Version: 2.2",
		jobLine(1, 0, 10, 1, 1, 10, 1),
		"1 2 3", // line 3
		strings.Replace(jobLine(2, 5, 10, 1, 1, 10, 1), "    5", "  5x", 1), // line 4
		"; a comment between jobs", // line 5
		"",                         // line 6
		"1 2",                      // line 7
		strings.Replace(jobLine(3, 6, 10, 1, 1, 10, 1), "  1 ", "1.5 ", 1), // line 8
		"x",                            // line 9
		"y z",                          // line 10
		jobLine(4, 7, 10, 1, 1, 10, 1), // line 11
	}
	r := mustReader(t, strings.Join(lines, "\n"), ReadOptions{Mode: Lenient, ProblemLines: 2})
	recs := readAll(t, r)
	if len(recs) != 2 || recs[0].JobNumber != 1 || recs[1].JobNumber != 4 || recs[1].Line != 11 {
		t.Fatalf("records = %+v", recs)
	}
	p := r.Problems()
	want := Report{
		{Reason: ReasonFieldCount, Kind: Malformed, Count: 4, Lines: []int{3, 7},
			Example: "t.swf:3: wrong field count: 3 fields, want 18"},
		{Reason: ReasonNotNumber, Kind: Malformed, Count: 1, Lines: []int{4},
			Example: `t.swf:4: field 2 (submit time): non-numeric field: "5x" is not a number`},
		{Reason: ReasonNotInteger, Kind: Malformed, Count: 1, Lines: []int{8},
			Example: `t.swf:8: field 5 (allocated processors): non-integer value in integer field: "1.5" is not an integer`},
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("Problems =\n%v\nwant\n%v", p, want)
	}
	if p.Total() != 6 || p.TotalKind(Malformed) != 6 || p.TotalKind(Filtered) != 0 {
		t.Errorf("Total = %d", p.Total())
	}
	if r.Records() != 2 || r.Comments() != 1 || r.Line() != 11 {
		t.Errorf("Records %d Comments %d Line %d", r.Records(), r.Comments(), r.Line())
	}
	s := p.String()
	if !strings.Contains(s, "malformed  wrong field count: 4 (lines 3, 7, …); first: t.swf:3:") {
		t.Errorf("report text:\n%s", s)
	}
	if (Report{}).String() != "no problems\n" {
		t.Error("empty report text")
	}
	// Problems returns a copy.
	p[0].Lines[0] = 99
	if r.Problems()[0].Lines[0] != 3 {
		t.Error("Problems shares memory with the reader")
	}
}

func TestProblemLinesOption(t *testing.T) {
	text := strings.Repeat("1 2\n", 10)
	for _, tt := range []struct{ opt, want int }{{0, DefaultProblemLines}, {-1, 0}, {3, 3}, {20, 10}} {
		r := mustReader(t, text, ReadOptions{Mode: Lenient, ProblemLines: tt.opt})
		readAll(t, r)
		p := r.Problems()
		if p.Count(ReasonFieldCount) != 10 || len(p[0].Lines) != tt.want {
			t.Errorf("ProblemLines %d: %+v", tt.opt, p)
		}
	}
}

func TestLineEndingsAndBlankLines(t *testing.T) {
	a, b := jobLine(1, 0, 10, 1, 1, 10, 1), jobLine(2, 5, 10, 1, 1, 10, 1)
	for name, text := range map[string]string{
		"LF":                a + "\n" + b + "\n",
		"CRLF":              "; Version: 2\r\n" + a + "\r\n" + b + "\r\n",
		"no final newline":  a + "\n" + b,
		"blank lines":       "\n\n" + a + "\n   \n\t\n" + b + "\n\n",
		"tabs and trailing": "\t" + a + "\t \n" + b + "   \n",
	} {
		t.Run(name, func(t *testing.T) {
			recs := readAll(t, mustReader(t, text, ReadOptions{}))
			if len(recs) != 2 || recs[0].JobNumber != 1 || recs[1].JobNumber != 2 {
				t.Errorf("records = %+v", recs)
			}
		})
	}
	if h := mustReader(t, "; Version: 2\r\n", ReadOptions{}).Header(); h.Version != "2" || h.Lines[0] != "; Version: 2" {
		t.Errorf("CRLF header = %+v", h)
	}
}

func TestEmptyAndHeaderOnly(t *testing.T) {
	for _, text := range []string{"", "; Version: 2.2\n;\n", "\n\n"} {
		r := mustReader(t, text, ReadOptions{})
		if _, err := r.Next(); err != io.EOF {
			t.Errorf("%q: Next = %v, want io.EOF", text, err)
		}
	}
}

func TestLongLines(t *testing.T) {
	good := jobLine(1, 0, 10, 1, 1, 10, 1)
	// A line longer than the read buffer but within MaxLineLength is
	// parsed normally; one longer than MaxLineLength is an error in both
	// modes, before its end is read.
	medium := good + strings.Repeat(" ", 3*bufferSize)
	huge := strings.Repeat("9", MaxLineLength+10)
	text := "; Note: " + strings.Repeat("n", 2*bufferSize) + "\n" + medium + "\n" + good + "\n"
	r := mustReader(t, text, ReadOptions{Mode: Lenient})
	if n := len(r.Header().Note[0]); n != 2*bufferSize {
		t.Errorf("long note has %d bytes", n)
	}
	recs := readAll(t, r)
	if len(recs) != 2 || recs[0].Line != 2 || recs[1].Line != 3 {
		t.Fatalf("records = %+v", recs)
	}
	for _, mode := range []Mode{Strict, Lenient} {
		r = mustReader(t, good+"\n"+huge+"\n"+good+"\n", ReadOptions{Mode: mode})
		if _, err := r.Next(); err != nil {
			t.Fatal(err)
		}
		if _, err := r.Next(); !errors.Is(err, ErrLineTooLong) || err.Error() != "t.swf:2: swf: a line longer than 1048576 bytes (the cap): not an SWF trace" {
			t.Errorf("%v: long line: %v", mode, err)
		}
	}
}

// A NUL byte is an error in both modes, wherever it is: a file without
// line ends (/dev/zero) fails within its first buffer.
func TestNULIsAnError(t *testing.T) {
	good := jobLine(1, 0, 10, 1, 1, 10, 1)
	for _, c := range []struct {
		text string
		line int
	}{
		{"; Version: 2.2\x00\n" + good + "\n", 1},
		{good + "\n" + good[:5] + "\x00" + good[5:] + "\n", 2},
		{good + "\n; a comment \x00\n", 2},
		{good + "\n" + good + " \x00\n", 2},
		{good + "\n" + strings.Repeat("\x00", 3*bufferSize), 2},
	} {
		for _, mode := range []Mode{Strict, Lenient} {
			r, err := NewReader(strings.NewReader(c.text), "t.swf", ReadOptions{Mode: mode})
			for err == nil {
				_, err = r.Next()
			}
			if want := fmt.Sprintf("t.swf:%d: swf: a NUL byte: binary data, not an SWF trace", c.line); !errors.Is(err, ErrNotText) || err.Error() != want {
				t.Errorf("%v %.40q: %v, want %s", mode, c.text, err, want)
			}
		}
	}
	// In the first job line, it fails the Reader's construction, before
	// a caller reads the header (the machine size a replay needs).
	for _, mode := range []Mode{Strict, Lenient} {
		text := "; MaxProcs: 8\n" + good[:5] + "\x00" + good[5:] + "\n"
		if _, err := NewReader(strings.NewReader(text), "t.swf", ReadOptions{Mode: mode}); !errors.Is(err, ErrNotText) {
			t.Errorf("%v: binary first job line: NewReader gave %v, want ErrNotText", mode, err)
		}
	}
	start := time.Now()
	r, err := Open("/dev/zero", ReadOptions{Mode: Lenient})
	if err == nil {
		_, err = r.Next()
	}
	if !errors.Is(err, ErrNotText) || time.Since(start) > time.Second {
		t.Errorf("/dev/zero: %v after %v", err, time.Since(start))
	}
}

func TestGzipDetection(t *testing.T) {
	plain := []byte(smallTrace)
	packed := gzipBytes(t, plain)
	dir := t.TempDir()
	tests := []struct {
		name string
		data []byte
	}{
		{"plain.swf", plain},
		{"packed.swf.gz", packed},
		{"packed-without-suffix.swf", packed}, // magic bytes, not the name
		{"plain-with-suffix.swf.gz", plain},
		{"concatenated.swf.gz", append(gzipBytes(t, plain[:100]), gzipBytes(t, plain[100:])...)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(dir, tt.name)
			if err := os.WriteFile(path, tt.data, 0o644); err != nil {
				t.Fatal(err)
			}
			r, err := Open(path, ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			if r.Name() != path || r.Header().Computer != "Test machine" {
				t.Errorf("name %q header %+v", r.Name(), r.Header())
			}
			if recs := readAll(t, r); len(recs) != len(smallJobs) {
				t.Errorf("%d records, want %d", len(recs), len(smallJobs))
			}
			if err := r.Close(); err != nil {
				t.Errorf("Close: %v", err)
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	packed := gzipBytes(t, []byte(strings.Repeat(jobLine(1, 0, 10, 1, 1, 10, 1)+"\n", 2000)))
	t.Run("truncated gzip", func(t *testing.T) {
		for _, mode := range []Mode{Strict, Lenient} {
			r, err := NewReader(bytes.NewReader(packed[:len(packed)/2]), "cut.swf.gz", ReadOptions{Mode: mode})
			if err != nil {
				t.Fatal(err)
			}
			for err == nil {
				_, err = r.Next()
			}
			if !errors.Is(err, io.ErrUnexpectedEOF) || !strings.HasPrefix(err.Error(), "cut.swf.gz:") ||
				!strings.Contains(err.Error(), ": swf: the compressed data ends early (a truncated .gz file?)") || errors.Is(err, ErrMalformed) {
				t.Errorf("%v: error = %v", mode, err)
			}
		}
	})
	t.Run("bad gzip header", func(t *testing.T) {
		_, err := NewReader(bytes.NewReader([]byte{0x1f, 0x8b, 0, 0}), "bad.gz", ReadOptions{})
		if err == nil || !strings.HasPrefix(err.Error(), "bad.gz: gzip:") {
			t.Errorf("error = %v", err)
		}
	})
	t.Run("missing file", func(t *testing.T) {
		_, err := Open(filepath.Join(t.TempDir(), "none.swf"), ReadOptions{})
		if !errors.Is(err, os.ErrNotExist) {
			t.Errorf("error = %v", err)
		}
	})
	t.Run("failing reader", func(t *testing.T) {
		boom := errors.New("boom")
		_, err := NewReader(io.MultiReader(strings.NewReader("; x\n"), errReader{boom}), "f.swf", ReadOptions{})
		if !errors.Is(err, boom) {
			t.Errorf("error = %v", err)
		}
	})
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func TestModeString(t *testing.T) {
	if Strict.String() != "strict" || Lenient.String() != "lenient" || Mode(7).String() != "Mode(7)" {
		t.Error("Mode.String")
	}
	if Malformed.String() != "malformed" || Unusable.String() != "unusable" || Filtered.String() != "filtered" || Kind(9).String() != "Kind(9)" {
		t.Error("Kind.String")
	}
}

package swf

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestHeaderTypedFields(t *testing.T) {
	r := mustReader(t, smallTrace, ReadOptions{})
	h := r.Header()
	checks := []struct {
		name      string
		got, want any
	}{
		{"Version", h.Version, "2.2"},
		{"Computer", h.Computer, "Test machine"},
		{"Installation", h.Installation, "Nowhere"},
		{"Acknowledge", h.Acknowledge, []string{"Alice", "Bob"}},
		{"Information", h.Information, []string{"http://example.org/\nhttp://example.com/more"}},
		{"MaxJobs", h.MaxJobs, int64(7)},
		{"MaxRecords", h.MaxRecords, int64(7)},
		{"UnixStartTime", h.UnixStartTime, int64(1000000000)},
		{"TimeZone", h.TimeZone, int64(-3600)},
		{"TimeZoneString", h.TimeZoneString, "Europe/Nowhere"},
		{"MaxNodes", h.MaxNodes, 16},
		{"MaxProcs", h.MaxProcs, 64},
		{"MaxQueues", h.MaxQueues, 2},
		{"Queue", h.Queue, []string{"1 short", "2 long"}},
		{"Note", h.Note, []string{"first note\ncontinued here", "second note"}},
		{"Lines", len(h.Lines), smallHeaderLines},
		{"Lines[0]", h.Lines[0], "; Version: 2.2"},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s = %#v, want %#v", c.name, c.got, c.want)
		}
	}
	if v, ok := h.Get("copyright"); !ok || v != "nobody\nreally nobody" {
		t.Errorf("Get(copyright) = %q, %v", v, ok)
	}
	if v, ok := h.Get("MaxProcs"); !ok || v != "64 (16 nodes x 4)" {
		t.Errorf("Get(MaxProcs) = %q, %v", v, ok)
	}
	if _, ok := h.Get("MaxMemory"); ok {
		t.Error("Get(MaxMemory) found an absent key")
	}
	if got := h.Values("Acknowledge"); !reflect.DeepEqual(got, []string{"Alice", "Bob"}) {
		t.Errorf("Values(Acknowledge) = %q", got)
	}
	// The header is available before the first record, and the first
	// record is not lost.
	rec, err := r.Next()
	if err != nil || rec.JobNumber != 1 || rec.Line != smallHeaderLines+1 {
		t.Fatalf("first record = %+v, %v", rec, err)
	}
}

func TestHeaderLineParsing(t *testing.T) {
	tests := []struct {
		name   string
		lines  string
		fields []HeaderField
	}{
		{"key", "; MaxProcs: 128\n", []HeaderField{{"MaxProcs", "128", 1}}},
		{"no spaces", ";Computer:IBM\n", []HeaderField{{"Computer", "IBM", 1}}},
		{"text with a colon later", "; see also: x\n", []HeaderField{{"", "see also: x", 1}}},
		{"url is not a key", "; Information: a\n;   http://x/y\n", []HeaderField{{"Information", "a\nhttp://x/y", 1}}},
		{"empty comment ends continuation", "; Note: a\n;\n;   b\n", []HeaderField{{"Note", "a", 1}, {"", "b", 3}}},
		{"text before any key", ";   hello\n; Version: 2\n", []HeaderField{{"", "hello", 1}, {"Version", "2", 2}}},
		{"empty value then continuation", "; Note:\n;   text\n", []HeaderField{{"Note", "text", 1}}},
		{"key with digits", "; Key2_x: v\n", []HeaderField{{"Key2_x", "v", 1}}},
		{"indented comment", "   ; Version: 2.2  \n", []HeaderField{{"Version", "2.2", 1}}},
		{"trailing spaces kept in raw line only", "; Queue:  0  interactive    \n", []HeaderField{{"Queue", "0  interactive", 1}}},
		{"blank lines skipped", "\n; Version: 2\n\n", []HeaderField{{"Version", "2", 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustReader(t, tt.lines, ReadOptions{})
			if got := r.Header().Fields; !reflect.DeepEqual(got, tt.fields) {
				t.Errorf("Fields = %#v\nwant %#v", got, tt.fields)
			}
		})
	}
}

// A byte order mark before the header does not hide it.
func TestHeaderAfterByteOrderMark(t *testing.T) {
	r := mustReader(t, "\xef\xbb\xbf; MaxProcs: 8\n"+jobLine(1, 0, 1, 1, 1, 1, 1), ReadOptions{})
	if r.Header().MaxProcs != 8 {
		t.Errorf("MaxProcs = %d, want 8", r.Header().MaxProcs)
	}
	r = mustReader(t, "\xef\xbb\xbf"+jobLine(1, 0, 1, 1, 1, 1, 1), ReadOptions{})
	if recs := readAll(t, r); len(recs) != 1 {
		t.Errorf("a job line after a byte order mark: %d records", len(recs))
	}
}

func TestHeaderBadNumbers(t *testing.T) {
	text := "; MaxProcs: many\n; MaxNodes: -4\n; TimeZone: -3600\n" + jobLine(1, 0, 1, 1, 1, 1, 1) + "\n"
	_, err := NewReader(strings.NewReader(text), "h.swf", ReadOptions{})
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 1 || pe.Reason != ReasonHeader {
		t.Fatalf("strict: err = %v", err)
	}
	if want := `h.swf:1: bad header value: MaxProcs: "many" is not an integer`; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
	for text, want := range map[string]string{
		"; MaxProcs: -5\n":                   `h.swf:1: bad header value: MaxProcs: "-5" is negative`,
		"; MaxProcs: 99999999999999999999\n": `h.swf:1: bad header value: MaxProcs: "99999999999999999999" is too large`,
	} {
		if _, err := NewReader(strings.NewReader(text+jobLine(1, 0, 1, 1, 1, 1, 1)+"\n"), "h.swf", ReadOptions{}); err == nil || err.Error() != want {
			t.Errorf("%q: error = %v, want %q", text, err, want)
		}
	}
	r, err := NewReader(strings.NewReader(text), "h.swf", ReadOptions{Mode: Lenient})
	if err != nil {
		t.Fatal(err)
	}
	h := r.Header()
	if h.MaxProcs != 0 || h.MaxNodes != 0 || h.TimeZone != -3600 {
		t.Errorf("typed values = %d %d %d", h.MaxProcs, h.MaxNodes, h.TimeZone)
	}
	p := r.Problems()
	if p.Count(ReasonHeader) != 2 || !reflect.DeepEqual(p[0].Lines, []int{1, 2}) {
		t.Errorf("problems = %+v", p)
	}
	if len(readAll(t, r)) != 1 {
		t.Error("record lost after a bad header")
	}
}

// TestGeneratedHeaderRoundTrip writes a header built in code (no Lines)
// and reads it back.
func TestGeneratedHeaderRoundTrip(t *testing.T) {
	in := Header{
		Version: "2.2", Computer: "Synthetic", Installation: "schedsim",
		Acknowledge: []string{"A", "B"}, Information: []string{"line one\nline two"},
		Conversion: "test", MaxJobs: 10, MaxRecords: 9, Preemption: "No",
		UnixStartTime: 1, TimeZone: -3600, TimeZoneString: "UTC",
		StartTime: "Mon Jan 1", EndTime: "Tue Jan 2", MaxNodes: 4, MaxProcs: 32,
		MaxRuntime: 3600, MaxMemory: 1024, AllowOveruse: "Yes", MaxQueues: 2,
		Queues: "two queues", Queue: []string{"1 a", "2 b"}, MaxPartitions: 1,
		Partitions: "one", Partition: []string{"1 all"}, Note: []string{"n1", "n2\nmore"},
		Fields: []HeaderField{{Key: "Copyright", Value: "x"}, {Key: "MaxProcs", Value: "ignored"}},
	}
	var b strings.Builder
	w := NewWriter(&b, in)
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	r := mustReader(t, b.String(), ReadOptions{})
	out := r.Header()
	if v, _ := out.Get("Copyright"); v != "x" {
		t.Errorf("Copyright = %q", v)
	}
	out.Fields, out.Lines, in.Fields = nil, nil, nil
	if !reflect.DeepEqual(out, in) {
		t.Errorf("round trip:\n got %#v\nwant %#v\nfile:\n%s", out, in, b.String())
	}
}

// A comment block beyond MaxHeaderBytes is an error, read in linear time
// (continuation lines used to be appended one by one to a string).
func TestHeaderIsCapped(t *testing.T) {
	data := "; Note: start\n" + strings.Repeat("; more of the note\n", MaxHeaderBytes/18+10)
	_, err := NewReader(strings.NewReader(data), "big.swf", ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), "header comment block longer than 1048576 bytes") {
		t.Fatalf("got %v", err)
	}
	r, err := NewReader(strings.NewReader("; Note: a\n; b\n; c\n"), "ok.swf", ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if f := r.Header().Fields; len(f) != 1 || f[0].Value != "a\nb\nc" {
		t.Fatalf("fields %+v", f)
	}
}

package records

import (
	"bufio"
	"io"
	"math"
	"strconv"
)

// bufferSize is the size of the buffered writer: 64 KiB, a few hundred
// records per write to the file.
const bufferSize = 64 << 10

// Writer writes per-job records, one line each. The first write error
// sticks: later writes do nothing and Flush returns it. A Writer is not
// safe for concurrent use.
type Writer struct {
	w   *bufio.Writer
	buf []byte
	err error
}

// New returns a Writer on w. It writes nothing until Header, Row or
// Write.
func New(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriterSize(w, bufferSize), buf: make([]byte, 0, 256)}
}

// Header writes the header line: the column names separated by commas.
func (r *Writer) Header(columns ...string) {
	b := r.Line()
	for i, col := range columns {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, col...)
	}
	r.Write(append(b, '\n'))
}

// Row writes a record of numbers (see AppendFloat), separated by commas.
func (r *Writer) Row(values ...float64) {
	if r.err != nil {
		return
	}
	b := r.Line()
	for i, v := range values {
		if i > 0 {
			b = append(b, ',')
		}
		b = AppendFloat(b, v)
	}
	r.Write(append(b, '\n'))
}

// Line returns the writer's empty line buffer to append a record to; pass
// the result to Write.
func (r *Writer) Line() []byte { return r.buf[:0] }

// Write writes a line built on Line's buffer (b should end with '\n') and
// keeps its storage for the next line.
func (r *Writer) Write(b []byte) {
	r.buf = b
	if r.err == nil {
		_, r.err = r.w.Write(b)
	}
}

// Failed reports whether a write has failed, so that a caller can skip
// building records nobody will read.
func (r *Writer) Failed() bool { return r.err != nil }

// Flush writes what is buffered and returns the first error.
func (r *Writer) Flush() error {
	if r.err != nil {
		return r.err
	}
	return r.w.Flush()
}

// AppendFloat appends v in the shortest form that reads back to the same
// float64, without exponent (1e-7 is 0.0000001); NaN, a value that does
// not exist (the wait of a job that never started), appends nothing, so
// that it is an empty cell, as in summary.csv, which pandas and R read as
// missing.
func AppendFloat(b []byte, v float64) []byte {
	if math.IsNaN(v) {
		return b
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

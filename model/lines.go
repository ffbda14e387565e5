package model

import (
	"bufio"
	"io"
)

// LineWriter writes per-job records, one line each, through a buffered
// writer and one reused line buffer, so that a record costs no
// allocation. The first write error sticks: later writes do nothing and
// Flush returns it.
type LineWriter struct {
	w   *bufio.Writer
	buf []byte
	err error
}

// NewLineWriter returns a LineWriter on w.
func NewLineWriter(w io.Writer) *LineWriter {
	return &LineWriter{w: bufio.NewWriterSize(w, 64<<10), buf: make([]byte, 0, 256)}
}

// Line returns the empty line buffer to append a record to; pass the
// result to Write.
func (l *LineWriter) Line() []byte { return l.buf[:0] }

// Write writes a line built on Line's buffer (b should end with '\n') and
// keeps its storage for the next line.
func (l *LineWriter) Write(b []byte) {
	l.buf = b
	if l.err == nil {
		_, l.err = l.w.Write(b)
	}
}

// Failed reports whether a write has failed.
func (l *LineWriter) Failed() bool { return l.err != nil }

// Flush writes what is buffered and returns the first error.
func (l *LineWriter) Flush() error {
	if l.err != nil {
		return l.err
	}
	return l.w.Flush()
}

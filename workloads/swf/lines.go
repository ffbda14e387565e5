package swf

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// lineReader splits a trace into lines. It is owned by the Reader while
// the header is read, then by the Reader's Next, or by the parsing
// goroutine when the Reader parses ahead (parseahead.go).
type lineReader struct {
	name string
	br   *bufio.Reader
	line int // number of lines read so far
	long []byte
}

// next returns the next line without its line end ("\n" or "\r\n"). The
// returned slice is valid until the next call. A line longer than the
// read buffer is checked for NUL bytes and for MaxLineLength as it is
// read, so that a file without line ends fails at once; a shorter line
// with a NUL byte fails to parse, and Next checks it then. The errors are
// io.EOF, a read error ("name:line: swf: …") and a format error
// ("name:line: swf: …", wrapping ErrNotText or ErrLineTooLong).
func (lr *lineReader) next() (line []byte, err error) {
	line, err = lr.br.ReadSlice('\n')
	switch {
	case err == nil || err == io.EOF && len(line) > 0:
		lr.line++
		return trimEOL(line), nil
	case err == io.EOF:
		return nil, io.EOF
	case err != bufio.ErrBufferFull:
		return nil, lr.readErr(err)
	}
	lr.long = lr.long[:0]
	for {
		if bytes.IndexByte(line, 0) >= 0 {
			return nil, lineError(lr.name, lr.line+1, ErrNotText)
		}
		if len(lr.long)+len(line) > MaxLineLength {
			return nil, lineError(lr.name, lr.line+1, ErrLineTooLong)
		}
		lr.long = append(lr.long, line...)
		if err != bufio.ErrBufferFull {
			break
		}
		line, err = lr.br.ReadSlice('\n')
	}
	if err != nil && err != io.EOF {
		return nil, lr.readErr(err)
	}
	lr.line++
	return trimEOL(lr.long), nil
}

// readErr is a read error at the next line: "name:line: swf: …"; a
// compressed stream that stops short is said to be truncated.
func (lr *lineReader) readErr(err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%s:%d: swf: the compressed data ends early (a truncated .gz file?): %w", lr.name, lr.line+1, err)
	}
	return fmt.Errorf("%s:%d: swf: read: %w", lr.name, lr.line+1, err)
}

// lineError is the error of a line that is not SWF text whatever the
// mode: "name:line: swf: …".
func lineError(name string, line int, err error) error {
	return fmt.Errorf("%s:%d: %w", name, line, err)
}

// formatError reports whether err, from lineReader.next, is about the
// file's content rather than from reading it (io.EOF or a read error).
func formatError(err error) bool {
	return errors.Is(err, ErrNotText) || errors.Is(err, ErrLineTooLong)
}

func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}

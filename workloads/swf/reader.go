package swf

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/klauspost/compress/gzip"
	"github.com/schedsim/schedsim/internal/input"
)

// Mode selects how a Reader treats malformed lines.
type Mode int

const (
	// Strict makes the first malformed line an error (*ParseError,
	// "file:line: reason"). It is the zero value.
	Strict Mode = iota
	// Lenient skips malformed lines and counts them by reason (see
	// Reader.Problems).
	Lenient
)

// String returns "strict" or "lenient".
func (m Mode) String() string {
	switch m {
	case Strict:
		return "strict"
	case Lenient:
		return "lenient"
	}
	return "Mode(" + strconv.Itoa(int(m)) + ")"
}

// DefaultProblemLines is the number of line numbers a Report keeps per
// reason when ReadOptions.ProblemLines is 0.
const DefaultProblemLines = 5

// MaxLineLength is the longest line, in bytes, the Reader accepts. A
// longer line is an error in both modes, as soon as the cap is passed: no
// SWF trace has one, and a file without line ends (a device, a binary
// file) would otherwise be read to its end, if it has one. A NUL byte is
// an error too (ErrNotText).
const MaxLineLength = 1 << 20

// ErrNotText is wrapped by the error of a NUL byte in a trace: binary
// data, not SWF. It is an error in both modes.
var ErrNotText = errors.New("swf: a NUL byte: binary data, not an SWF trace")

// ErrLineTooLong is wrapped by the error of a line longer than
// MaxLineLength. It is an error in both modes.
var ErrLineTooLong = fmt.Errorf("swf: a line longer than %d bytes (the cap): not an SWF trace", MaxLineLength)

const bufferSize = 64 << 10

// MaxHeaderBytes caps the leading comment block (the PWA's headers have a
// few kilobytes): a longer one is an error, not a header held in memory.
const MaxHeaderBytes = 1 << 20

// ReadOptions configures a Reader. The zero value is strict.
type ReadOptions struct {
	// Mode is Strict (default) or Lenient.
	Mode Mode
	// ProblemLines is how many line numbers are kept per problem reason:
	// 0 means DefaultProblemLines, a negative value keeps none.
	ProblemLines int
	// Context, when not nil, stops the reading once it is done: every
	// read from the underlying file first checks it, so that a trace that
	// never ends (a pipe, a device) can be interrupted. The Reader's error
	// then wraps the context's error.
	Context context.Context
}

// ContextReader returns r with reads that fail with ctx's error once ctx
// is done, so that an input that never ends can be interrupted; r itself
// when ctx is nil.
func ContextReader(ctx context.Context, r io.Reader) io.Reader {
	if ctx == nil {
		return r
	}
	return ctxReader{ctx, r}
}

// ctxReader fails reads once its context is done.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

func (o ReadOptions) maxLines() int {
	switch {
	case o.ProblemLines == 0:
		return DefaultProblemLines
	case o.ProblemLines < 0:
		return 0
	}
	return o.ProblemLines
}

// Reader streams the records of an SWF trace. It holds one line at a time
// (plus I/O buffers and, when it parses ahead, a few batches of records),
// never the whole trace. A Reader is not safe for concurrent use.
type Reader struct {
	name   string
	opts   ReadOptions
	file   io.Closer
	gz     *gzip.Reader
	ra     *readAhead  // inflating gz in a goroutine, or nil
	pa     *parseAhead // splitting and parsing lines in a goroutine, or nil
	lines  *lineReader // nil once pa owns it
	header Header

	line    int    // number of lines read so far (up to the last one Next returned or skipped)
	pend    []byte // first job line, read while scanning the header
	hasPend bool

	fields   [NumFields][]byte
	rec      Record // the record next returns without the parse-ahead
	records  int
	comments int
	problems Report
	err      error // sticky: io.EOF, a read error or a strict ParseError
}

// Open opens an SWF trace, plain or gzip-compressed (recognised by its
// magic bytes, whatever the file is called), and reads its header. The
// caller must Close the Reader. With more than one processor, the
// Reader parses the job lines in a goroutine ahead of Next, and inflates
// a gzip file in another (parseahead.go, inflate.go); what Next returns
// is the same.
//
// With opts.Context, a named pipe that no writer opens and a read that
// waits on a pipe both return the context's error once it is done.
func Open(path string, opts ReadOptions) (*Reader, error) {
	f, err := input.Open(opts.Context, path)
	if err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return nil, fmt.Errorf("swf: %s: %w", path, err)
		}
		return nil, fmt.Errorf("swf: %w", err)
	}
	r, err := newReader(f, path, opts, useReadAhead())
	if err != nil {
		if r != nil {
			r.file = f
			r.Close()
		} else {
			f.Close()
		}
		return nil, err
	}
	r.file = f
	return r, nil
}

// NewReader returns a Reader of the SWF data in r, which may be
// gzip-compressed (recognised by its magic bytes). Name is used in error
// messages, usually the file name. NewReader reads the leading comment
// block, so Header is complete when it returns; in Strict mode a header
// line with a malformed numeric value (e.g. "MaxProcs: many") is an
// error.
func NewReader(r io.Reader, name string, opts ReadOptions) (*Reader, error) {
	rd, err := newReader(r, name, opts, false)
	if err != nil {
		return nil, err
	}
	return rd, nil
}

// newReader is NewReader, inflating a gzip stream in a goroutine when
// ahead is set. After an error it returns the Reader, if there is one,
// to be closed.
func newReader(r io.Reader, name string, opts ReadOptions, ahead bool) (*Reader, error) {
	if opts.Context != nil {
		r = ctxReader{opts.Context, r}
	}
	br := bufio.NewReaderSize(r, bufferSize)
	rd := &Reader{name: name, opts: opts, lines: &lineReader{name: name, br: br}}
	magic, err := br.Peek(2)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: gzip: %w", name, err)
		}
		rd.gz = gz
		var src io.Reader = gz
		if ahead {
			rd.ra = newReadAhead(gz)
			src = rd.ra
		}
		rd.lines.br = bufio.NewReaderSize(src, bufferSize)
	}
	if err := rd.readHeader(); err != nil {
		return rd, err
	}
	if ahead {
		rd.pa = newParseAhead(rd.lines)
		rd.lines = nil
	}
	return rd, nil
}

// readHeader reads the comment block before the first job line. Blank
// lines in it are skipped. The first job line is kept for Next.
func (r *Reader) readHeader() error {
	b := headerBuilder{cont: -1}
	size := 0
	for {
		line, err := r.readLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if r.line == 1 {
			// A byte order mark, as some editors on Windows write.
			line = bytes.TrimPrefix(line, utf8BOM)
		}
		t := trimSpace(line)
		if len(t) == 0 {
			continue
		}
		if t[0] == ';' {
			if bytes.IndexByte(line, 0) >= 0 {
				return r.fatal(r.line, ErrNotText)
			}
			if size += len(line) + 1; size > MaxHeaderBytes {
				return fmt.Errorf("%s:%d: header comment block longer than %d bytes: not an SWF trace", r.name, r.line, MaxHeaderBytes)
			}
			b.add(string(line), r.line)
			continue
		}
		// Binary data is refused here, at Open, as Next would refuse
		// it (a NUL byte is in no number): a caller that reads the
		// header first (the machine size) then says what the file is,
		// not what its header lacks.
		if bytes.IndexByte(line, 0) >= 0 {
			return r.fatal(r.line, ErrNotText)
		}
		r.pend = append(r.pend[:0], line...)
		r.hasPend = true
		break
	}
	var herr error
	r.header = b.finish(func(f HeaderField, why string) {
		pe := &ParseError{Name: r.name, Line: f.Line, Reason: ReasonHeader,
			Detail: fmt.Sprintf("%s: %s %s", f.Key, strconv.Quote(firstLine(f.Value)), why)}
		if err := r.malformed(pe); err != nil && herr == nil {
			herr = err
		}
	})
	return herr
}

// utf8BOM is the UTF-8 byte order mark, dropped from the first line.
var utf8BOM = []byte("\xef\xbb\xbf")

func firstLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}

// readLine returns the next line from the lineReader, which the Reader
// owns (no parsing goroutine), and counts it.
func (r *Reader) readLine() ([]byte, error) {
	line, err := r.lines.next()
	r.line = r.lines.line
	return line, err
}

// fatal makes err, about line, sticky, in both modes; its message is
// "name:line: swf: …".
func (r *Reader) fatal(line int, err error) error {
	r.err = lineError(r.name, line, err)
	return r.err
}

// malformed handles a malformed line: in Strict mode it returns pe (and
// makes it sticky); in Lenient mode it counts the line and returns nil.
func (r *Reader) malformed(pe *ParseError) error {
	if r.opts.Mode != Lenient {
		r.err = pe
		return pe
	}
	r.problems.add(pe.Reason, Malformed, pe.Line, r.opts.maxLines(), pe.Error)
	return nil
}

// Header returns the trace's header. It is complete as soon as the Reader
// exists. The returned value shares its slices with the Reader; treat
// them as read-only.
func (r *Reader) Header() Header { return r.header }

// Name returns the name given to Open or NewReader.
func (r *Reader) Name() string { return r.name }

// Line returns the number of lines read so far; after Next returns a
// record it is the record's line.
func (r *Reader) Line() int { return r.line }

// Records returns the number of records Next has returned.
func (r *Reader) Records() int { return r.records }

// Comments returns the number of comment lines found after the header
// block (between or after job lines). They are skipped and not part of
// Header.
func (r *Reader) Comments() int { return r.comments }

// Problems returns the malformed lines skipped so far in Lenient mode
// (and, in Strict mode, nothing: the first one is an error).
func (r *Reader) Problems() Report { return r.problems.Clone() }

// Next returns the next record. It returns io.EOF after the last one. In
// Strict mode a malformed line is returned as a *ParseError (wrapping
// ErrMalformed); a read error (e.g. a truncated gzip stream) is returned
// in both modes, with the file name and line. Errors are sticky.
func (r *Reader) Next() (Record, error) {
	rec, err := r.next()
	if err != nil {
		return Record{}, err
	}
	return *rec, nil
}

// next is Next returning the record in place: in the parse-ahead batch or
// in the Reader, valid until the next call.
func (r *Reader) next() (*Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	for {
		var line []byte
		switch {
		case r.hasPend:
			line, r.hasPend = r.pend, false
		case r.pa != nil:
			it, err := r.pa.next()
			if err != nil {
				r.line = r.pa.cur.line
				r.err = err
				return nil, err
			}
			r.line = it.rec.Line
			if !it.raw {
				r.records++
				return &it.rec, nil
			}
			// Not a plain job line: what it is, the same code as
			// without the goroutine decides.
			line = r.pa.cur.text[it.off:it.end]
		default:
			var err error
			line, err = r.readLine()
			if err != nil {
				r.err = err
				return nil, err
			}
		}
		i := skipSpace(line, 0)
		if i == len(line) {
			continue
		}
		if line[i] == ';' {
			if bytes.IndexByte(line, 0) >= 0 {
				return nil, r.fatal(r.line, ErrNotText)
			}
			r.comments++
			continue
		}
		rec := &r.rec
		if parseLineFast(line[i:], rec) {
			rec.Line = r.line
			r.records++
			return rec, nil
		}
		if n := splitFields(line[i:], &r.fields); n != NumFields {
			if bytes.IndexByte(line, 0) >= 0 {
				return nil, r.fatal(r.line, ErrNotText)
			}
			pe := &ParseError{Name: r.name, Line: r.line, Reason: ReasonFieldCount,
				Detail: fmt.Sprintf("%d fields, want %d", n, NumFields)}
			if err := r.malformed(pe); err != nil {
				return nil, err
			}
			continue
		}
		pr, field, e := parseFields(&r.fields)
		if e != numOK {
			if bytes.IndexByte(line, 0) >= 0 {
				return nil, r.fatal(r.line, ErrNotText)
			}
			pe := &ParseError{Name: r.name, Line: r.line, Field: field + 1, Reason: e.reason(),
				Detail: numDetail(r.fields[field], e)}
			if err := r.malformed(pe); err != nil {
				return nil, err
			}
			continue
		}
		*rec = pr
		rec.Line = r.line
		r.records++
		return rec, nil
	}
}

func numDetail(tok []byte, e numErr) string {
	q := quoteToken(tok)
	switch e {
	case numNotNumber:
		return q + " is not a number"
	case numNotInteger:
		return q + " is not an integer"
	}
	return q + " is out of range"
}

// Close closes the gzip stream and, for a Reader made by Open, the file.
// It does not close the io.Reader given to NewReader.
func (r *Reader) Close() error {
	var errs []error
	reached := true // whether reading reached the inflating's error, if any
	if r.ra != nil || r.pa != nil {
		// The file first, so that a read waiting on a pipe returns.
		if r.file != nil {
			errs = append(errs, r.file.Close())
			r.file = nil
		}
	}
	if r.pa != nil {
		// The parsing goroutine first: it reads from the read-ahead.
		r.pa.stop()
		reached = r.pa.reachedEnd()
		r.pa = nil
	} else if r.ra != nil {
		// The header was read (ra.cur belongs to its reader).
		reached = r.ra.cur.err != nil
	}
	if r.ra != nil {
		r.ra.stop()
		r.ra = nil
	}
	if r.gz != nil {
		// An error met while inflating ahead of the reading is not
		// reported: without the read-ahead it would not have been met.
		if err := r.gz.Close(); reached {
			errs = append(errs, err)
		}
		r.gz = nil
	}
	if r.file != nil {
		errs = append(errs, r.file.Close())
		r.file = nil
	}
	return errors.Join(errs...)
}

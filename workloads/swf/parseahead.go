package swf

// The parse-ahead: with more than one processor, a Reader made by Open
// splits and parses its job lines in a goroutine, a few batches ahead of
// Next, so that parsing and what consumes the records (a simulation) run
// on two cores; with a gzip file, the read-ahead (inflate.go) is a third
// stage before it. The goroutine only takes the fast path of a job line
// (parseLineFast): every other line — blank, comment, malformed — is
// passed on as text, and Next handles it with the same code as without
// the goroutine, as it handles the line numbers, the counts, the
// problems and the errors: the records, problems and error messages are
// those of a plain read.
const (
	batchLines = 512      // lines per batch
	batchText  = 64 << 10 // bytes of text (non-record lines) per batch, about
	batches    = 4        // batches in flight
)

// aheadLine is a line as the goroutine found it: a parsed job line, or
// the text of any other line (raw).
type aheadLine struct {
	rec      Record // the record; rec.Line is the line's number either way
	raw      bool
	off, end int // the text of a raw line in its batch's text
}

// batch is a run of lines, and the error that ended the reading after
// them, if any (io.EOF at the end).
type batch struct {
	lines []aheadLine
	text  []byte
	err   error
	line  int  // lines read when err was met
	ended bool // err is the end of the stream (io.EOF or a read error)
}

// parseAhead is the consumer's side of the goroutine.
type parseAhead struct {
	full  chan *batch   // filled by the goroutine, in order
	empty chan *batch   // batches given back to the goroutine
	done  chan struct{} // closed by stop
	exit  chan struct{} // closed when the goroutine returns
	cur   *batch
	pos   int
	ended bool // next returned the end of the stream
}

// newParseAhead starts reading and parsing the lines of lr in a
// goroutine, which owns lr from then on.
func newParseAhead(lr *lineReader) *parseAhead {
	pa := &parseAhead{
		full:  make(chan *batch, batches),
		empty: make(chan *batch, batches),
		done:  make(chan struct{}),
		exit:  make(chan struct{}),
	}
	for range batches {
		pa.empty <- &batch{lines: make([]aheadLine, 0, batchLines)}
	}
	go pa.parse(lr)
	return pa
}

// parse fills the empty batches from lr until an error (io.EOF
// included) or stop.
func (pa *parseAhead) parse(lr *lineReader) {
	defer close(pa.exit)
	for {
		var b *batch
		select {
		case b = <-pa.empty:
		case <-pa.done:
			return
		}
		b.lines, b.text = b.lines[:0], b.text[:0]
		for len(b.lines) < batchLines && len(b.text) < batchText {
			line, err := lr.next()
			if err != nil {
				b.err, b.line, b.ended = err, lr.line, !formatError(err)
				break
			}
			b.lines = append(b.lines, aheadLine{})
			l := &b.lines[len(b.lines)-1]
			// Next's order of tests: a blank line, a comment, a
			// job line on the fast path.
			i := skipSpace(line, 0)
			if i == len(line) || line[i] == ';' || !parseLineFast(line[i:], &l.rec) {
				l.raw, l.off = true, len(b.text)
				b.text = append(b.text, line...)
				l.end = len(b.text)
			}
			l.rec.Line = lr.line
		}
		select {
		case pa.full <- b:
		case <-pa.done:
			return
		}
		if b.err != nil {
			return
		}
	}
}

// next returns the next line, valid until the following call, or the
// error that ended the reading (again at every later call).
func (pa *parseAhead) next() (*aheadLine, error) {
	for pa.cur == nil || pa.pos == len(pa.cur.lines) {
		if pa.cur != nil {
			if pa.cur.err != nil {
				pa.ended = pa.cur.ended
				return nil, pa.cur.err
			}
			pa.empty <- pa.cur
		}
		pa.cur, pa.pos = <-pa.full, 0
	}
	pa.pos++
	return &pa.cur.lines[pa.pos-1], nil
}

// reachedEnd reports whether next returned the end of the stream: an
// error of the inflating, if any, was then met by the reading.
func (pa *parseAhead) reachedEnd() bool { return pa.ended }

// stop makes the goroutine return and waits for it; close the file it
// reads first, so that a read waiting on a pipe returns.
func (pa *parseAhead) stop() {
	close(pa.done)
	<-pa.exit
}

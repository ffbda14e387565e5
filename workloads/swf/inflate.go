package swf

import (
	"io"
	"runtime"
)

// The read-ahead: with more than one processor, a Reader made by Open on a
// gzip-compressed file inflates it in a goroutine, a few chunks ahead of
// the parsing (itself a goroutine ahead of the simulation that consumes
// the records: parseahead.go), so that they run on several cores. The bytes, and any error after them, reach the
// parser in the same order as without it: the records, the problems and
// the error messages are the same.
const (
	chunkSize = 256 << 10
	chunks    = 4
)

// chunk is inflated data, and the error that ended it (nil if none).
type chunk struct {
	buf []byte
	n   int
	err error
}

// readAhead is an io.Reader over the chunks a goroutine inflates.
type readAhead struct {
	full  chan chunk    // filled by the goroutine, in order
	empty chan []byte   // buffers given back to the goroutine
	done  chan struct{} // closed by stop
	exit  chan struct{} // closed when the goroutine returns
	cur   chunk
	off   int
}

// useReadAhead reports whether inflating in a goroutine can pay: with one
// processor it would only add hand-overs.
func useReadAhead() bool { return runtime.GOMAXPROCS(0) > 1 }

// newReadAhead starts inflating src in a goroutine.
func newReadAhead(src io.Reader) *readAhead {
	ra := &readAhead{
		full:  make(chan chunk, chunks),
		empty: make(chan []byte, chunks),
		done:  make(chan struct{}),
		exit:  make(chan struct{}),
	}
	for range chunks {
		ra.empty <- make([]byte, chunkSize)
	}
	go ra.inflate(src)
	return ra
}

// inflate fills the empty buffers from src until an error (io.EOF
// included) or stop.
func (ra *readAhead) inflate(src io.Reader) {
	defer close(ra.exit)
	for {
		var buf []byte
		select {
		case buf = <-ra.empty:
		case <-ra.done:
			return
		}
		n := 0
		var err error
		for n < len(buf) && err == nil {
			var m int
			m, err = src.Read(buf[n:])
			n += m
		}
		select {
		case ra.full <- chunk{buf, n, err}:
		case <-ra.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// Read copies inflated bytes into p; after the last chunk it returns the
// error that ended the inflating.
func (ra *readAhead) Read(p []byte) (int, error) {
	for ra.off == ra.cur.n {
		if ra.cur.err != nil {
			return 0, ra.cur.err
		}
		if ra.cur.buf != nil {
			ra.empty <- ra.cur.buf
		}
		ra.cur, ra.off = <-ra.full, 0
	}
	n := copy(p, ra.cur.buf[ra.off:ra.cur.n])
	ra.off += n
	return n, nil
}

// stop makes the goroutine return and waits for it; close the file it
// reads first, so that a read waiting on a pipe returns.
func (ra *readAhead) stop() {
	close(ra.done)
	<-ra.exit
}

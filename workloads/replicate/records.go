package replicate

import (
	"io"

	"github.com/schedsim/schedsim/workloads/swf"
)

// Records is an swf.RecordSource over records held in memory (a
// resampled workload), in the order given.
type Records struct {
	name   string
	header swf.Header
	recs   []swf.Record
	next   int
}

// NewRecords returns a source of recs (in submit order) with a header
// and a name for messages.
func NewRecords(name string, h swf.Header, recs []swf.Record) *Records {
	return &Records{name: name, header: h, recs: recs}
}

// Reopen returns a new source over the same records, from the first:
// one workload replayed by several runs at once, each with its own
// position, none copying the records.
func (r *Records) Reopen() *Records {
	return &Records{name: r.name, header: r.header, recs: r.recs}
}

// Next returns the next record, or io.EOF after the last.
func (r *Records) Next() (swf.Record, error) {
	if r.next >= len(r.recs) {
		return swf.Record{}, io.EOF
	}
	r.next++
	return r.recs[r.next-1], nil
}

// Header returns the header.
func (r *Records) Header() swf.Header { return r.header }

// Name returns the name.
func (r *Records) Name() string { return r.name }

// Line returns the number (1-based) of the record returned last.
func (r *Records) Line() int { return r.next }

// Problems returns nothing: the records were checked when they were made.
func (r *Records) Problems() swf.Report { return nil }

// Len returns the number of records.
func (r *Records) Len() int { return len(r.recs) }

// All returns the records (not a copy: do not modify them).
func (r *Records) All() []swf.Record { return r.recs }

package swf

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/model"
)

// columnWidths are the minimum widths of the 18 right-aligned columns,
// as in the logs of the Parallel Workloads Archive. Wider values widen
// their column; columns are always separated by at least one space.
var columnWidths = [NumFields]int{5, 8, 6, 6, 4, 6, 5, 4, 6, 5, 2, 3, 3, 5, 2, 2, 2, 2}

// Writer writes an SWF trace: the header comment lines, then one line per
// record. Output is buffered; call Flush at the end. Errors are sticky.
type Writer struct {
	w           *bufio.Writer
	h           Header
	wroteHeader bool
	timeDigits  int
	buf         []byte
	err         error
}

// NewWriter returns a Writer to w with header h. The header is written
// before the first record (or by Flush when there are none): verbatim
// from h.Lines when it is set (a header read by a Reader), otherwise
// generated from h's typed fields and its non-standard Fields.
func NewWriter(w io.Writer, h Header) *Writer {
	return &Writer{w: bufio.NewWriter(w), h: h, timeDigits: -1}
}

// SetTimeDigits sets how time fields (2, 3, 4, 6, 9, 18) are written: a
// negative n (the default) writes the shortest decimal that reads back
// as the same float64, so a round trip is exact; n ≥ 0 rounds to n
// decimals (0 gives the integer seconds many SWF tools expect).
func (w *Writer) SetTimeDigits(n int) { w.timeDigits = n }

func (w *Writer) writeHeader() error {
	if w.wroteHeader || w.err != nil {
		return w.err
	}
	w.wroteHeader = true
	for _, l := range w.h.commentLines() {
		if err := w.writeComment(l); err != nil {
			return err
		}
	}
	return nil
}

// writeComment writes one header line. Text that would not read back as a
// comment (no leading ';', embedded line ends) is turned into comment
// lines, so a hand-built Header.Lines cannot corrupt the trace.
func (w *Writer) writeComment(l string) error {
	for _, part := range strings.Split(strings.ReplaceAll(l, "\r\n", "\n"), "\n") {
		if t := strings.TrimLeft(part, " \t\r\v\f"); !strings.HasPrefix(t, ";") {
			part = "; " + part
		}
		if _, err := w.w.WriteString(part); err != nil {
			w.err = err
			return err
		}
		if err := w.w.WriteByte('\n'); err != nil {
			w.err = err
			return err
		}
	}
	return nil
}

// Write writes one record in the canonical column layout. It returns an
// error wrapping ErrInvalidRecord when a value is NaN or infinite (SWF
// cannot represent it); nothing is written then.
func (w *Writer) Write(r Record) error {
	if err := w.writeHeader(); err != nil {
		return err
	}
	floats := [...]struct {
		field int
		v     float64
	}{{2, r.Submit}, {3, r.Wait}, {4, r.RunTime}, {6, r.AvgCPU}, {7, r.UsedMemory},
		{9, r.ReqTime}, {10, r.ReqMemory}, {18, r.ThinkTime}}
	for _, f := range floats {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) {
			return fmt.Errorf("%w: job %d: field %d (%s) is %v", ErrInvalidRecord, r.JobNumber, f.field, FieldName(f.field), f.v)
		}
	}
	b := w.buf[:0]
	b = w.colInt(b, 0, r.JobNumber)
	b = w.colTime(b, 1, r.Submit)
	b = w.colTime(b, 2, r.Wait)
	b = w.colTime(b, 3, r.RunTime)
	b = w.colInt(b, 4, int64(r.AllocProcs))
	b = w.colTime(b, 5, r.AvgCPU)
	b = w.colFloat(b, 6, r.UsedMemory)
	b = w.colInt(b, 7, int64(r.ReqProcs))
	b = w.colTime(b, 8, r.ReqTime)
	b = w.colFloat(b, 9, r.ReqMemory)
	b = w.colInt(b, 10, int64(r.Status))
	b = w.colInt(b, 11, int64(r.User))
	b = w.colInt(b, 12, int64(r.Group))
	b = w.colInt(b, 13, int64(r.App))
	b = w.colInt(b, 14, int64(r.Queue))
	b = w.colInt(b, 15, int64(r.Partition))
	b = w.colInt(b, 16, r.PrecedingJob)
	b = w.colTime(b, 17, r.ThinkTime)
	b = append(b, '\n')
	w.buf = b
	if _, err := w.w.Write(b); err != nil {
		w.err = err
		return err
	}
	return nil
}

// col appends value right-aligned in column i.
func (w *Writer) col(b []byte, i int, value []byte) []byte {
	if i > 0 {
		b = append(b, ' ')
	}
	for n := len(value); n < columnWidths[i]; n++ {
		b = append(b, ' ')
	}
	return append(b, value...)
}

func (w *Writer) colInt(b []byte, i int, v int64) []byte {
	var tmp [24]byte
	return w.col(b, i, strconv.AppendInt(tmp[:0], v, 10))
}

func (w *Writer) colFloat(b []byte, i int, v float64) []byte {
	var tmp [32]byte
	return w.col(b, i, strconv.AppendFloat(tmp[:0], v, 'f', -1, 64))
}

func (w *Writer) colTime(b []byte, i int, v float64) []byte {
	if w.timeDigits < 0 || v == -1 {
		return w.colFloat(b, i, v)
	}
	var tmp [32]byte
	return w.col(b, i, strconv.AppendFloat(tmp[:0], v, 'f', w.timeDigits, 64))
}

// WriteJob writes a model.Job as a record (see RecordFromJob).
func (w *Writer) WriteJob(j model.Job) error { return w.Write(RecordFromJob(j)) }

// Flush writes the header if no record was written, and flushes the
// buffered output.
func (w *Writer) Flush() error {
	if err := w.writeHeader(); err != nil {
		return err
	}
	if err := w.w.Flush(); err != nil {
		w.err = err
		return err
	}
	return nil
}

// RecordFromJob returns the SWF record of a job. The fields a model.Job
// knows are filled in: job number (ID), submit time, run time, allocated
// and requested processors (Size), requested time (Estimate, or -1 when
// it is not positive) and, for a job that has run (Start ≥ 0), the wait
// time Start − Submit. Status is 1 (completed) for a job that has ended
// (End ≥ 0) and -1 otherwise. Every other field is -1.
func RecordFromJob(j model.Job) Record {
	r := Record{
		JobNumber: j.ID, Submit: j.Submit, Wait: -1, RunTime: j.Runtime,
		AllocProcs: j.Size, AvgCPU: -1, UsedMemory: -1, ReqProcs: j.Size,
		ReqTime: -1, ReqMemory: -1, Status: StatusUnknown, User: -1, Group: -1,
		App: -1, Queue: -1, Partition: -1, PrecedingJob: -1, ThinkTime: -1,
	}
	if j.Estimate > 0 {
		r.ReqTime = j.Estimate
	}
	if j.Start >= 0 {
		r.Wait = j.Start - j.Submit
	}
	if j.End >= 0 {
		r.Status = StatusCompleted
	}
	return r
}

// WriteJobs writes jobs as an SWF trace to w (see RecordFromJob). When h
// has no Lines, an empty Version is set to "2.2" and zero MaxJobs and
// MaxRecords to len(jobs); set h.MaxProcs to the platform's size so other
// tools know the machine.
func WriteJobs(w io.Writer, h Header, jobs []model.Job) error {
	if len(h.Lines) == 0 {
		if h.Version == "" {
			h.Version = "2.2"
		}
		if h.MaxJobs == 0 {
			h.MaxJobs = int64(len(jobs))
		}
		if h.MaxRecords == 0 {
			h.MaxRecords = int64(len(jobs))
		}
	}
	sw := NewWriter(w, h)
	for _, j := range jobs {
		if err := sw.WriteJob(j); err != nil {
			return err
		}
	}
	return sw.Flush()
}

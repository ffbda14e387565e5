package results

import (
	"bufio"
	"io"
	"math"
	"strconv"
)

// JobCSV writes per-job records as CSV: a header of column names, then one
// row of numbers per job. Numbers are written in the shortest form that
// reads back to the same float64, without exponents; NaN (no value) as an
// empty cell. Errors are sticky and returned by Flush.
type JobCSV struct {
	w   *bufio.Writer
	buf []byte
	err error
}

// NewJobCSV writes the header line and returns the writer.
func NewJobCSV(w io.Writer, columns ...string) *JobCSV {
	c := &JobCSV{w: bufio.NewWriter(w)}
	for i, col := range columns {
		if i > 0 {
			c.buf = append(c.buf, ',')
		}
		c.buf = append(c.buf, col...)
	}
	c.buf = append(c.buf, '\n')
	_, c.err = c.w.Write(c.buf)
	return c
}

// Row writes one record.
func (c *JobCSV) Row(values ...float64) {
	if c.err != nil {
		return
	}
	c.buf = c.buf[:0]
	for i, v := range values {
		if i > 0 {
			c.buf = append(c.buf, ',')
		}
		if !math.IsNaN(v) {
			c.buf = strconv.AppendFloat(c.buf, v, 'f', -1, 64)
		}
	}
	c.buf = append(c.buf, '\n')
	_, c.err = c.w.Write(c.buf)
}

// Flush writes buffered rows and returns the first error met.
func (c *JobCSV) Flush() error {
	if c.err != nil {
		return c.err
	}
	return c.w.Flush()
}

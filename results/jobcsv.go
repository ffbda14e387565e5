package results

import (
	"io"

	"github.com/schedsim/schedsim/model/records"
)

// JobCSV is the per-job record writer of package model/records, under
// the name model/gang still uses; new code uses records.Writer.
type JobCSV = records.Writer

// NewJobCSV returns a records.Writer on w that has written the header
// line of columns.
func NewJobCSV(w io.Writer, columns ...string) *JobCSV {
	c := records.New(w)
	c.Header(columns...)
	return c
}

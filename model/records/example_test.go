package records_test

import (
	"os"

	"github.com/schedsim/schedsim/model/records"
)

// A model writes the header once and a record per completed job, then
// flushes at the end of its run.
func Example() {
	w := records.New(os.Stdout)
	w.Header("id", "submit", "start", "end")
	w.Row(1, 0, 0.5, 2.25)
	w.Row(2, 1e-3, 2.25, 3)
	if err := w.Flush(); err != nil {
		panic(err)
	}
	// Output:
	// id,submit,start,end
	// 1,0,0.5,2.25
	// 2,0.001,2.25,3
}

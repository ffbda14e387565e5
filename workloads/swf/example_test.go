package swf_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/schedsim/schedsim/workloads/swf"
)

// A Reader streams the records of a trace (plain or gzip-compressed) after
// reading its header; in Lenient mode malformed lines are counted, not
// fatal.
func ExampleNewReader() {
	const trace = `; Computer: a toy cluster
; MaxProcs: 8
1 0 3 100 4 -1 -1 4 200 -1 1 1 1 -1 1 -1 -1 -1
2 10 0 50 2 -1 -1 2 60 -1 1 1 1 -1 1 -1 -1 -1
this line is not a record
3 20 5 -1 1 -1 -1 1 30 -1 0 1 1 -1 1 -1 -1 -1
`
	r, err := swf.NewReader(strings.NewReader(trace), "toy.swf", swf.ReadOptions{Mode: swf.Lenient})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Header().Computer, r.Header().MaxProcs)
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("job %d: submit %v, run %v s on %d processors (line %d)\n", rec.JobNumber, rec.Submit, rec.RunTime, rec.Procs(), rec.Line)
	}
	fmt.Print(r.Problems())
	// Output:
	// a toy cluster 8
	// job 1: submit 0, run 100 s on 4 processors (line 3)
	// job 2: submit 10, run 50 s on 2 processors (line 4)
	// job 3: submit 20, run -1 s on 1 processors (line 6)
	// malformed  wrong field count: 1 (line 5); first: toy.swf:5: wrong field count: 6 fields, want 18
}

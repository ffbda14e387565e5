package lublin_test

import (
	"fmt"

	"github.com/schedsim/schedsim/workloads/lublin"
	"github.com/schedsim/schedsim/workloads/swf"
)

// Five jobs of the published model on a 128-processor machine, offered at
// a load of 0.8, turned into model.Jobs by the SWF job source.
func Example() {
	p := lublin.Defaults(128)
	p.Jobs, p.Load = 5, 0.8
	g, err := lublin.New(p)
	if err != nil {
		fmt.Println(err)
		return
	}
	jobs, err := swf.NewJobSourceFrom(g, swf.JobFilter{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for {
		j, err := jobs.Next()
		if err != nil {
			break
		}
		fmt.Printf("job %d: submit %6.0f s, %3d procs, %6.0f s\n", j.ID, j.Submit, j.Size, j.Runtime)
	}
	fmt.Printf("model's own load on 128 procs: %.3f\n", p.ModelLoad())
	// Output:
	// job 1: submit      0 s,   7 procs,    129 s
	// job 2: submit    323 s,   8 procs,      5 s
	// job 3: submit    355 s,   4 procs,      3 s
	// job 4: submit    561 s,   4 procs,      8 s
	// job 5: submit    565 s,   1 procs,      7 s
	// model's own load on 128 procs: 0.400
}

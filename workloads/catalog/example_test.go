package catalog_test

import (
	"fmt"

	"github.com/schedsim/schedsim/workloads/catalog"
)

// A trace is named case-insensitively, by its catalogue name, an alias or
// its file name.
func ExampleLookup() {
	for _, name := range []string{"sdsc-blue", "lublin_256", "KTH-SP2-1996-2.1-cln.swf.gz"} {
		e, _ := catalog.Lookup(name)
		fmt.Printf("%s: %s, %d jobs on %d processors\n", e.Name, e.File, e.Jobs, e.Procs)
	}
	_, err := catalog.Get("CTC-SP3")
	fmt.Println(err)
	// Output:
	// SDSC-BLUE: SDSC-BLUE-2000-4.2-cln.swf.gz, 243306 jobs on 1152 processors
	// lublin-256: lublin_256.swf.gz, 10000 jobs on 256 processors
	// KTH-SP2: KTH-SP2-1996-2.1-cln.swf.gz, 28476 jobs on 100 processors
	// catalog: unknown trace "CTC-SP3"; did you mean CTC-SP2?
}

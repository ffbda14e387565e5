package sacctmgr

import (
	"math"
	"strings"
	"testing"
)

// sprioOut is `sprio -n -o SprioFormat` as Slurm 22.05 prints it.
const sprioOut = `JOBID|USER|PRIORITY|AGE|FAIRSHARE|JOBSIZE|PARTITION|QOS|ASSOC
9|u05|58288|0.1733333|0.5555556|1.0000000|0.0000000|0.0000000|0.0000000
10|u01|13373|0.1700000|0.1111111|0.5625000|0.0000000|0.0000000|0.0000000
`

func TestReadPriorities(t *testing.T) {
	ps, err := ReadPriorities(strings.NewReader(sprioOut), "sprio.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := Priority{JobID: "10", User: "u01", Priority: 13373, Age: 0.17, FairShare: 0.1111111,
		JobSize: 0.5625, Line: 3}
	if len(ps) != 2 || ps[1] != want || ps[0].JobID != "9" || ps[0].JobSize != 1 {
		t.Fatalf("got %+v", ps)
	}
}

func TestReadPrioritiesAbsentColumn(t *testing.T) {
	ps, err := ReadPriorities(strings.NewReader("JOBID|PRIORITY|FAIRSHARE\n7|100|0.5\n"), "f")
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 1 || ps[0].FairShare != 0.5 || !math.IsNaN(ps[0].Age) || !math.IsNaN(ps[0].Assoc) {
		t.Fatalf("got %+v", ps)
	}
}

func TestReadPrioritiesErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"JOBID|USER\n1|u\n", "f:1: sacctmgr: the header \"JOBID|USER\" lacks column PRIORITY"},
		{"JOBID|PRIORITY\n1|x\n", "f:2: sacctmgr: sprio: job 1: PRIORITY \"x\" is not a number ≥ 0"},
		{"JOBID|PRIORITY\n1|-3\n", "f:2: sacctmgr: sprio: job 1: PRIORITY \"-3\" is not a number ≥ 0"},
		{"JOBID|PRIORITY|AGE\n1|3|NaN\n", "f:2: sacctmgr: sprio: job 1: AGE \"NaN\" is not a number"},
		{"JOBID|PRIORITY|AGE\n1|3\n", "f:2: sacctmgr: 2 fields, the header has 3"},
		{"JOBID|PRIORITY\n|3\n", "f:2: sacctmgr: sprio: an empty JOBID"},
	} {
		_, err := ReadPriorities(strings.NewReader(tc.in), "f")
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}

// FuzzReadPriorities: any input gives rows or a one-line error naming the
// file, never a panic.
func FuzzReadPriorities(f *testing.F) {
	f.Add(sprioOut)
	f.Add("JOBID|PRIORITY|AGE\n1|3|inf\n")
	f.Fuzz(func(t *testing.T, s string) {
		ps, err := ReadPriorities(strings.NewReader(s), "f")
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "f:") {
				t.Fatalf("error not one line naming the file: %q", err)
			}
			return
		}
		for _, p := range ps {
			if p.JobID == "" || !(p.Priority >= 0) {
				t.Fatalf("bad row %+v", p)
			}
		}
	})
}

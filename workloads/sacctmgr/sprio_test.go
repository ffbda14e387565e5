package sacctmgr

import (
	"math"
	"strings"
	"testing"
)

// sprioLong is `sprio -l --parsable2` as Slurm 22.05 prints it (no
// ACCOUNT column; the first PARTITION is the name, the second the factor).
const sprioLong = `JOBID|PARTITION|USER|PRIORITY|SITE|AGE|ASSOC|FAIRSHARE|JOBSIZE|PARTITION|QOS|NICE|TRES
12|batch|ann|10523|0|523|0|9000|0|1000|0|0|
13|debug|bob|2000|0|0|0|0|500|1500|0|0|cpu=10
`

func TestReadPrio(t *testing.T) {
	rows, err := ReadPrio(strings.NewReader(sprioLong), "p")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2", len(rows))
	}
	a := rows[0]
	if a.JobID != "12" || a.Partition != "batch" || a.User != "ann" || a.Account != "" || a.Priority != 10523 ||
		a.Age != 523 || a.FairShare != 9000 || a.JobSize != 0 || a.PartitionFactor != 1000 || a.QOS != 0 || a.Nice != 0 || a.Line != 2 {
		t.Errorf("row 1 = %+v", a)
	}
	if b := rows[1]; b.Partition != "debug" || b.PartitionFactor != 1500 || b.JobSize != 500 || b.Line != 3 {
		t.Errorf("row 2 = %+v", b)
	}
}

func TestReadPrioColumnsByName(t *testing.T) {
	// Any order, lower case, an ACCOUNT, no factor columns but one:
	// absent factors are NaN, a single PARTITION is the name.
	in := "priority|account|jobid|partition|age\n7.5|physics|3_1|gpu|\n"
	rows, err := ReadPrio(strings.NewReader(in), "p")
	if err != nil {
		t.Fatal(err)
	}
	r := rows[0]
	if r.JobID != "3_1" || r.Account != "physics" || r.Partition != "gpu" || r.Priority != 7.5 ||
		!math.IsNaN(r.Age) || !math.IsNaN(r.FairShare) || !math.IsNaN(r.PartitionFactor) {
		t.Errorf("row = %+v", r)
	}
}

func TestReadPrioErrors(t *testing.T) {
	h := "JOBID|USER|PRIORITY|AGE\n"
	for _, tc := range []struct{ in, want string }{
		{"JOBID|USER|AGE\n1|a|3\n", `p:1: sacctmgr: the header "JOBID|USER|AGE" lacks column PRIORITY (print the table with --parsable2 and a format holding that column)`},
		{h + "1|a|x|0\n", `p:2: sacctmgr: job 1: PRIORITY "x" is not a number`},
		{h + "1|a||0\n", `p:2: sacctmgr: job 1: PRIORITY "" is not a number`},
		{h + "1|a|5|NaN\n", `p:2: sacctmgr: job 1: AGE "NaN" is not a number`},
		{h + "|a|5|0\n", "p:2: sacctmgr: an empty JOBID"},
		{h + "1|a|5\n", "p:2: sacctmgr: 3 fields, the header has 4"},
		{h + "1|a|5|\x00\n", "p:2: sacctmgr: a NUL byte: binary data, not sacctmgr output"},
		{h + "1|a|5|" + strings.Repeat("9", MaxLineLength) + "\n", "p:2: sacctmgr: a line longer than 65536 bytes (the cap)"},
		{"", "p:1: sacctmgr: no header line"},
	} {
		_, err := ReadPrio(strings.NewReader(tc.in), "p")
		if err == nil || err.Error() != tc.want {
			t.Errorf("%.40q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}

// FuzzReadPrio: any input gives rows or one line naming the file, never
// a panic.
func FuzzReadPrio(f *testing.F) {
	f.Add(sprioLong)
	f.Add("JOBID|PRIORITY|PARTITION|PARTITION|PARTITION\n1|2|a|3|b\n")
	f.Fuzz(func(t *testing.T, s string) {
		rows, err := ReadPrio(strings.NewReader(s), "f")
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.HasPrefix(err.Error(), "f:") {
				t.Fatalf("error not one line naming the file: %q", err)
			}
			return
		}
		for _, r := range rows {
			if r.JobID == "" || math.IsNaN(r.Priority) || r.Line < 2 {
				t.Fatalf("row %+v", r)
			}
		}
	})
}

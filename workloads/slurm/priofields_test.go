package slurm

import (
	"strings"
	"testing"
)

func TestReadPriorityFields(t *testing.T) {
	head := "JobIDRaw|JobID|User|Submit|Start|End|AllocCPUS|State|Account|QOS|Eligible|Priority|ReqTRES|NodeList\n"
	in := head +
		"10|10|ada|2026-10-01T00:00:00|2026-10-01T00:01:00|2026-10-01T01:00:00|8|COMPLETED|chem|normal|2026-10-01T00:00:05|4294|billing=8,cpu=8,mem=16G,node=1|n01\n" +
		"10|10.batch||2026-10-01T00:00:00|2026-10-01T00:01:00|2026-10-01T01:00:00|8|COMPLETED|chem|||||n01\n" +
		"11|11|bob|2026-10-01T00:00:00|None|None|0|PENDING|phys||Unknown||cpu=4|None assigned\n"
	got, err := ReadPriorityFields(strings.NewReader(in), "s.txt", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []PriorityFields{
		{JobID: "10", User: "ada", Account: "chem", QOS: "normal", NodeList: "n01", Eligible: 1790812805, Priority: 4294, ReqCPUs: 8, ReqNodes: 1, Line: 2},
		{JobID: "11", User: "bob", Account: "phys", NodeList: "None assigned", Eligible: -1, Priority: -1, ReqCPUs: 4, ReqNodes: -1, Line: 4},
	}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	for _, tc := range []struct{ in, want string }{
		{head + "1|1||2026-10-01T00:00:00|||8|COMPLETED|a|q|yesterday|1||\n", "slurm: f:2: job 1: Eligible:"},
		{head + "1|1||2026-10-01T00:00:00|||8|COMPLETED|a|q||-3||\n", `slurm: f:2: job 1: Priority "-3"`},
		{head + "1|1||2026-10-01T00:00:00|||8|COMPLETED|a|q|||cpu=x|\n", `slurm: f:2: job 1: ReqTRES cpu="x"`},
		{head + "1|1||2026-10-01T00:00:00|||8|COMPLETED|a|q||||\n1|1||2026-10-01T00:00:00|||8|COMPLETED|a|q||||\n", "slurm: f:3: job 1 already on line 2"},
		{head + "1|1\n", "slurm: f:2: 2 fields, the header has 14"},
		{"JobID|Account\n", "slurm: f:1: the header line"},
	} {
		_, err := ReadPriorityFields(strings.NewReader(tc.in), "f", nil)
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}

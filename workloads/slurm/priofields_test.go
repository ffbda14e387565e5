package slurm

import (
	"strings"
	"testing"
)

// scanAll returns the jobs Scan yields from in, in order.
func scanAll(in string, opts Options) ([]Job, Stats, error) {
	var jobs []Job
	st, _, err := Scan(strings.NewReader(in), "f", opts, func(j *Job) error {
		jobs = append(jobs, *j)
		return nil
	})
	return jobs, st, err
}

// TestPriorityColumns: with Options.Priority every job carries the
// priority's columns of its line, and a line the priority cannot read is
// an error naming it.
func TestPriorityColumns(t *testing.T) {
	head := "JobIDRaw|JobID|User|Submit|Start|End|AllocCPUS|State|Account|QOS|Eligible|Priority|ReqTRES|NodeList\n"
	in := head +
		"10|10|ada|2026-10-01T00:00:00|2026-10-01T00:01:00|2026-10-01T01:00:00|8|COMPLETED|chem|normal|2026-10-01T00:00:05|4294|billing=8,cpu=8,mem=16G,node=1|n01\n" +
		"10|10.batch||2026-10-01T00:00:00|2026-10-01T00:01:00|2026-10-01T01:00:00|8|COMPLETED|chem|||||n01\n" +
		"12|12|cy|2026-10-01T00:00:00|2026-10-01T00:00:00|2026-10-01T00:00:09|1|COMPLETED|bio||None||cpu=1|n02\n" +
		"11|11|bob|2026-10-01T00:00:00|None|None|0|PENDING|phys||Unknown||cpu=4|None assigned\n"
	got, st, err := scanAll(in, Options{Priority: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || st.Skipped != 1 {
		t.Fatalf("%d jobs, %d skipped: %+v", len(got), st.Skipped, got)
	}
	a, c := got[0], got[1]
	if a.ID != "10" || a.User != "ada" || a.Account != "chem" || a.QOS != "normal" || a.Eligible != 1790812805 ||
		a.Priority != 4294 || a.TRESCPUs != 8 || a.TRESNodes != 1 || a.Line != 2 {
		t.Errorf("job 10: %+v", a)
	}
	if c.ID != "12" || c.Account != "bio" || c.Eligible != -1 || c.Priority != -1 || c.TRESCPUs != 1 || c.TRESNodes != -1 || c.Line != 4 {
		t.Errorf("job 12: %+v", c)
	}
	if jobs, _, err := scanAll(in, Options{}); err != nil || jobs[0].Account != "" || jobs[0].Eligible != -1 || jobs[0].TRESCPUs != -1 {
		t.Errorf("without Priority: %+v, %v", jobs, err)
	}
	for _, tc := range []struct{ in, want string }{
		{head + "1|1||2026-10-01T00:00:00|||8|COMPLETED|a|q|yesterday|1||\n", "slurm: f:2: job 1: Eligible:"},
		{head + "1|1||2026-10-01T00:00:00|||8|COMPLETED|a|q||-3||\n", `slurm: f:2: job 1: Priority "-3"`},
		{head + "1|1||2026-10-01T00:00:00|||8|COMPLETED|a|q|||cpu=x|\n", `slurm: f:2: job 1: ReqTRES cpu="x"`},
		{head + "1|1||2026-10-01T00:00:00|||8|PENDING|a|q||||\n1|1||2026-10-01T00:00:00|||8|COMPLETED|a|q||||\n", "slurm: f:3: job 1 already on line 2"},
		{head + "1|1\n", "slurm: f:2: 2 fields, the header has 14"},
		{"JobID|Account\n", "slurm: f:1: the header line"},
	} {
		_, _, err := scanAll(tc.in, Options{Priority: true})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
}

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSlurmOrderCheck runs the check of test-slurm-order.sh
// (testdata/slurm/order-check.sh) on hand-made recorded summaries: it
// passes at a same-order share of 0.925 against 0.90, and fails below it,
// without the row, or on a file that is not a summary.
func TestSlurmOrderCheck(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	const summary = `metric,group,recorded,simulated,unit
jobs,,,40,jobs
skipped,,0,,jobs
start_error_median,,,3,s
start_error_p90,,,12.5,s
start_within_60s,,,1,fraction
wait_ks,,,0.1,distance
same_order,,,0.925,fraction
mean_wait,,15,37.5,s
mean_wait_by_user,u01,10,70,s
`
	dir := t.TempDir()
	for _, c := range []struct {
		name, csv, want string
		ok              bool
	}{
		{"pass", summary, "40 jobs: same order 0.925 (need >= 0.90); start-time error median 3.0 s, p90 12.5 s; 100% within 60 s; KS distance of waits 0.100", true},
		{"below", strings.Replace(summary, "same_order,,,0.925", "same_order,,,0.85", 1), "same-order share 0.85 is below 0.90", false},
		{"missing", strings.Replace(summary, "same_order,,,0.925,fraction\n", "", 1), "no value of same_order", false},
		{"empty", strings.Replace(summary, "same_order,,,0.925", "same_order,,,", 1), "no value of same_order", false},
		{"other", "job,user\n1,u\n", "not a recorded summary", false},
	} {
		f := filepath.Join(dir, c.name+".csv")
		if err := os.WriteFile(f, []byte(c.csv), 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command("bash", filepath.Join("testdata", "slurm", "order-check.sh"), f, "0.90").CombinedOutput()
		if (err == nil) != c.ok || !strings.Contains(string(out), c.want) {
			t.Errorf("%s: err %v, output %q; want ok=%v and %q", c.name, err, out, c.ok, c.want)
		}
	}
}

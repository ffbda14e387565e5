package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// slurmSite is the slurm kind's test capture, from cmd/schedsim.
const slurmSite = "../../scenarios/testdata/slurm-site/"

// TestReplaySlurm: replay --slurm-conf prints the kind's metrics and,
// with --compare-recorded and --out, writes the comparison files.
func TestReplaySlurm(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "replay", "--sacct", slurmSite+"sacct.txt", "--slurm-conf", slurmSite+"slurm.conf",
		"--assoc", slurmSite+"assoc.txt", "--qos", slurmSite+"qos.txt", "--compare-recorded", "--out", out, "--per-job")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, m := range []string{"mean_wait", "backfilled_share", "same_order", "start_error_median"} {
		if !strings.Contains(stdout, m) {
			t.Errorf("no %s in the output:\n%s", m, stdout)
		}
	}
	for file, header := range map[string]string{
		"recorded.csv":         "job,user,partition,submit_s,recorded_start_s,simulated_start_s,error_s",
		"recorded-summary.csv": "metric,group,recorded,simulated,unit",
		"jobs.csv":             "replication,id,submit,start,end,processors,runtime,wait,bsld,priority,backfilled,user,account,partition,qos",
	} {
		f, err := os.Open(filepath.Join(out, file))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil || len(rows) < 2 || strings.Join(rows[0], ",") != header {
			t.Errorf("%s: header %v, %d rows, %v", file, rows[0], len(rows), err)
		}
	}
}

// TestReplaySlurmErrors: every bad input is one line naming the flag or
// the file and line.
func TestReplaySlurmErrors(t *testing.T) {
	dir := t.TempDir()
	sacct, err := os.ReadFile(slurmSite + "sacct.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(sacct), "\n")
	write := func(name string, edit func(l []string)) string {
		l := append([]string{}, lines...)
		edit(l)
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(strings.Join(l, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	gpu := write("gpu.txt", func(l []string) { l[3] = strings.Replace(l[3], "|batch|", "|gpu|", 1) })
	big := write("big.txt", func(l []string) { l[3] = strings.Replace(l[3], "|16|16|", "|32|32|", 1) })
	badConf := filepath.Join(dir, "slurm.conf")
	conf, _ := os.ReadFile(slurmSite + "slurm.conf")
	os.WriteFile(badConf, []byte(strings.Replace(string(conf), "PriorityMaxAge=1-0", "PriorityMaxAge=yesterday", 1)), 0o644)
	site := []string{"--slurm-conf", slurmSite + "slurm.conf"}
	cases := []struct {
		args []string
		want string
	}{
		{append([]string{"--sacct", slurmSite + "sacct.txt", "--policy", "easy"}, site...), "--policy: not with --slurm-conf"},
		{append([]string{"--trace", "x.swf", "--procs", "4"}, site...), "--procs, --trace: not with --slurm-conf"},
		{site, "--slurm-conf needs --sacct FILE"},
		{[]string{"--sacct", slurmSite + "sacct.txt", "--qos", "q.txt"}, "--qos goes with --slurm-conf"},
		{[]string{"--sacct", slurmSite + "sacct.txt", "--slurm-conf", "nope.conf"}, `--slurm-conf: file "nope.conf" does not exist`},
		{[]string{"--sacct", slurmSite + "sacct.txt", "--slurm-conf", badConf}, "slurm.conf:11: slurmconf: PriorityMaxAge"},
		{append([]string{"--sacct", slurmSite + "sacct.txt", "--assoc", slurmSite + "slurm.conf"}, site...), "--assoc: "},
		{append([]string{"--sacct", gpu}, site...), `gpu.txt: slurmsim: sacct job 2 (line 4): partition "gpu"`},
		{append([]string{"--sacct", big}, site...), "big.txt: slurmsim: sacct job 2 (line 4): 32 CPUs"},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, append([]string{"replay"}, c.args...)...)
		msg := strings.TrimSpace(stderr[strings.LastIndex(stderr, "schedsim: "):])
		if code == exitOK || !strings.Contains(msg, c.want) || strings.Contains(msg, "\n") {
			t.Errorf("replay %v: exit %d, %q; want one line with %q", c.args, code, msg, c.want)
		}
	}
}

package slurm

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/workloads/swf"
)

// liveJob is what test-sacct.sh submitted under a job name.
type liveJob struct {
	count          int     // records (array tasks count one each)
	status         int     // SWF status
	alloc, req     int     // allocated (-1: never started) and requested CPUs
	limit          float64 // requested time, -1 for none
	runMin, runMax float64 // run time bounds, seconds (-1, -1: never ran)
}

// liveJobs are the jobs of cmd/schedsim/testdata/slurm/test-sacct.sh.
// Run-time bounds leave room for a loaded machine; the time-limit job
// ends between its 60 s limit and the next periodic check of slurmctld
// plus KillWait.
var liveJobs = map[string]liveJob{
	"ss-two":     {1, swf.StatusCompleted, 2, 2, 60, 4, 15},
	"ss-step":    {1, swf.StatusCompleted, 1, 1, 7200, 3, 15},
	"ss-array":   {3, swf.StatusCompleted, 1, 1, 300, 2, 15},
	"ss-held":    {1, swf.StatusCancelled, -1, 1, 600, -1, -1},
	"ss-killed":  {1, swf.StatusCancelled, 1, 1, 600, 3, 20},
	"ss-timeout": {1, swf.StatusFailed, 1, 1, 60, 60, 180},
	"ss-fail":    {1, swf.StatusFailed, 1, 1, 60, 1, 15},
	"ss-nolimit": {1, swf.StatusCompleted, 1, 1, -1, 1, 15},
}

// TestSacctCapture imports sacct output of a real Slurm with accounting
// and checks every field against what test-sacct.sh submitted: the
// committed capture testdata/sacct-capture.txt (see testdata/README.md),
// or the fresh one of `make test-sacct` (SCHEDSIM_SACCT_CAPTURE, with the
// Unix times SCHEDSIM_SACCT_T0 and _T1 around the submissions).
func TestSacctCapture(t *testing.T) {
	path := os.Getenv("SCHEDSIM_SACCT_CAPTURE")
	if path == "" {
		path = "testdata/sacct-capture.txt"
	}
	names := jobNames(t, path)
	tr, err := ReadFile(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if p := tr.Problems(); p.Total() != 0 {
		t.Errorf("problems importing a clean capture:\n%s", p)
	}
	st := tr.Stats()
	t.Logf("%s: %+v", path, st)
	// Steps: batch of every started job, extern when Slurm adds it, the
	// srun step of ss-step. (A heterogeneous job does not fit the
	// single 2-CPU node of the test: see the hand-written edge cases.)
	if st.Steps < 9 || st.NeverStarted != 1 {
		t.Errorf("stats %+v: want ≥ 9 steps, 1 never started", st)
	}
	h := tr.Header()
	if h.TimeZoneString != "UTC" || h.MaxJobs != int64(st.Jobs) || len(h.Partition) != 1 || h.Partition[0] != "1 test" {
		t.Errorf("header %+v", h)
	}
	if t0, t1 := envInt(t, "SCHEDSIM_SACCT_T0"), envInt(t, "SCHEDSIM_SACCT_T1"); t0 > 0 && (h.UnixStartTime < t0-1 || h.UnixStartTime > t1) {
		t.Errorf("UnixStartTime %d is not within the test's run [%d, %d]", h.UnixStartTime, t0, t1)
	}
	seen := map[string]int{}
	prev := -1.0
	for i, r := range tr.Records() {
		name := names[r.Line]
		w, ok := liveJobs[name]
		if !ok {
			t.Errorf("line %d: job %q was not submitted by test-sacct.sh", r.Line, name)
			continue
		}
		seen[name]++
		bad := func(field string, got, want any) {
			t.Errorf("%s (line %d): %s = %v, want %v", name, r.Line, field, got, want)
		}
		if r.JobNumber != int64(i+1) {
			bad("job number", r.JobNumber, i+1)
		}
		if r.Submit < prev || r.Submit < 0 || r.Submit > 600 {
			bad("submit", r.Submit, "in order, within the test's 10 minutes")
		}
		prev = r.Submit
		if r.Status != w.status {
			bad("status", r.Status, w.status)
		}
		if r.AllocProcs != w.alloc {
			bad("allocated CPUs", r.AllocProcs, w.alloc)
		}
		if r.ReqProcs != w.req {
			bad("requested CPUs", r.ReqProcs, w.req)
		}
		if r.ReqTime != w.limit {
			bad("requested time", r.ReqTime, w.limit)
		}
		if r.RunTime < w.runMin || r.RunTime > w.runMax {
			bad("run time", r.RunTime, [2]float64{w.runMin, w.runMax})
		}
		if started := w.alloc > 0; started != (r.Wait >= 0) || r.Wait > 300 {
			bad("wait", r.Wait, "≥ 0 for started jobs, -1 otherwise")
		}
		if r.User != 1 || r.Group != 1 || r.Partition != 1 || r.Queue != -1 {
			bad("user, group, partition, queue", [4]int{r.User, r.Group, r.Partition, r.Queue}, "1, 1, 1, -1 (root, root, test)")
		}
	}
	for name, w := range liveJobs {
		if seen[name] != w.count {
			t.Errorf("%s: %d records, want %d", name, seen[name], w.count)
		}
	}
}

// jobNames maps the lines of a capture to their JobName column.
func jobNames(t *testing.T, path string) map[int]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("no capture: %v", err)
	}
	defer f.Close()
	names := map[int]string{}
	col := -1
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Split(sc.Text(), "|")
		if col < 0 {
			for i, c := range fields {
				if c == "JobName" {
					col = i
				}
			}
			if col < 0 {
				t.Fatalf("%s: no JobName column", path)
			}
			for _, c := range strings.Split(Format, ",") {
				if !strings.Contains("|"+sc.Text()+"|", "|"+c+"|") {
					t.Fatalf("%s: the header lacks %s of slurm.Format", path, c)
				}
			}
			continue
		}
		if col < len(fields) {
			names[line] = fields[col]
		}
	}
	return names
}

func envInt(t *testing.T, key string) int64 {
	s := os.Getenv(key)
	if s == "" {
		return 0
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("%s=%q: %v", key, s, err)
	}
	return v
}

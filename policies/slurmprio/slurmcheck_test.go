package slurmprio_test

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/policies/slurmprio"
	"github.com/schedsim/schedsim/workloads/sacctmgr"
	"github.com/schedsim/schedsim/workloads/slurmconf"
)

// TestSlurmPriorityCapture holds schedsim's fair-share factors and job
// priorities against a real Slurm's, captured by
// cmd/schedsim/testdata/slurm/test-slurm-priority.sh: for each of the
// classic and the Fair Tree runs, every user's fair share computed from
// sshare's shares and raw usage must be sshare's within 1e-3, and every
// pending job's priority, computed from the slurm.conf's weights, the
// job's size and its age (sprio's age factor times PriorityMaxAge, whole
// seconds as Slurm counts them), must be sprio's within 1e-3 relative
// (Slurm truncates the sum to an integer; so does schedsim, and a sum
// that lands a rounding error from an integer may truncate one lower), as
// must every factor whose weight is not 0. The captures are the
// directory $SCHEDSIM_SLURM_PRIO_DIR (the live test) or, offline, the
// copy in testdata/slurm-22.05.
func TestSlurmPriorityCapture(t *testing.T) {
	dir := os.Getenv("SCHEDSIM_SLURM_PRIO_DIR")
	if dir == "" {
		dir = filepath.Join("testdata", "slurm-22.05")
	}
	for _, run := range []struct{ sub, name string }{
		{"classic", "multifactor-classic"},
		{"fairtree", "multifactor-fairtree"},
	} {
		t.Run(run.sub, func(t *testing.T) {
			checkCapture(t, filepath.Join(dir, run.sub), run.name)
		})
	}
}

func checkCapture(t *testing.T, dir, name string) {
	open := func(f string) *os.File {
		t.Helper()
		fh, err := os.Open(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { fh.Close() })
		return fh
	}
	// The partition that keeps the jobs pending is down, which the
	// scheduler does not model and the priority does not read.
	conf, err := slurmconf.ReadWith(open("slurm.conf"), "slurm.conf", slurmconf.Options{AllowUnmodelled: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := slurmprio.Name(conf); got != name {
		t.Fatalf("slurm.conf selects %s, want %s", got, name)
	}
	rows, err := sacctmgr.ReadShares(open("sshare.txt"), "sshare.txt")
	if err != nil {
		t.Fatal(err)
	}
	prios, err := sacctmgr.ReadPriorities(open("sprio.txt"), "sprio.txt")
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := readSqueue(open("squeue.txt"), "squeue.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := preciseUsage(rows, filepath.Join(dir, "sshare.txt")); err != nil {
		t.Fatal(err)
	}
	tree, err := slurmprio.TreeFromShares(rows, "sshare.txt")
	if err != nil {
		t.Fatal(err)
	}
	o := slurmprio.OptionsFrom(conf)
	eng, err := slurmprio.New(name, o, tree, slurmprio.ClusterFrom(conf, nil, 0))
	if err != nil {
		t.Fatal(err)
	}

	// Fair shares, users as sshare lists them.
	if bad := slurmprio.CompareShares(rows, tree, 1e-3, "sshare.txt"); len(bad) != 0 {
		t.Errorf("fair shares differ from Slurm's:\n%s", strings.Join(bad, "\n"))
	}
	users, maxFS := 0, 0.0
	for _, r := range rows {
		if n, ok := tree.User(r.User, r.Account); ok && r.User != "" && !math.IsNaN(r.FairShare) {
			users++
			maxFS = math.Max(maxFS, math.Abs(n.FairShare-r.FairShare))
		}
	}

	// Priorities of the pending jobs.
	var maxFactor, maxPrio, maxRel float64
	exact := 0
	for _, p := range prios {
		j, ok := jobs[p.JobID]
		if !ok {
			t.Fatalf("sprio.txt:%d: job %s is not in squeue.txt", p.Line, p.JobID)
		}
		age := math.Round(p.Age * o.MaxAge)
		f, err := eng.Priority(slurmprio.Job{User: p.User, Account: j.account, Partition: j.partition,
			CPUs: j.cpus, Nodes: j.nodes}, age)
		if err != nil {
			t.Fatalf("sprio.txt:%d: %v", p.Line, err)
		}
		for _, c := range []struct {
			what        string
			weight      float64
			here, slurm float64
		}{
			{"age", o.WeightAge, f.Age, p.Age}, {"fair share", o.WeightFairshare, f.FairShare, p.FairShare},
			{"job size", o.WeightJobSize, f.JobSize, p.JobSize}, {"partition", o.WeightPartition, f.Partition, p.Partition},
			{"QoS", o.WeightQOS, f.QOS, p.QOS}, {"association", o.WeightAssoc, f.Assoc, p.Assoc},
		} {
			if c.weight == 0 {
				continue
			}
			d := math.Abs(c.here - c.slurm)
			maxFactor = math.Max(maxFactor, d)
			if d > 1e-3 {
				t.Errorf("sprio.txt:%d: job %s: %s factor %.7f here, %.7f in sprio", p.Line, p.JobID, c.what, c.here, c.slurm)
			}
		}
		d := math.Abs(f.Priority - p.Priority)
		maxPrio = math.Max(maxPrio, d)
		maxRel = math.Max(maxRel, d/p.Priority)
		if d == 0 {
			exact++
		}
		if d > 1e-3*p.Priority {
			t.Errorf("sprio.txt:%d: job %s: priority %.0f here, %.0f in sprio", p.Line, p.JobID, f.Priority, p.Priority)
		}
	}
	t.Logf("%s: %d users: max |Δ fair share| %.2g; %d jobs: max |Δ factor| %.2g, max |Δ priority| %.0f (relative %.2g), %d of %d priorities equal",
		name, users, maxFS, len(prios), maxFactor, maxPrio, maxRel, exact, len(prios))
	if users == 0 || len(prios) == 0 {
		t.Fatal("the capture holds no user or no pending job: nothing was compared")
	}
}

// preciseUsage replaces every user row's RawUsage, which sshare prints
// rounded to whole CPU-seconds, by its NormUsage (the share of root's raw
// usage, printed with six decimals) times root's RawUsage: the same usage
// to a millionth of root's. Rounding a small user's 42.56 CPU-seconds to
// 43 moves its classic fair share by 1e-3; both algorithms read usage only
// relative to the tree's, so root's rounding does not matter.
func preciseUsage(rows []sacctmgr.Share, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	lines := strings.Split(string(data), "\n")
	col := -1
	for i, h := range strings.Split(lines[0], "|") {
		if h == "NormUsage" {
			col = i
		}
	}
	if col < 0 {
		return fmt.Errorf("%s:1: no NormUsage column", path)
	}
	root := math.NaN()
	for _, r := range rows {
		if r.Account == "root" && r.User == "" {
			root = r.RawUsage
		}
	}
	for i, r := range rows {
		if r.User == "" || !(root > 0) {
			continue
		}
		f := strings.Split(lines[r.Line-1], "|")
		norm, err := strconv.ParseFloat(f[col], 64)
		if err != nil {
			return fmt.Errorf("%s:%d: NormUsage %q: %v", path, r.Line, f[col], err)
		}
		rows[i].RawUsage = norm * root
	}
	return nil
}

// squeueJob is a pending job as `squeue -t PD -o '%i|%a|%P|%C|%D'` lists it.
type squeueJob struct {
	account, partition string
	cpus, nodes        int
}

// readSqueue reads that output by its header (JOBID, ACCOUNT, PARTITION,
// CPUS, NODES), jobs by id.
func readSqueue(f *os.File, name string) (map[string]squeueJob, error) {
	sc := bufio.NewScanner(f)
	jobs := map[string]squeueJob{}
	var col map[string]int
	for line := 1; sc.Scan(); line++ {
		fields := strings.Split(sc.Text(), "|")
		if col == nil {
			col = map[string]int{}
			for i, h := range fields {
				col[strings.TrimSpace(h)] = i
			}
			for _, h := range []string{"JOBID", "ACCOUNT", "PARTITION", "CPUS", "NODES"} {
				if _, ok := col[h]; !ok {
					return nil, fmt.Errorf("%s:%d: no %s column", name, line, h)
				}
			}
			continue
		}
		if len(fields) != len(col) {
			return nil, fmt.Errorf("%s:%d: %d fields, the header has %d", name, line, len(fields), len(col))
		}
		get := func(h string) string { return strings.TrimSpace(fields[col[h]]) }
		cpus, err1 := strconv.Atoi(get("CPUS"))
		nodes, err2 := strconv.Atoi(get("NODES"))
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s:%d: CPUS %q or NODES %q is not a count", name, line, get("CPUS"), get("NODES"))
		}
		jobs[get("JOBID")] = squeueJob{get("ACCOUNT"), get("PARTITION"), cpus, nodes}
	}
	return jobs, sc.Err()
}

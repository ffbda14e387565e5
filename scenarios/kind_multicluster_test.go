package scenarios

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/results/claims"
	"github.com/schedsim/schedsim/sim"
)

// swfLine is one SWF record: id, submit, run time, processors (the other
// fields -1, status 1).
func swfLine(id, submit, run, procs int) string {
	f := []int{id, submit, 0, run, procs, -1, -1, procs, run, -1, 1, -1, -1, -1, -1, -1, -1, -1}
	var b strings.Builder
	for i, v := range f {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(itoa(v))
	}
	return b.String() + "\n"
}

func itoa(v int) string {
	if v < 0 {
		return "-" + itoa(-v)
	}
	if v < 10 {
		return string(rune('0' + v))
	}
	return itoa(v/10) + string(rune('0'+v%10))
}

// writeFile writes a file into dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A toy trace: 6 jobs on a grid of 4 + 2 processors; job 4 (7
// processors) is larger than the grid, job 5 (5) than any cluster.
// MaxProcs 8: job 4 (7 processors) is a plausible record that no cluster
// of the 6-processor grid can run.
const toyTrace = "; MaxProcs: 8\n"

func toyDir(t *testing.T) string {
	dir := t.TempDir()
	trace := toyTrace + swfLine(1, 0, 10, 2) + swfLine(2, 1, 20, 4) + swfLine(3, 2, 5, 1) +
		swfLine(4, 3, 5, 7) + swfLine(5, 4, 8, 5) + swfLine(6, 5, 1, 2)
	writeFile(t, dir, "toy.swf", trace)
	writeFile(t, dir, "grid.yaml", "clusters:\n  - {name: big, processors: 4, speed: 1000}\n  - {name: fast, processors: 2, speed: 2000}\n")
	return dir
}

func TestMultiClusterBadInput(t *testing.T) {
	dir := toyDir(t)
	writeFile(t, dir, "empty.yaml", "")
	writeFile(t, dir, "nokeys.yaml", "clusters: []\n")
	writeFile(t, dir, "typo.yaml", "clusters:\n  - {name: a, procs: 4, speed: 1000}\n")
	writeFile(t, dir, "bad.swf", toyTrace+swfLine(1, 0, -1, 4)+swfLine(2, 1, 10, -1))
	cases := []struct {
		params, want string
	}{
		{"platform: grid.yaml", ""},
		{"clusters: [{name: a, processors: 0, speed: 1000}]", "params.clusters[0].processors: must be in [1, 16777216] (got 0"},
		{"clusters: [{name: a, processors: 4, speed: 0}]", "params.clusters[0].speed: must be in [1e-06, 1e+12] MIPS (got 0"},
		{"clusters: [{name: a, processors: 4, speed: -5}]", "clusters[0].speed"},
		{"clusters: [{name: a, processors: 4, speed: 1}, {name: a, processors: 2, speed: 1}]", `clusters[1].name: "a" is already the name of clusters[0]`},
		{"clusters: [{processors: 4, speed: 1}]", "clusters[0].name: is required"},
		{"platform: empty.yaml", "params.platform: multicluster: invalid platform:"},
		{"platform: nokeys.yaml", "clusters: the platform has no cluster"},
		{"platform: typo.yaml", "typo.yaml: line 2: clusters[0].procs: unknown key (allowed: name, processors, speed)"},
		{"platform: none.yaml", "params.platform:"},
		{"platform: grid.yaml\n  clusters: [{name: a, processors: 4, speed: 1}]", "either a platform file or inline clusters"},
		{"policy: easy", "params.policy: must be one of [coarp ebf fcfs fpfs scoal]"},
		{"offers: some", "params.offers: must be one of"},
		{"surplus: drop", "params.surplus"},
		{"parts_start: later", "params.parts_start"},
		{"cluster_choice: random", "params.cluster_choice"},
		{"horizon: -1", "params.horizon: must be a finite number ≥ 0"},
		{"ref_speed: 0", "params.ref_speed"},
		{"max_job_number: -1", "params.max_job_number: must be in [0, "},
		{"nodes: 4", "params.nodes: unknown key"},
	}
	for _, c := range cases {
		y := "name: t\nmodel: multicluster\nreplications: 1\nparams:\n  trace: toy.swf\n  " + c.params + "\n"
		_, err := Parse([]byte(y), filepath.Join(dir, "t.yaml"), dir)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.params, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one containing %q", c.params, err, c.want)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("%s: error of more than one line: %q", c.params, err)
		}
	}
	// A trace with no usable job is an error naming the key.
	y := "name: t\nmodel: multicluster\nreplications: 1\nparams:\n  trace: bad.swf\n"
	sc, err := Parse([]byte(y), filepath.Join(dir, "t.yaml"), dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(context.Background(), sc, Options{Log: zerolog.Nop()})
	if err == nil || !strings.Contains(err.Error(), "trace: ") || !strings.Contains(err.Error(), "no usable job") {
		t.Fatalf("trace without usable jobs: %v", err)
	}
}

// TestMultiClusterToy runs the toy trace under every policy on both
// engines: the rejections are counted by reason, the load balance is the
// standard deviation of the clusters' utilizations, the engines agree.
func TestMultiClusterToy(t *testing.T) {
	dir := toyDir(t)
	y := "name: t\nmodel: multicluster\nreplications: 1\nparams:\n  trace: toy.swf\n  platform: grid.yaml\nsweep:\n  - key: policy\n    values: [fcfs, ebf, fpfs, scoal, coarp]\n"
	sc, err := Parse([]byte(y), filepath.Join(dir, "t.yaml"), dir)
	if err != nil {
		t.Fatal(err)
	}
	var reps [2]string
	for k, eng := range sim.Kinds() {
		rep, err := Run(context.Background(), sc, Options{Engine: eng, Check: true, Log: zerolog.Nop()})
		if err != nil {
			t.Fatal(err)
		}
		for _, pt := range rep.Points {
			get := func(n string) float64 {
				v, ok := pt.Metric(n)
				if !ok {
					t.Fatalf("no metric %s", n)
				}
				return v.Mean
			}
			policy := pt.Labels[0].Value
			wantCluster := 1.0
			if policy == "scoal" || policy == "coarp" {
				wantCluster = 0
			}
			if get("jobs_rejected_grid") != 1 || get("jobs_rejected_cluster") != wantCluster || get("jobs_completed")+get("jobs_rejected") != 6 {
				t.Errorf("%s: completed %v, rejected %v (grid %v, cluster %v)", policy, get("jobs_completed"), get("jobs_rejected"), get("jobs_rejected_grid"), get("jobs_rejected_cluster"))
			}
			u1, u2 := get("utilization_big"), get("utilization_fast")
			if mean := (u1 + u2) / 2; math.Abs(get("utilization_mean")-mean) > 1e-12 || math.Abs(get("load_balance")-math.Abs(u1-u2)/2) > 1e-12 {
				t.Errorf("%s: utilizations %v and %v, mean %v, load balance %v", policy, u1, u2, get("utilization_mean"), get("load_balance"))
			}
		}
		reps[k] = fmt.Sprintf("%v", rep.Points)
	}
	if reps[0] != reps[1] {
		t.Errorf("the engines disagree:\n%s\n%s", reps[0], reps[1])
	}
}

// max_job_number keeps the records numbered up to N (jobs 1-3 of the toy
// trace); makespan_sum_fit leaves out job 5, larger than any cluster,
// which only the co-allocating policies run.
func TestMultiClusterMaxJobNumber(t *testing.T) {
	dir := toyDir(t)
	for _, c := range []struct {
		n    string
		jobs float64
	}{{"3", 3}, {"5", 5}, {"0", 6}} {
		y := "name: t\nmodel: multicluster\nreplications: 1\nparams:\n  trace: toy.swf\n  platform: grid.yaml\n  max_job_number: " + c.n + "\nsweep:\n  - key: policy\n    values: [fcfs, coarp]\n"
		sc, err := Parse([]byte(y), filepath.Join(dir, "t.yaml"), dir)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Run(context.Background(), sc, Options{Check: true, Log: zerolog.Nop()})
		if err != nil {
			t.Fatal(err)
		}
		for _, pt := range rep.Points {
			get := func(n string) float64 { v, _ := pt.Metric(n); return v.Mean }
			policy := pt.Labels[0].Value
			if got := get("jobs_completed") + get("jobs_rejected"); got != c.jobs {
				t.Errorf("max_job_number %s, %s: %v jobs, want %v", c.n, policy, got, c.jobs)
			}
			sum, fit := get("makespan_sum"), get("makespan_sum_fit")
			if big := policy == "coarp" && c.jobs >= 5; big && !(fit < sum) || !big && fit != sum {
				t.Errorf("max_job_number %s, %s: makespan_sum %v, makespan_sum_fit %v", c.n, policy, sum, fit)
			}
		}
	}
}

// TestKaratzaLoadBalance checks the two-site model's load balance in one
// replication: the population standard deviation of the two sites'
// utilizations, |u1 − u2| / 2.
func TestKaratzaLoadBalance(t *testing.T) {
	sc, err := Load("karatza-quick")
	if err != nil {
		t.Fatal(err)
	}
	m, err := sc.Points[0].Params.Run(RunContext{Engine: sim.NewFast(), Streams: sim.NewStreams(1, 0), Stop: Stop{CompletedJobs: 2000}, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	u1, _ := m.Get("utilization_site1")
	u2, _ := m.Get("utilization_site2")
	lb, ok := m.Get("load_balance")
	if !ok || math.Abs(lb-math.Abs(u1-u2)/2) > 1e-12 {
		t.Fatalf("load balance %v (present %v), site utilizations %v and %v", lb, ok, u1, u2)
	}
}

// The multicluster metrics in claims, on the toy trace: COARP runs job 5
// (5 processors, larger than either cluster), FCFS rejects it; SCOAL and
// COARP both run it, and equal values fail a strict claim. Under FCFS
// (earliest finish) job 1 runs on fast [0, 5), job 2 on big [1, 21), job
// 3 on fast [5, 7.5), job 6 on fast [7.5, 8): Σ(F − E) = 5 + 20 + 2.5 +
// 0.5 = 28 s, all of it over jobs ≤ 4 processors. A misspelt metric is
// one line naming the file, line and key.
func TestMultiClusterClaims(t *testing.T) {
	dir := toyDir(t)
	y := `name: t
model: multicluster
replications: 1
params: {trace: toy.swf, platform: grid.yaml}
sweep:
  - key: policy
    values: [fcfs, scoal, coarp]
claims:
  - name: coarp-runs-all
    paper: "x"
    where: {policy: coarp}
    within: {metric: jobs_rejected_cluster, range: [0, 0]}
  - name: coarp-fewest-rejected
    paper: "x"
    best: {metric: jobs_rejected_cluster, axis: policy, value: coarp, goal: min}
  - name: fcfs-fit
    paper: "x"
    where: {policy: fcfs}
    within: {metric: makespan_sum_fit, range: [28, 28]}
`
	sc, err := Parse([]byte(y), filepath.Join(dir, "t.yaml"), dir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), sc, Options{Check: true, Log: zerolog.Nop()})
	if err != nil {
		t.Fatal(err)
	}
	vs, err := sc.EvaluateClaims(rep)
	if err != nil {
		t.Fatal(err)
	}
	want := []claims.Outcome{claims.Reproduced, claims.NotReproduced, claims.Reproduced}
	for i, v := range vs {
		if v.Verdict != want[i] {
			t.Errorf("%s: %s (%s), want %s", v.Claim, v.Verdict, v.Numbers, want[i])
		}
	}
	bad := strings.Replace(y, "metric: makespan_sum_fit", "metric: makespan_fit", 1)
	_, err = Parse([]byte(bad), filepath.Join(dir, "t.yaml"), dir)
	if err == nil || !strings.Contains(err.Error(), "t.yaml:19: claims[2].within.metric: unknown metric \"makespan_fit\"") || !strings.Contains(err.Error(), "makespan_sum_fit") || strings.Contains(err.Error(), "\n") {
		t.Errorf("misspelt metric: %v", err)
	}
}

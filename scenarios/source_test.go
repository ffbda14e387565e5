package scenarios

import (
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/sim"
)

// runCluster parses a cluster scenario and runs its first point once.
func runCluster(t *testing.T, doc string) map[string]float64 {
	t.Helper()
	sc, err := Parse([]byte(doc), "t.yaml", ".")
	if err != nil {
		t.Fatal(err)
	}
	p := sc.Points[0].Params.(*ClusterParams)
	m, err := p.Run(RunContext{Engine: sim.NewFast(), Streams: sim.NewStreams(sc.Seed, 0), Log: zerolog.Nop(), Check: true})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, name := range []string{"jobs_completed", "utilization", "sum_runtime", "makespan", "records_dropped"} {
		out[name], _ = m.Get(name)
	}
	return out
}

// A generated workload replayed under EASY delivers the load asked for:
// 200 000 jobs asked for 0.7 on 128 processors give a utilization within
// 5% of 0.7 (a sample of 200 000 jobs offers the asked load within about
// ±2.5%, one standard deviation, from the heavy-tailed work; see
// workloads/lublin's TestLoadFactor for a million jobs within 3%).
func TestLublinSourceGivesAskedLoadUnderEASY(t *testing.T) {
	if testing.Short() {
		t.Skip("200 000 jobs under EASY; skipped with -short")
	}
	m := runCluster(t, `name: t
model: cluster
replications: 1
seed: 3
params:
  procs: 128
  policy: easy
  source:
    lublin: {jobs: 200000, load: 0.7}
`)
	t.Logf("EASY on a generated load of 0.7: utilization %.4f (%+.2f%%), %v jobs", m["utilization"], 100*(m["utilization"]-0.7)/0.7, m["jobs_completed"])
	if m["jobs_completed"] != 200000 {
		t.Errorf("%v jobs completed, want 200000", m["jobs_completed"])
	}
	if u := m["utilization"]; u < 0.7*0.95 || u > 0.7*1.05 {
		t.Errorf("utilization %.4f, asked 0.7 ± 5%%", u)
	}
}

func TestSacctSourceReplays(t *testing.T) {
	m := runCluster(t, `name: t
model: cluster
replications: 1
params:
  procs: 64
  policy: conservative
  source:
    sacct: ../workloads/slurm/testdata/edge-cases.txt
`)
	// 8 jobs: one never started and one with run time 0 are dropped, and
	// the 7 lines the import skipped (pending, running, not sacct output,
	// bad time, bad state, orphan step, duplicate) count as dropped too.
	if m["jobs_completed"] != 6 || m["records_dropped"] != 9 || m["sum_runtime"] != 600+7205+60+120+600+60 {
		t.Errorf("replay of the sacct edge cases: %v", m)
	}
}

func TestSourceValidate(t *testing.T) {
	for _, c := range []struct{ params, want string }{
		{"source: {lublin: {jobs: 10}}", "source.lublin.procs"},
		{"procs: 64\n  source: {lublin: {jobs: 10, classes: x}}", "params.source.lublin.classes: \"x\", want both or combined"},
		{"procs: 64\n  source: {lublin: {jobs: 10000000000}}", "params.source.lublin.jobs: 10000000000, want 0 … 1073741824"},
		{"procs: 64\n  source: {lublin: {jobs: 10, batch: {serial: 1}}}", "source.lublin.batch.serial"},
		{"source: {sacct: no/such.txt}", "source.sacct"},
		{"source: {sacct: x, sacct_tz: Mars/Olympus}", "source.sacct_tz"},
		{"source: {}", "exactly one"},
		{"trace: x.swf\n  source: {sacct: x}", "not both"},
	} {
		_, err := Parse([]byte("name: t\nmodel: cluster\nreplications: 1\nparams:\n  "+c.params+"\n"), "t.yaml", ".")
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one with %q", c.params, err, c.want)
		}
	}
}

// The multi-cluster grid takes a source too; a generated workload's procs
// default to the grid's processors in all (Table 1: 1 120).
func TestMulticlusterTakesASource(t *testing.T) {
	sc, err := Parse([]byte(`name: t
model: multicluster
replications: 1
params:
  policy: coarp
  source:
    lublin: {jobs: 2000, load: 0.5}
`), "t.yaml", ".")
	if err != nil {
		t.Fatal(err)
	}
	p := sc.Points[0].Params.(*MultiClusterParams)
	m, err := p.Run(RunContext{Engine: sim.NewFast(), Streams: sim.NewStreams(1, 0), Log: zerolog.Nop(), Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := m.Get("jobs_completed"); n != 2000 {
		t.Errorf("%v jobs completed, want 2000", n)
	}
	_, err = Parse([]byte("name: t\nmodel: multicluster\nreplications: 1\nparams:\n  source: {lublin: {jobs: 10, classes: x}}\n"), "t.yaml", ".")
	if err == nil || !strings.Contains(err.Error(), "params.source.lublin.classes: \"x\"") {
		t.Errorf("a bad lublin source: %v", err)
	}
}

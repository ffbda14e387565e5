package scenarios

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"github.com/schedsim/schedsim/model"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/model/cluster"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/swf"
)

const excerptTrace = "../../shared/traces/SDSC-SP2-1998-4.2-cln.first2000.swf"

func needExcerpt(t *testing.T) {
	t.Helper()
	if _, err := os.Stat(excerptTrace); err != nil {
		t.Skipf("trace excerpt not present: %v", err)
	}
}

func TestClusterParamsValidate(t *testing.T) {
	needExcerpt(t)
	cases := []struct {
		key string
		set func(p *ClusterParams)
	}{
		{"", func(p *ClusterParams) {}},
		{"trace", func(p *ClusterParams) { p.Trace = "" }},
		{"trace", func(p *ClusterParams) { p.Trace = "no/such/file.swf" }},
		{"trace", func(p *ClusterParams) { p.Trace = ".." }},
		{"procs", func(p *ClusterParams) { p.Procs = -1 }},
		{"policy", func(p *ClusterParams) { p.Policy = "backfill" }},
		{"order", func(p *ClusterParams) { p.Order = "lifo" }},
		{"estimates", func(p *ClusterParams) { p.Estimates = "guess" }},
		{"estimate_factor", func(p *ClusterParams) { p.Estimates, p.EstimateFactor = "factor", 0.5 }},
		{"jobs", func(p *ClusterParams) { p.Jobs = -5 }},
		{"days", func(p *ClusterParams) { p.Days = -1 }},
		{"load", func(p *ClusterParams) { p.Load = 0 }},
		{"tau", func(p *ClusterParams) { p.Tau = 0 }},
		{"statuses[1]", func(p *ClusterParams) { p.Statuses = []int{1, 7} }},
	}
	for _, c := range cases {
		p := NewClusterParams()
		p.Trace = excerptTrace
		c.set(p)
		err := p.Validate()
		if c.key == "" {
			if err != nil {
				t.Errorf("valid params: %v", err)
			}
			continue
		}
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Path != c.key {
			t.Errorf("want a *model.FieldError for %q, got %v", c.key, err)
		}
	}
}

// TestClusterScenarioFile parses a scenario file with a relative trace path,
// which resolves against the file's directory, and reports a missing trace
// with the file, line and key.
func TestClusterScenarioFile(t *testing.T) {
	needExcerpt(t)
	abs, err := filepath.Abs(excerptTrace)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.Symlink(abs, filepath.Join(dir, "x.swf")); err != nil {
		t.Skip(err)
	}
	src := "name: t\nmodel: cluster\nreplications: 1\nparams:\n  trace: x.swf\n  jobs: 300\nsweep:\n  - key: policy\n    values: [fcfs, easy]\n"
	sc, err := Parse([]byte(src), filepath.Join(dir, "t.yaml"), dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Points) != 2 {
		t.Fatalf("%d points, want 2", len(sc.Points))
	}
	bad := strings.Replace(src, "x.swf", "missing.swf", 1)
	_, err = Parse([]byte(bad), "t.yaml", dir)
	if err == nil || !strings.Contains(err.Error(), "t.yaml:5") || !strings.Contains(err.Error(), "params.trace") || !strings.Contains(err.Error(), "missing.swf") {
		t.Fatalf("missing trace: got %v", err)
	}
	_, err = Parse([]byte(strings.Replace(src, "jobs:", "job:", 1)), "t.yaml", dir)
	if err == nil || !strings.Contains(err.Error(), "job") {
		t.Fatalf("unknown key: got %v", err)
	}
}

// TestClusterRunExcerpt replays the excerpt with every policy and checks
// the metric names, the job counts and the per-job CSV.
func TestClusterRunExcerpt(t *testing.T) {
	needExcerpt(t)
	for _, pol := range []string{"fcfs", "easy", "conservative", "fpfs"} {
		t.Run(pol, func(t *testing.T) {
			p := NewClusterParams()
			p.Trace, p.Policy = excerptTrace, pol
			if err := p.Validate(); err != nil {
				t.Fatal(err)
			}
			var jobs bytes.Buffer
			m, err := p.Run(RunContext{Engine: sim.NewFast(), Log: zerolog.Nop(), Jobs: &jobs, Check: true})
			if err != nil {
				t.Fatal(err)
			}
			want := append(append([]string{}, cluster.MetricNames...), "records_dropped")
			if len(m) != len(want) {
				t.Fatalf("%d metrics, want %d", len(m), len(want))
			}
			for i, x := range m {
				if x.Name != want[i] {
					t.Fatalf("metric %d is %q, want %q", i, x.Name, want[i])
				}
			}
			get := func(name string) float64 { v, _ := m.Get(name); return v }
			// 2,000 records, 127 with run time −1 dropped by the reader.
			if get("jobs_completed") != 1873 || get("records_dropped") != 127 || get("jobs_rejected") != 0 {
				t.Fatalf("completed %v, dropped %v, rejected %v", get("jobs_completed"), get("records_dropped"), get("jobs_rejected"))
			}
			if u := get("utilization"); !(u > 0 && u <= 1) {
				t.Fatalf("utilization %v", u)
			}
			lines := strings.Split(strings.TrimSpace(jobs.String()), "\n")
			if lines[0] != cluster.CSVHeader || len(lines) != 1874 {
				t.Fatalf("per-job CSV: header %q, %d lines", lines[0], len(lines))
			}
		})
	}
}

// TestClusterBuiltinExcerpt runs the built-in excerpt scenario end to end,
// from the module root, stopped after 500 completed jobs.
func TestClusterBuiltinExcerpt(t *testing.T) {
	t.Chdir("..") // built-in trace paths are relative to the module root
	sc, err := Load("replay-sdsc-sp2-excerpt")
	if err != nil {
		if strings.Contains(err.Error(), "shared/traces") {
			t.Skip(err)
		}
		t.Fatal(err)
	}
	sc.Stop.CompletedJobs = 500
	rep, err := Run(context.Background(), sc, Options{Check: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Points) != 4 {
		t.Fatalf("%d points, want 4", len(rep.Points))
	}
	for _, pt := range rep.Points {
		if pt.Summaries[0].Name != "jobs_completed" || pt.Summaries[0].Mean != 500 {
			t.Fatalf("point %v: %+v", pt.Labels, pt.Summaries[0])
		}
	}
}

// TestClusterResultsTable prints the results table of model/cluster's
// README fragment: every built-in replay of a full trace under the four
// policies. It takes about a minute; run it with
//
//	SCHEDSIM_RESULTS_TABLE=1 go test ./scenarios -run TestClusterResultsTable -v -timeout 30m
func TestClusterResultsTable(t *testing.T) {
	if os.Getenv("SCHEDSIM_RESULTS_TABLE") == "" {
		t.Skip("set SCHEDSIM_RESULTS_TABLE=1 to compute the results table")
	}
	t.Chdir("..") // built-in trace paths are relative to the module root
	var b strings.Builder
	b.WriteString("| trace | P | jobs | policy | mean wait (s) | mean bsld | utilization | rejected |\n")
	b.WriteString("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |\n")
	for _, name := range Builtins() {
		if !strings.HasPrefix(name, "replay-") || strings.HasSuffix(name, "-excerpt") {
			continue
		}
		sc, err := Load(name)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Run(context.Background(), sc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		p := sc.Points[0].Params.(*ClusterParams)
		procs := p.Procs
		if procs == 0 {
			r, err := swf.Open(p.TracePath(), swf.ReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			h := r.Header()
			procs = cmp.Or(h.MaxProcs, h.MaxNodes)
			r.Close()
		}
		for _, pt := range rep.Points {
			get := func(n string) float64 {
				for _, s := range pt.Summaries {
					if s.Name == n {
						return s.Mean
					}
				}
				return 0
			}
			fmt.Fprintf(&b, "| %s | %d | %.0f | %s | %.0f | %.2f | %.3f | %.0f |\n",
				filepath.Base(p.Trace), procs, get("jobs_completed"), pt.Labels[0].Value,
				get("mean_wait"), get("mean_bsld"), get("utilization"), get("jobs_rejected"))
		}
	}
	t.Log("\n" + b.String())
}

// benchClusterTrace replays a trace end to end (SWF parsing and gunzip
// included) under a policy.
func benchClusterTrace(b *testing.B, trace, policy string) {
	p := NewClusterParams()
	p.Trace, p.Policy = "../../shared/traces/"+trace, policy
	if err := p.Validate(); err != nil {
		b.Skip(err)
	}
	b.ReportAllocs()
	var m results.Metrics
	for b.Loop() {
		var err error
		if m, err = p.Run(RunContext{Engine: sim.NewFast(), Log: zerolog.Nop()}); err != nil {
			b.Fatal(err)
		}
	}
	v, _ := m.Get("jobs_completed")
	b.ReportMetric(v, "jobs")
}

func BenchmarkClusterBlueEASY(b *testing.B) {
	benchClusterTrace(b, "SDSC-BLUE-2000-4.2-cln.swf.gz", "easy")
}

func BenchmarkClusterBlueConservative(b *testing.B) {
	benchClusterTrace(b, "SDSC-BLUE-2000-4.2-cln.swf.gz", "conservative")
}

// TestClusterRejectedListed replays the excerpt on fewer processors than
// some jobs need: they are counted and listed in rejected.csv.
func TestClusterRejectedListed(t *testing.T) {
	needExcerpt(t)
	p := NewClusterParams()
	p.Trace, p.Procs, p.Jobs = excerptTrace, 32, 500
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	m, err := p.Run(RunContext{Engine: sim.NewFast(), Log: zerolog.Nop(), OutDir: dir, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	rej, _ := m.Get("jobs_rejected")
	done, _ := m.Get("jobs_completed")
	if rej == 0 || done+rej != 500 {
		t.Fatalf("rejected %v, completed %v of 500", rej, done)
	}
	b, err := os.ReadFile(filepath.Join(dir, "rejected.csv"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if lines[0] != "id,size" || float64(len(lines)-1) != rej {
		t.Fatalf("rejected.csv has %d rows for %v rejected jobs (header %q)", len(lines)-1, rej, lines[0])
	}
}

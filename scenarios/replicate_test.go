package scenarios

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// TestReplicateValidate checks that every bad replicate: block is an
// error at its key.
func TestReplicateValidate(t *testing.T) {
	needExcerpt(t)
	cases := []struct {
		key string
		r   Replicate
		set func(p *ClusterParams)
	}{
		{"", Replicate{Method: "shake", Submit: 60}, nil},
		{"", Replicate{Method: "shake", Runtime: 5, Shift: "exponential"}, nil},
		{"", Replicate{Method: "window", Days: 7}, nil},
		{"", Replicate{Method: "resample", Weeks: 4, Load: 0.7}, nil},
		{"", Replicate{Method: "bootstrap", LongTerm: 0.3}, nil},
		{"replicate.method", Replicate{Method: "jackknife"}, nil},
		{"replicate.weeks", Replicate{Method: "bootstrap", Weeks: 4}, nil},
		{"replicate.method", Replicate{Method: "bootstrap"}, func(p *ClusterParams) { p.Load = 1.2 }},
		{"replicate.method", Replicate{Method: "shake", Submit: 60}, func(p *ClusterParams) { p.Trace = "" }},
		{"replicate.submit", Replicate{Method: "shake"}, nil},
		{"replicate.submit", Replicate{Method: "shake", Submit: -1}, nil},
		{"replicate.shift", Replicate{Method: "shake", Submit: 1, Shift: "normal"}, nil},
		{"replicate.runtime", Replicate{Method: "shake", Runtime: 100}, nil},
		{"replicate.days", Replicate{Method: "shake", Submit: 1, Days: 3}, nil},
		{"replicate.days", Replicate{Method: "window"}, nil},
		{"replicate.days", Replicate{Method: "window", Days: 3}, func(p *ClusterParams) { p.Days = 2 }},
		{"replicate.weeks", Replicate{Method: "window", Days: 3, Weeks: 2}, nil},
		{"replicate.weeks", Replicate{Method: "resample", Weeks: -1}, nil},
		{"replicate.load", Replicate{Method: "resample", Load: 101}, nil},
		{"replicate.load", Replicate{Method: "resample", Load: 0.5}, func(p *ClusterParams) { p.Load = 1.2 }},
		{"replicate.long_term", Replicate{Method: "resample", LongTerm: 2}, nil},
		{"", Replicate{Method: "resample", Feedback: true}, nil},
		{"replicate.feedback", Replicate{Method: "shake", Submit: 1, Feedback: true}, nil},
	}
	for _, c := range cases {
		p := NewClusterParams()
		p.Trace = excerptTrace
		r := c.r
		p.Replicate = &r
		if c.set != nil {
			c.set(p)
			if p.Trace == "" {
				p.Source = &Source{Sacct: "x"}
			}
		}
		err := p.Replicate.validate(p)
		if c.key == "" {
			if err != nil {
				t.Errorf("%+v: %v", c.r, err)
			}
			continue
		}
		fe, ok := model.AsField(err)
		if !ok || fe.Path != c.key {
			t.Errorf("%+v: got %v, want an error at %s", c.r, err, c.key)
		}
	}
}

// jobsOf returns the jobs replication rep of p replays, as text.
func jobsOf(t *testing.T, p *ClusterParams, rep int) string {
	t.Helper()
	f, err := p.filter()
	if err != nil {
		t.Fatal(err)
	}
	rc := RunContext{Streams: sim.NewStreams(1, rep), Log: zerolog.Nop()}
	in, err := p.openJobs(rc, f)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	var b strings.Builder
	for {
		j, err := in.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(strings.TrimSpace(strings.ReplaceAll(jobText(j), "\n", " ")) + "\n")
	}
	return b.String()
}

func jobText(j any) string {
	b, _ := json.Marshal(j)
	return string(b)
}

// TestReplicateCommonRandomNumbers checks, for every method, that
// replication r replays the same jobs whatever the point (here: the
// policy), and that two replications replay different jobs.
func TestReplicateCommonRandomNumbers(t *testing.T) {
	needExcerpt(t)
	for _, r := range []Replicate{
		{Method: "shake", Submit: 300, Runtime: 5, Estimate: 5},
		{Method: "window", Days: 10},
		{Method: "resample", Weeks: 2, LongTerm: 1},
		{Method: "bootstrap"},
	} {
		t.Run(r.Method, func(t *testing.T) {
			mk := func(policy string) *ClusterParams {
				p := NewClusterParams()
				p.Trace, p.Policy = excerptTrace, policy
				rr := r
				p.Replicate = &rr
				if err := p.Validate(); err != nil {
					t.Fatal(err)
				}
				return p
			}
			a0, b0 := jobsOf(t, mk("easy"), 0), jobsOf(t, mk("fcfs"), 0)
			a1 := jobsOf(t, mk("easy"), 1)
			if a0 != b0 {
				t.Error("replication 0 of two policies replays different jobs")
			}
			if a0 == a1 {
				t.Error("replications 0 and 1 replay the same jobs")
			}
			if strings.Count(a0, "\n") < 100 {
				t.Errorf("only %d jobs", strings.Count(a0, "\n"))
			}
		})
	}
}

// TestReplicateDeterministic runs a shaken and a resampled sweep (with
// and without user-based feedback) with one and with three workers, and
// on the simgo engine: the reports are identical.
func TestReplicateDeterministic(t *testing.T) {
	needExcerpt(t)
	abs, err := filepath.Abs(excerptTrace)
	if err != nil {
		t.Fatal(err)
	}
	for _, block := range []string{"{method: shake, submit: 600, runtime: 10}", "{method: resample, weeks: 2}", "{method: resample, weeks: 3, long_term: 1, feedback: true}"} {
		src := "name: t\nmodel: cluster\nseed: 3\nreplications: 4\nparams:\n  trace: " + abs +
			"\n  replicate: " + block + "\nsweep:\n  - key: policy\n    values: [fcfs, easy]\n"
		var outs []string
		for _, o := range []Options{{Workers: 1}, {Workers: 3}, {Workers: 2, Engine: sim.SimGo}} {
			sc, err := Parse([]byte(src), "t.yaml", t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			o.Log = zerolog.Nop()
			res, err := Run(context.Background(), sc, o)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(res.Points)
			outs = append(outs, string(b))
		}
		if outs[0] != outs[1] || outs[0] != outs[2] {
			t.Errorf("%s: 1 and 3 workers and the simgo engine give different reports", block)
		}
		if !strings.Contains(outs[0], "mean_wait") {
			t.Errorf("%s: no mean_wait in %s", block, outs[0][:min(200, len(outs[0]))])
		}
	}
}

// TestResampleWithoutUsers checks the one-line error of a trace without
// user ids: it names the key and suggests shake.
func TestResampleWithoutUsers(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("; MaxProcs: 8\n")
	for i := range 3000 {
		b.WriteString(strings.Join([]string{itoa(i + 1), itoa(i * 600), "0", "100", "2", "-1", "-1", "2", "200", "-1", "1", "-1", "-1", "-1", "-1", "-1", "-1", "-1"}, " ") + "\n")
	}
	path := filepath.Join(dir, "nousers.swf")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	p := NewClusterParams()
	p.Trace = path
	p.Replicate = &Replicate{Method: "resample"}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	f, _ := p.filter()
	_, err := p.openJobs(RunContext{Streams: sim.NewStreams(1, 0), Log: zerolog.Nop()}, f)
	fe, ok := model.AsField(err)
	if !ok || fe.Path != "replicate.method" || !strings.Contains(err.Error(), "shake") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("got %v, want one line at replicate.method suggesting shake", err)
	}
}

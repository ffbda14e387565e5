package scenarios

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// TestClusterPredictorValidate: every bad predictor key is a one-line
// field error naming it.
func TestClusterPredictorValidate(t *testing.T) {
	needExcerpt(t)
	cases := []struct {
		key  string
		want string
		set  func(p *ClusterParams)
	}{
		{"predictor", "psychic", func(p *ClusterParams) { p.Predictor = "psychic" }},
		{"correction", "triple", func(p *ClusterParams) { p.Predictor, p.Correction = "user-last-k", "triple" }},
		{"predictor_k", "0", func(p *ClusterParams) { p.Predictor, p.K = "user-last-k", 0 }},
		{"predictor_k", "-2", func(p *ClusterParams) { p.Predictor, p.K = "user-last-k", -2 }},
		{"predictor_fallback", "maybe", func(p *ClusterParams) { p.Predictor, p.Fallback = "user-last-k", "maybe" }},
		{"correction_increment", "-1", func(p *ClusterParams) { p.Correction, p.Increment = "increment", -1 }},
		{"correction_list[1]", "5", func(p *ClusterParams) { p.Correction, p.List = "list", []float64{10, 5} }},
		{"predictor", "fcfs", func(p *ClusterParams) { p.Policy, p.Predictor = "fcfs", "actual" }},
		{"correction", "double-easy", func(p *ClusterParams) { p.Policy, p.Correction = "double-easy", "requested" }},
		{"delay_factor", "-1", func(p *ClusterParams) { p.Policy, p.DelayFactor = "greedy-easy", -1 }},
		{"delay_factor", "easy", func(p *ClusterParams) { p.DelayFactor = 0 }},
	}
	for _, c := range cases {
		p := NewClusterParams()
		p.Trace = excerptTrace
		c.set(p)
		err := p.Validate()
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Path != c.key || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: want a one-line *model.FieldError for %q naming %q, got %v", c.key, c.key, c.want, err)
		}
	}
	p := NewClusterParams()
	p.Trace, p.Policy, p.DelayFactor = excerptTrace, "greedy-easy", 0
	if err := p.Validate(); err != nil {
		t.Errorf("greedy-easy with delay_factor 0: %v", err)
	}
}

// noUserTrace is an SWF trace whose jobs have no user id (field 12 = -1).
const noUserTrace = `; MaxProcs: 4
1 0 0 10 2 -1 -1 2 20 -1 1 -1 -1 -1 -1 -1 -1 -1
2 5 0 10 4 -1 -1 4 20 -1 1 -1 -1 -1 -1 -1 -1 -1
`

// TestClusterPredictorNoUsers: a per-user predictor on a trace without
// user ids fails with one line naming the job and the fallback key, and
// runs with predictor_fallback: requested as with no predictor.
func TestClusterPredictorNoUsers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "nouser.swf")
	if err := os.WriteFile(path, []byte(noUserTrace), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(policy, predictor, fallback string) (float64, error) {
		p := NewClusterParams()
		p.Trace, p.Policy, p.Predictor, p.Fallback = path, policy, predictor, fallback
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		m, err := p.Run(RunContext{Engine: sim.NewFast(), Log: zerolog.Nop(), Check: true})
		if err != nil {
			return 0, err
		}
		v, _ := m.Get("mean_wait")
		return v, nil
	}
	for _, pol := range []string{"easy++", "conservative"} {
		pred := ""
		if pol == "conservative" {
			pred = "user-average"
		}
		_, err := run(pol, pred, "")
		if err == nil || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "job 1") ||
			!strings.Contains(err.Error(), "predictor_fallback: requested") || !strings.Contains(err.Error(), "nouser.swf") {
			t.Errorf("%s without users: %v", pol, err)
		}
		got, err := run(pol, pred, "requested")
		if err != nil {
			t.Fatal(err)
		}
		want, err := run(pol, "requested", "")
		if err != nil || got != want {
			t.Errorf("%s with the fallback: mean wait %v, with requested times %v (%v)", pol, got, want, err)
		}
	}
}

// BenchmarkBlueEASYPlusPlus replays SDSC-BLUE (243 000 jobs) under easy++
// (user-last-2 predictions, corrected to the requested time, SJBF).
func BenchmarkBlueEASYPlusPlus(b *testing.B) {
	benchClusterTrace(b, "SDSC-BLUE-2000-4.2-cln.swf.gz", "easy++")
}

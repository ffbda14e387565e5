package scenarios

import (
	"bytes"
	"encoding/csv"
	"strconv"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

// submitsOf runs replication 0 of the resampled excerpt under policy and
// returns every job's submit time by ID.
func submitsOf(t *testing.T, policy string, feedback bool) map[string]float64 {
	t.Helper()
	p := NewClusterParams()
	p.Trace, p.Policy = excerptTrace, policy
	p.Replicate = &Replicate{Method: ReplicateResample, Weeks: 3, LongTerm: 1, Feedback: feedback}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	rc := RunContext{Engine: sim.NewFast(), Streams: sim.NewStreams(1, 0), Log: zerolog.Nop(), Jobs: &buf}
	if _, err := p.Run(rc); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, r := range rows[1:] {
		s, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		out[r[0]] = s
	}
	return out
}

// TestFeedbackSlowerPolicyLaterSubmits shows that user-based feedback
// works through the cluster kind: replaying the same resampled workload,
// FCFS (slower than EASY: its jobs end later) submits the jobs that
// follow others later, so their mean submit time is later; without
// feedback both policies submit every job at the same time.
func TestFeedbackSlowerPolicyLaterSubmits(t *testing.T) {
	needExcerpt(t)
	fcfs, easy := submitsOf(t, "fcfs", true), submitsOf(t, "easy", true)
	later, earlier, sum := 0, 0, 0.0
	for id, s := range fcfs {
		switch d := s - easy[id]; {
		case d > 0:
			later++
			sum += d
		case d < 0:
			earlier++
		}
	}
	t.Logf("with feedback, FCFS submits %d jobs later than EASY (by %.0f s in all) and %d earlier, of %d", later, sum, earlier, len(fcfs))
	if later < 50 || later <= 3*earlier {
		t.Errorf("FCFS submits %d jobs later and %d earlier than EASY: want clearly more later", later, earlier)
	}
	a, b := submitsOf(t, "fcfs", false), submitsOf(t, "easy", false)
	for id, s := range a {
		if b[id] != s {
			t.Fatalf("without feedback job %s is submitted at %v under FCFS, %v under EASY", id, s, b[id])
		}
	}
}

// TestMulticlusterReplicate checks the replicate: block of the
// multicluster kind: replication r replays the same resampled workload
// under every metascheduler policy, two replications differ, and
// feedback (a cluster-kind key) is an error at its key.
func TestMulticlusterReplicate(t *testing.T) {
	needExcerpt(t)
	jobs := func(policy string, rep int) string {
		p := NewMultiClusterParams()
		p.Trace, p.Policy = excerptTrace, policy
		p.Replicate = &Replicate{Method: ReplicateResample, Weeks: 2}
		if err := p.Validate(); err != nil {
			t.Fatal(err)
		}
		plat, _ := p.platform()
		in, err := p.openJobs(RunContext{Streams: sim.NewStreams(1, rep), Log: zerolog.Nop()}, plat, multiclusterFilter(p))
		if err != nil {
			t.Fatal(err)
		}
		defer in.Close()
		var b bytes.Buffer
		for {
			j, err := in.Next()
			if err != nil {
				break
			}
			b.WriteString(jobText(j) + "\n")
		}
		return b.String()
	}
	a0, b0, a1 := jobs("coarp", 0), jobs("fcfs", 0), jobs("coarp", 1)
	if a0 != b0 {
		t.Error("replication 0 of two policies replays different jobs")
	}
	if a0 == a1 {
		t.Error("replications 0 and 1 replay the same jobs")
	}
	if n := bytes.Count([]byte(a0), []byte("\n")); n < 100 {
		t.Errorf("only %d jobs", n)
	}
	p := NewMultiClusterParams()
	p.Trace = excerptTrace
	p.Replicate = &Replicate{Method: ReplicateResample, Feedback: true}
	fe, ok := model.AsField(p.Validate())
	if !ok || fe.Path != "replicate.feedback" {
		t.Errorf("feedback on the multicluster kind: got %v, want an error at replicate.feedback", fe)
	}
	p.Replicate = &Replicate{Method: ReplicateWindow}
	if fe, ok := model.AsField(p.Validate()); !ok || fe.Path != "replicate.days" {
		t.Errorf("a window without days: got %v, want an error at replicate.days", fe)
	}
}

package scenarios

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/recorded"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/lublin"
)

// recordedTrace is a hand-made SWF history for compare_recorded: on 4
// processors under fcfs, jobs 1, 2, 3 start when the log says (0, 100,
// 100); job 4 has no recorded start (wait −1); job 5 starts at 160, 80 s
// before its recorded 240; job 6 (8 processors) is rejected, never
// started. ids gives the six job numbers (to test out-of-order and
// repeated numbers).
func recordedTrace(t *testing.T, ids [6]int) string {
	t.Helper()
	rows := [6]string{
		"%d 0 0 100 4 -1 -1 4 100 -1 1 1 1 -1 1 1 -1 -1",
		"%d 10 90 50 2 -1 -1 2 50 -1 1 2 1 -1 1 1 -1 -1",
		"%d 20 80 50 2 -1 -1 2 50 -1 1 1 1 -1 1 2 -1 -1",
		"%d 30 -1 10 1 -1 -1 1 10 -1 1 3 1 -1 1 2 -1 -1",
		"%d 40 200 10 4 -1 -1 4 10 -1 1 2 1 -1 1 2 -1 -1",
		"%d 50 5 10 8 -1 -1 8 10 -1 1 2 1 -1 1 2 -1 -1",
	}
	var b strings.Builder
	b.WriteString("; Version: 2.2\n; MaxProcs: 8\n; Partition: 1 batch\n; Partition: 2 the debug queue\n")
	for i, r := range rows {
		fmt.Fprintf(&b, r+"\n", ids[i])
	}
	path := filepath.Join(t.TempDir(), "recorded.swf")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runRecorded replays the trace with compare_recorded and returns the
// metrics, the notes and the output directory.
func runRecorded(t *testing.T, trace string) (results.Metrics, []results.Note, string) {
	t.Helper()
	p := NewClusterParams()
	p.Trace, p.Procs, p.Policy, p.CompareRecorded = trace, 4, "fcfs", true
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var notes []results.Note
	m, err := p.Run(RunContext{Engine: sim.NewFast(), Log: zerolog.Nop(), OutDir: dir, Notes: &notes, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	return m, notes, dir
}

func TestClusterCompareRecorded(t *testing.T) {
	for _, ids := range [][6]int{
		{1, 2, 3, 4, 5, 6},      // increasing: binary search
		{60, 50, 40, 30, 20, 1}, // decreasing: the map
		{7, 8, 8, 9, 8, 10},     // a number used three times
	} {
		t.Run(fmt.Sprint(ids), func(t *testing.T) {
			m, notes, dir := runRecorded(t, recordedTrace(t, ids))
			// Compared: jobs 1, 2, 3, 5 with errors 0, 0, 0, −80: median 0,
			// p90 at position 2.7 = 0.7·80 = 56, 3 of 4 within 60 s, the
			// same order; waits recorded 0 80 90 200, simulated 0 80 90
			// 120: the ECDFs differ by 1/4 on [120, 200).
			want := map[string]float64{
				"start_error_median": 0, "start_error_p90": 56, "start_within_60s": 0.75,
				"wait_ks": 0.25, "same_order": 1, "jobs_rejected": 1,
			}
			for name, w := range want {
				if v, ok := m.Get(name); !ok || math.Abs(v-w) > 1e-9 {
					t.Errorf("%s = %v (%v), want %v", name, v, ok, w)
				}
			}
			if len(notes) != 1 {
				t.Fatalf("%d notes, want the summary", len(notes))
			}
			s := notes[0].(recorded.Summary)
			if s.Jobs != 4 || s.Skipped != 1 || s.Unsimulated != 1 {
				t.Errorf("jobs %d, skipped %d, unsimulated %d; want 4, 1, 1", s.Jobs, s.Skipped, s.Unsimulated)
			}
			// Partition 1 is named by the header; partition 2's line is
			// not one word, so it keeps its number.
			wantPart := []recorded.Group{{Name: "2", Jobs: 2, RecordedWait: 140, SimulatedWait: 100}, {Name: "batch", Jobs: 2, RecordedWait: 45, SimulatedWait: 45}}
			if fmt.Sprint(s.ByPartition) != fmt.Sprint(wantPart) {
				t.Errorf("ByPartition = %v, want %v", s.ByPartition, wantPart)
			}
			rows := readBack(t, filepath.Join(dir, RecordedJobsFile), recorded.JobsHeader)
			want6 := [][]string{
				{"0", "0", "0"}, {"10", "100", "100"}, {"20", "100", "100"},
				{"30", "", "150"}, {"40", "240", "160"}, {"50", "55", ""},
			}
			if len(rows) != 6 {
				t.Fatalf("%s has %d jobs, want 6", RecordedJobsFile, len(rows))
			}
			for i, r := range rows {
				if r[0] != fmt.Sprint(ids[i]) || fmt.Sprint(r[3:6]) != fmt.Sprint(want6[i]) {
					t.Errorf("job row %d = %q, want id %d and submit/recorded/simulated %q", i, r, ids[i], want6[i])
				}
			}
			sum := readBack(t, filepath.Join(dir, RecordedSummaryFile), recorded.SummaryHeader)
			if !containsRow(sum, []string{"same_order", "", "", "1", "fraction"}) {
				t.Errorf("%s lacks same_order 1: %q", RecordedSummaryFile, sum)
			}
		})
	}
}

func readBack(t *testing.T, path, header string) [][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if strings.Join(rows[0], ",") != header {
		t.Fatalf("%s: header %q, want %q", path, rows[0], header)
	}
	return rows[1:]
}

func containsRow(rows [][]string, want []string) bool {
	for _, r := range rows {
		if fmt.Sprint(r) == fmt.Sprint(want) {
			return true
		}
	}
	return false
}

func TestClusterCompareRecordedMetricsDeclared(t *testing.T) {
	p := NewClusterParams()
	p.CompareRecorded = true
	got := map[string]string{}
	for _, m := range p.Metrics() {
		got[m.Name] = m.Unit
	}
	for _, name := range RecordedMetricNames {
		if got[name] == "" {
			t.Errorf("metric %s not declared", name)
		}
	}
	p.CompareRecorded = false
	for _, m := range p.Metrics() {
		if m.Name == "same_order" {
			t.Error("same_order declared without compare_recorded")
		}
	}
}

func TestClusterCompareRecordedRefused(t *testing.T) {
	trace := recordedTrace(t, [6]int{1, 2, 3, 4, 5, 6})
	cases := map[string]func(p *ClusterParams){
		"load":  func(p *ClusterParams) { p.Load = 1.5 },
		"shake": func(p *ClusterParams) { p.Replicate = &Replicate{Method: ReplicateShake, Submit: 60} },
		"lublin": func(p *ClusterParams) {
			lp := lublin.Defaults(64)
			lp.Jobs = 10
			p.Trace, p.Source, p.Procs = "", &Source{Lublin: &lp}, 64
		},
	}
	for name, set := range cases {
		p := NewClusterParams()
		p.Trace, p.Procs, p.CompareRecorded = trace, 4, true
		set(p)
		err := p.Validate()
		if fe, ok := model.AsField(err); !ok || fe.Path != "compare_recorded" {
			t.Errorf("%s: error %v, want one at compare_recorded", name, err)
		}
	}
}

// With replications, every replication reports the scalars and only
// replication 0 gives the table and the files.
func TestClusterCompareRecordedReplications(t *testing.T) {
	trace := recordedTrace(t, [6]int{1, 2, 3, 4, 5, 6})
	doc := fmt.Sprintf("name: rec\nmodel: cluster\nreplications: 3\nparams:\n  trace: %s\n  procs: 4\n  policy: fcfs\n  compare_recorded: true\n", trace)
	sc, err := Parse([]byte(doc), "rec", ".")
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	rep, err := Run(context.Background(), sc, Options{OutDir: out})
	if err != nil {
		t.Fatal(err)
	}
	p := rep.Points[0]
	s, ok := p.Metric("same_order")
	if !ok || s.N != 3 || s.Mean != 1 {
		t.Errorf("same_order summary %+v (%v), want 3 replications of 1", s, ok)
	}
	if len(p.Notes) != 1 {
		t.Errorf("%d notes, want replication 0's only", len(p.Notes))
	}
	var b strings.Builder
	if err := results.WriteNotes(&b, rep, 100); err != nil || !strings.HasPrefix(b.String(), "\nCompared with the recorded history: 4 jobs, 1 left out (no recorded start), 1 left out (not started by the model)\n") {
		t.Errorf("WriteNotes: %v\n%s", err, b.String())
	}
	if _, err := os.Stat(filepath.Join(out, RecordedSummaryFile)); err != nil {
		t.Error(err)
	}
}

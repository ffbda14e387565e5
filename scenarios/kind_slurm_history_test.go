package scenarios

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model/slurmsim"
)

// readSite reads p's history as Run does and returns it with its
// spooled jobs, read back.
func readSite(t *testing.T, p *SlurmParams, limit int) (*slurmHistory, []slurmsim.Job, error) {
	t.Helper()
	s, err := p.setup()
	if err != nil {
		t.Fatal(err)
	}
	tree, err := p.tree(s)
	if err != nil {
		t.Fatal(err)
	}
	h, err := p.readHistory(RunContext{}, tree, limit)
	if err != nil {
		return nil, nil, err
	}
	defer h.jobs.close()
	next, err := h.jobs.reader()
	if err != nil {
		t.Fatal(err)
	}
	var jobs []slurmsim.Job
	for {
		j, err := next()
		if errors.Is(err, io.EOF) {
			return h, jobs, nil
		}
		if err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, j)
	}
}

// TestSlurmHistory: the sacct capture becomes the model's jobs, numbered
// as the importer numbers them, with the priority columns of their line,
// attached to their association; stop: completed_jobs keeps the first
// ones and counts the whole file.
func TestSlurmHistory(t *testing.T) {
	h, jobs, err := readSite(t, newSiteParams(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 60 || h.read != 60 || h.dropped != 0 {
		t.Fatalf("%d jobs, read %d, dropped %d", len(jobs), h.read, h.dropped)
	}
	j := jobs[0]
	if j.ID != 1 || j.Line != 2 || j.User != "ada" || j.Account != "chem" || j.Partition != "debug" || j.QOS != "normal" ||
		j.Submit != 0 || j.Eligible != 0 || j.CPUs != 2 || j.Nodes != 1 || j.TimeLimit != 1800 || j.Runtime != 711 || j.RecordedStart != 0 ||
		j.Assoc == nil || j.Assoc.Name != "ada" || j.Assoc.Parent.Name != "chem" {
		t.Errorf("job 1: %+v", j)
	}
	if j := jobs[1]; j.ID != 2 || j.Line != 4 || j.Submit != 30 || j.CPUs != 16 || j.Nodes != 2 || j.RecordedStart != 711 {
		t.Errorf("job 2: %+v", j)
	}
	if h.epoch != 1790841630 {
		t.Errorf("epoch %d", h.epoch)
	}
	h10, first, err := readSite(t, newSiteParams(), 10)
	if err != nil || len(first) != 10 || h10.read != 60 {
		t.Fatalf("limit 10: %d jobs, read %d, %v", len(first), h10.read, err)
	}
	for i := range first {
		if first[i].ID != jobs[i].ID || first[i].Assoc.Name != jobs[i].Assoc.Name {
			t.Errorf("limit 10, job %d: %+v, want %+v", i+1, first[i], jobs[i])
		}
	}
}

// TestSlurmHistoryErrors: a bad sacct line is one error naming the file
// and line; a job that never started is counted, not replayed; lines out
// of submit order are sorted, or an error when too far out.
func TestSlurmHistoryErrors(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(slurmSite, "sacct.txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	dir := t.TempDir()
	write := func(ls []string) *SlurmParams {
		if err := os.WriteFile(filepath.Join(dir, "sacct.txt"), []byte(strings.Join(ls, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		p := newSiteParams()
		p.Sacct = filepath.Join(dir, "sacct.txt")
		return p
	}
	bad := append([]string{}, lines...)
	bad[3] = strings.Replace(bad[3], "cpu=16", "cpu=x", 1)
	if _, _, err := readSite(t, write(bad), 0); err == nil || !strings.Contains(err.Error(), "sacct.txt:4: job 101: ReqTRES cpu=\"x\"") {
		t.Errorf("bad ReqTRES: %v", err)
	}
	never := append([]string{}, lines[:3]...)
	never = append(never, "999|999|bob|users|batch|2026-10-01T08:00:40|None|2026-10-01T08:05:00|00:00:00|0|4|01:00:00|CANCELLED by 1000|chem|normal|2026-10-01T08:00:40|1000|cpu=4,node=1|None assigned")
	h, jobs, err := readSite(t, write(never), 0)
	if err != nil || len(jobs) != 1 || h.read != 2 || h.dropped != 1 || !strings.Contains(h.reasons, "1 never started") {
		t.Errorf("never started: %+v, %v", h, err)
	}
	// the capture's jobs, last first: the replay gets the same jobs
	// while they fit the window, and an error naming a line beyond it
	_, want, err := readSite(t, newSiteParams(), 0)
	if err != nil {
		t.Fatal(err)
	}
	rev := []string{lines[0]}
	for i := len(lines) - 1; i > 0; i-- {
		if lines[i] != "" {
			rev = append(rev, lines[i])
		}
	}
	hr, got, err := readSite(t, write(rev), 0)
	if err != nil || len(got) != len(want) {
		t.Fatalf("reversed: %d jobs, %v", len(got), err)
	}
	// each step line now comes before its job line: skipped, and no job
	// (they were counted as 60 jobs of 120 not replayed)
	if hr.read != 60 || hr.dropped != 0 || hr.orphans != 60 {
		t.Errorf("reversed: read %d, dropped %d, orphan steps %d; want 60, 0, 60", hr.read, hr.dropped, hr.orphans)
	}
	for i := range got {
		if got[i].ID != want[i].ID || got[i].Submit != want[i].Submit || got[i].User != want[i].User {
			t.Errorf("reversed, job %d: %+v, want %+v", i+1, got[i], want[i])
		}
	}
	late := append([]string{}, lines[:2]...)
	for i := range sacctWindow + 1 {
		late = append(late, fmt.Sprintf("%d|%d|bob|users|batch|2026-10-02T08:00:00|2026-10-02T08:00:01|2026-10-02T08:00:02|00:00:01|1|1|01:00:00|COMPLETED|chem|normal|Unknown|1000|cpu=1|n1", 10000+i, 10000+i))
	}
	late = append(late, lines[3])
	if _, _, err := readSite(t, write(late), 0); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("sacct.txt:%d: job 101", len(late))) ||
		!strings.Contains(err.Error(), "sort the jobs by Submit") {
		t.Errorf("a line too far out of order: %v", err)
	}
}

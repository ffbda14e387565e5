package results

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// randomSchedule is a feasible schedule of n jobs on procs processors:
// each starts when enough processors are free (first come, first served).
func randomSchedule(n, procs int, rng *rand.Rand) []schedJob {
	var jobs []schedJob
	var running []schedJob
	t := 0.0
	for range n {
		t += rng.ExpFloat64() * 10
		size := 1 + rng.IntN(procs)
		start := t
		for {
			busy := 0
			for _, r := range running {
				if r.end > start {
					busy += r.procs
				}
			}
			if busy+size <= procs {
				break
			}
			next := 1e300
			for _, r := range running {
				if r.end > start && r.end < next {
					next = r.end
				}
			}
			start = next
		}
		j := schedJob{submit: t, start: start, end: start + 1 + rng.ExpFloat64()*50, procs: size}
		running = append(running, j)
		jobs = append(jobs, j)
	}
	return jobs
}

// TestPlacementIsExclusive: no processor is held by two jobs at once, and
// every job holds exactly its processors.
func TestPlacementIsExclusive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 20 {
		jobs := randomSchedule(300, 1+rng.IntN(64), rng)
		blocks, offsets := place(jobs)
		held := make([]int, len(jobs))
		for i, a := range blocks {
			held[a.job] += a.hi - a.lo
			if a.lo < 0 || a.hi > offsets[len(offsets)-1] {
				t.Fatalf("trial %d: block %v outside [0, %d)", trial, a, offsets[len(offsets)-1])
			}
			for _, b := range blocks[:i] {
				if a.lo < b.hi && b.lo < a.hi && a.start < b.end && b.start < a.end {
					t.Fatalf("trial %d: blocks %v and %v overlap", trial, a, b)
				}
			}
		}
		for i, j := range jobs {
			if held[i] != j.procs {
				t.Fatalf("trial %d: job %d holds %d processors, needs %d", trial, i, held[i], j.procs)
			}
		}
	}
}

// TestScheduleViews writes the views of a cluster run and of a
// multicluster run (placement column) and checks a bad window.
func TestScheduleViews(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("id,submit,start,end,processors,runtime,estimate,wait,bsld\n")
	for i, j := range randomSchedule(200, 32, rng) {
		fmt.Fprintf(&b, "%d,%g,%g,%g,%d,%g,%g,%g,%g\n", i, j.submit, j.start, j.end, j.procs, j.end-j.start, j.end-j.start, j.start-j.submit, 1+(j.start-j.submit)/10)
	}
	if err := os.WriteFile(filepath.Join(dir, "jobs.csv"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	figs, err := (PlotOptions{Formats: []string{"svg"}}).WriteSchedule(dir, nil, OpenWindow)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range figs {
		names = append(names, f.Name)
	}
	if got := strings.Join(names, " "); got != "schedule/gantt schedule/load schedule/ecdf_wait schedule/ecdf_bsld" {
		t.Errorf("figures: %s", got)
	}
	_, err = (PlotOptions{}).WriteSchedule(dir, nil, Window{From: 1e9, To: 2e9})
	if err == nil || !strings.Contains(err.Error(), "--from/--to") {
		t.Errorf("a window after the schedule: %v", err)
	}
	// A multicluster sweep in long format: job 1 in two parts, on
	// clusters 0 and 1; replication 1 is not drawn.
	mc := t.TempDir()
	jobs := "policy,replication,id,submit,start,end,processors,runtime,wait,queue_wait,bsld,parts,clusters\n" +
		"coarp,0,1,0,0,10,6,10,0,0,1,2,2\ncoarp,0,2,1,2,12,3,10,1,1,1.1,1,1\ncoarp,1,1,0,0,10,6,10,0,0,1,2,2\n"
	parts := "policy,replication,id,part,cluster,start,processors\n" +
		"coarp,0,1,0,0,0,4\ncoarp,0,1,1,1,0,2\ncoarp,0,2,0,1,2,3\ncoarp,1,1,0,0,0,6\n"
	for name, text := range map[string]string{"jobs.csv": jobs, "parts.csv": parts} {
		if err := os.WriteFile(filepath.Join(mc, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	runs, err := readSchedules(mc, shownPoints(nil))
	if err != nil {
		t.Fatal(err)
	}
	blocks, offsets := place(runs[0].jobs)
	if len(runs) != 1 || runs[0].name != "policy=coarp" || len(runs[0].jobs) != 2 {
		t.Fatalf("runs: %+v", runs)
	}
	if fmt.Sprint(offsets) != "[0 4 9]" || len(blocks) != 3 {
		t.Errorf("multicluster placement: offsets %v, blocks %v", offsets, blocks)
	}
	if _, err := readSchedules(t.TempDir(), shownPoints(nil)); err == nil || !strings.Contains(err.Error(), "--schedule") {
		t.Errorf("a directory without jobs.csv: %v", err)
	}
}

// TestReadSchedulesQuotedAxis: an axis value with a comma is quoted in
// jobs.csv and read back whole; rows of other replications are skipped.
func TestReadSchedulesQuotedAxis(t *testing.T) {
	dir := t.TempDir()
	text := "site,replication,id,start,end,processors\n\"a,b\",0,1,0,5,2\n\"a,b\",1,1,0,5,2\nc,0,1,1,4,3\nc,0,2,4,6,1\n"
	if err := os.WriteFile(filepath.Join(dir, "jobs.csv"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	runs, err := readSchedules(dir, shownPoints(nil))
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 || runs[0].name != "site=a,b" || len(runs[0].jobs) != 1 || runs[1].name != "site=c" || len(runs[1].jobs) != 2 || runs[1].jobs[1].start != 4 {
		t.Errorf("runs: %+v", runs)
	}
}

package results

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CombineJobs puts the axis values (quoted when they need it) and the
// replication before every row, and moves a placement into parts.csv.
func TestCombineJobs(t *testing.T) {
	dir := t.TempDir()
	r := &Report{Points: []Point{
		{Labels: []Label{{"policy", "fcfs"}, {"clusters", "a,b"}}},
		{Labels: []Label{{"policy", "coarp"}, {"clusters", "a,b"}}},
	}}
	write := func(name, data string) string {
		p := filepath.Join(dir, "in", name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(data), 0o644)
		return p
	}
	head := "id,submit,parts,placement\n"
	files := []JobFile{
		{Point: 0, Replication: 0, Path: write("0", head+"1,0,1,0:0:4\n")},
		{Point: 1, Replication: 0, Path: write("1", head+"1,0,2,0:5:2 1:5:2\n2,3,1,1:3:1\n")},
	}
	if err := CombineJobs(dir, r, files); err != nil {
		t.Fatal(err)
	}
	jobs, _ := os.ReadFile(filepath.Join(dir, "jobs.csv"))
	parts, _ := os.ReadFile(filepath.Join(dir, "parts.csv"))
	wantJobs := "policy,clusters,replication,id,submit,parts\nfcfs,\"a,b\",0,1,0,1\ncoarp,\"a,b\",0,1,0,2\ncoarp,\"a,b\",0,2,3,1\n"
	wantParts := "policy,clusters,replication,id,part,cluster,start,processors\nfcfs,\"a,b\",0,1,0,0,0,4\ncoarp,\"a,b\",0,1,0,0,5,2\ncoarp,\"a,b\",0,1,1,1,5,2\ncoarp,\"a,b\",0,2,0,1,3,1\n"
	if string(jobs) != wantJobs {
		t.Errorf("jobs.csv:\n%s\nwant:\n%s", jobs, wantJobs)
	}
	if string(parts) != wantParts {
		t.Errorf("parts.csv:\n%s\nwant:\n%s", parts, wantParts)
	}
	// Files of different kinds do not mix.
	files[1].Path = write("2", "id,other\n1,2\n")
	if err := CombineJobs(t.TempDir(), r, files); err == nil || !strings.Contains(err.Error(), "differs") {
		t.Errorf("mixed headers: %v", err)
	}
}

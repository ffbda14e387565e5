package results

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
)

func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var names []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(dir, path)
		names = append(names, rel)
		return nil
	})
	sort.Strings(names)
	return names
}

func TestAbortedStageLeavesNoTrace(t *testing.T) {
	root := t.TempDir()
	st, err := NewStage(filepath.Join(root, "a", "b", "out"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(st.Dir(), "summary.csv"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	st.Abort()
	if got := listDir(t, root); len(got) != 1 {
		t.Fatalf("an aborted stage left %v", got)
	}
}

func TestCommitReplacesAnEarlierOutputWhole(t *testing.T) {
	root := t.TempDir()
	out := filepath.Join(root, "out")
	for i, files := range [][]string{{"summary.csv", "scenario.yaml", "jobs.csv"}, {"summary.csv", "scenario.yaml"}} {
		st, err := NewStage(out)
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
		for _, f := range files {
			os.WriteFile(filepath.Join(st.Dir(), f), []byte(fmt.Sprint(i)), 0o644)
		}
		os.MkdirAll(filepath.Join(st.Dir(), "points", "empty"), 0o755)
		if err := st.Commit(); err != nil {
			t.Fatal(err)
		}
		st.Abort() // a no-op after Commit
	}
	got := listDir(t, out)
	want := []string{".", "scenario.yaml", "summary.csv"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("after two runs: %v, want %v (no jobs.csv of the first, no empty directories)", got, want)
	}
	if names := listDir(t, root); len(names) != 4 {
		t.Fatalf("staging directories left beside the output: %v", names)
	}
}

func TestStageRefusesADirectoryOfOtherFiles(t *testing.T) {
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "notes.txt"), []byte("mine"), 0o644)
	_, err := NewStage(root)
	if !errors.Is(err, ErrOutNotEmpty) {
		t.Fatalf("got %v, want ErrOutNotEmpty", err)
	}
	if want := "results: output directory not written by schedsim: " + root + " (holds notes.txt); choose a new or empty directory"; err.Error() != want {
		t.Fatalf("error %q\nwant  %q", err, want)
	}
}

// Concurrent runs on one target: every commit succeeds and the target
// holds the files of exactly one run.
func TestConcurrentCommitsNeverMix(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	const runs = 8
	var wg sync.WaitGroup
	errs := make([]error, runs)
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st, err := NewStage(out)
			if err != nil {
				errs[i] = err
				return
			}
			for _, f := range []string{"summary.csv", "summary.json", "scenario.yaml"} {
				os.WriteFile(filepath.Join(st.Dir(), f), []byte(fmt.Sprint(i)), 0o644)
			}
			errs[i] = st.Commit()
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("run %d: %v", i, err)
		}
	}
	var first string
	for _, f := range []string{"summary.csv", "summary.json", "scenario.yaml"} {
		b, err := os.ReadFile(filepath.Join(out, f))
		if err != nil {
			t.Fatal(err)
		}
		if first == "" {
			first = string(b)
		} else if string(b) != first {
			t.Fatalf("%s is from run %s, summary.csv from run %s", f, b, first)
		}
	}
}

package results

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Stage is an output directory under construction. Files are written into
// Dir, a fresh temporary directory beside the target; Commit renames it
// into place, Abort removes it. Until Commit the target is left exactly as
// it was, so a run that fails or is killed never leaves a partial or mixed
// set of files behind.
//
// The target may be absent, an empty directory, or the output of an
// earlier run (it holds summary.csv or scenario.yaml and only files a run
// writes): Commit then replaces it whole. Anything else is refused before
// the run starts, so that --out never deletes a user's files. Two runs
// aimed at the same target stage into different directories and commit
// under a lock on the parent directory: the last commit wins whole and
// files of the two runs never mix.
//
// Abort may be called from another goroutine than the one writing into
// the stage (a signal handler's last resort); Commit and Abort exclude
// each other.
type Stage struct {
	mu      sync.Mutex
	target  string
	dir     string
	created []string // parent directories NewStage created, deepest first
	unlock  func()   // releases the lock that marks dir as in use
	done    bool
}

// ErrOutNotEmpty is returned by NewStage (and Commit) when the target
// directory holds files that no schedsim run wrote.
var ErrOutNotEmpty = errors.New("results: output directory not written by schedsim")

// NewStage checks that target may be replaced and creates the staging
// directory beside it (and target's missing parents, which Abort removes
// again).
func NewStage(target string) (*Stage, error) {
	target = filepath.Clean(target)
	if err := checkReplaceable(target); err != nil {
		return nil, err // before creating anything
	}
	parent := filepath.Dir(target)
	created, err := mkdirAllTracked(parent)
	if err != nil {
		return nil, fmt.Errorf("results: %s: %w", parent, err)
	}
	// Under the parent's lock, so that no other run takes the new
	// directory for a stale one before it is locked.
	unlockParent, err := lockDir(parent)
	if err != nil {
		removeEmpty(created)
		return nil, fmt.Errorf("results: locking %s: %w", parent, err)
	}
	defer unlockParent()
	if err := checkReplaceable(target); err != nil {
		removeEmpty(created)
		return nil, err
	}
	dir, err := os.MkdirTemp(parent, "."+filepath.Base(target)+".staging-")
	if err != nil {
		removeEmpty(created)
		return nil, fmt.Errorf("results: staging %s: %w", target, err)
	}
	unlock, err := lockDir(dir)
	if err == nil {
		err = os.Chmod(dir, 0o755)
	}
	if err != nil {
		os.RemoveAll(dir)
		removeEmpty(created)
		return nil, fmt.Errorf("results: staging %s: %w", target, err)
	}
	removeStale(target, dir)
	return &Stage{target: target, dir: dir, created: created, unlock: unlock}, nil
}

// removeStale removes the staging directories of target other than own
// that no process holds any more: those of runs killed before they could
// clean up. The caller holds the lock of target's parent.
func removeStale(target, own string) {
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(target), "."+filepath.Base(target)+".staging-*"))
	for _, m := range matches {
		if m == own {
			continue
		}
		if release, err := tryLockDir(m); err == nil {
			release()
			os.RemoveAll(m)
		}
	}
}

// Dir returns the staging directory, where the run writes its files.
func (s *Stage) Dir() string { return s.dir }

// Commit moves the staged files into place: the target, if it exists, is
// replaced whole by the staging directory. Empty subdirectories of the
// stage are removed first.
func (s *Stage) Commit() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return errors.New("results: stage committed or aborted twice")
	}
	pruneEmptyDirs(s.dir)
	unlock, err := lockDir(filepath.Dir(s.target))
	if err != nil {
		return fmt.Errorf("results: locking %s: %w", filepath.Dir(s.target), err)
	}
	defer unlock()
	if err := checkReplaceable(s.target); err != nil {
		return err
	}
	var old string
	if _, err := os.Lstat(s.target); err == nil {
		old = s.dir + ".old"
		if err := os.Rename(s.target, old); err != nil {
			return fmt.Errorf("results: replacing %s: %w", s.target, err)
		}
	}
	if err := os.Rename(s.dir, s.target); err != nil {
		if old != "" {
			os.Rename(old, s.target)
		}
		return fmt.Errorf("results: committing %s: %w", s.target, err)
	}
	s.done = true
	s.unlock()
	if old != "" {
		if err := os.RemoveAll(old); err != nil {
			return fmt.Errorf("results: removing the previous %s: %w", s.target, err)
		}
	}
	return nil
}

// Abort removes the staging directory and the parents NewStage created,
// leaving the file system as NewStage found it. It does nothing after
// Commit, so it can be deferred.
func (s *Stage) Abort() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return
	}
	s.done = true
	os.RemoveAll(s.dir)
	s.unlock()
	removeEmpty(s.created)
}

// outputNames are the files and directories a run writes at the top of
// its output directory; a directory holding only these (and at least a
// summary or a scenario) is an earlier run's output.
var outputNames = map[string]bool{
	"summary.csv": true, "summary.json": true, "scenario.yaml": true,
	"plots": true, "points": true, "jobs.csv": true, "report.html": true,
}

// IsOutputFile reports whether name (a file at the top of an output
// directory) is one a run writes: the summaries, the resolved scenario,
// report.html, plots/, points/, and the CSV, PNG, SVG and PDF files models
// write beside them.
func IsOutputFile(name string) bool {
	if outputNames[name] {
		return true
	}
	switch filepath.Ext(name) {
	case ".csv", ".png", ".svg", ".pdf", ".json":
		return true
	}
	return false
}

// checkReplaceable returns nil when target is absent, an empty directory or
// an earlier run's output.
func checkReplaceable(target string) error {
	fi, err := os.Lstat(target)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("results: %s: %w", target, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("results: %s: exists and is not a directory", target)
	}
	entries, err := os.ReadDir(target)
	if errors.Is(err, os.ErrNotExist) {
		return nil // another run's Commit is replacing it
	}
	if err != nil {
		return fmt.Errorf("results: %s: %w", target, err)
	}
	if len(entries) == 0 {
		return nil
	}
	marked := false
	var foreign []string
	for _, e := range entries {
		switch {
		case e.Name() == "summary.csv" || e.Name() == "scenario.yaml":
			marked = true
		case !IsOutputFile(e.Name()):
			foreign = append(foreign, e.Name())
		}
	}
	if !marked || len(foreign) > 0 {
		sort.Strings(foreign)
		detail := ""
		if len(foreign) > 0 {
			if len(foreign) > 3 {
				foreign = append(foreign[:3], "…")
			}
			detail = " (holds " + strings.Join(foreign, ", ") + ")"
		}
		return fmt.Errorf("%w: %s%s; choose a new or empty directory", ErrOutNotEmpty, target, detail)
	}
	return nil
}

// mkdirAllTracked creates dir and its missing parents and returns the ones
// it created, deepest first.
func mkdirAllTracked(dir string) ([]string, error) {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	return missing, nil
}

// removeEmpty removes the given directories, deepest first, as long as
// they are empty.
func removeEmpty(dirs []string) {
	for _, d := range dirs {
		if os.Remove(d) != nil {
			return
		}
	}
}

// pruneEmptyDirs removes the empty directories below root (not root).
func pruneEmptyDirs(root string) {
	var dirs []string
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && path != root {
			dirs = append(dirs, path)
		}
		return nil
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		os.Remove(dirs[i]) // fails, harmlessly, when not empty
	}
}

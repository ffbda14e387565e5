package catalog

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// EnvTraces names the environment variable of extra trace directories
// (a list separated like PATH), searched after --traces.
const EnvTraces = "SCHEDSIM_TRACES"

var (
	flagMu  sync.Mutex
	flagDir string
)

// SetTracesDir sets the directory searched first, the --traces flag of
// the command line ("" for none).
func SetTracesDir(dir string) {
	flagMu.Lock()
	defer flagMu.Unlock()
	flagDir = dir
}

// CacheDir returns the per-user cache of downloaded traces:
// $XDG_CACHE_HOME/schedsim/traces, by default ~/.cache/schedsim/traces
// (the platform's user cache directory elsewhere than Unix).
func CacheDir() (string, error) {
	if d := os.Getenv("XDG_CACHE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "schedsim", "traces"), nil
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		return filepath.Join(home, ".cache", "schedsim", "traces"), nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", errors.New("catalog: no cache directory: set XDG_CACHE_HOME or HOME, or pass --traces DIR")
	}
	return filepath.Join(d, "schedsim", "traces"), nil
}

// SearchDirs returns the directories a trace name is looked up in, in
// order: the --traces directory (SetTracesDir), those of $SCHEDSIM_TRACES,
// ../shared/traces beside the working directory and beside the module
// root (when the working directory is inside this repository), and the
// cache. Directories that do not exist are kept: messages list them.
func SearchDirs() []string {
	var dirs []string
	add := func(d string) {
		if d == "" {
			return
		}
		if abs, err := filepath.Abs(d); err == nil {
			d = abs
		}
		for _, x := range dirs {
			if x == d {
				return
			}
		}
		dirs = append(dirs, d)
	}
	flagMu.Lock()
	add(flagDir)
	flagMu.Unlock()
	for _, d := range filepath.SplitList(os.Getenv(EnvTraces)) {
		add(d)
	}
	add(filepath.Join("..", "shared", "traces"))
	if root := moduleRoot(); root != "" {
		add(filepath.Join(root, "..", "shared", "traces"))
	}
	if c, err := CacheDir(); err == nil {
		add(c)
	}
	return dirs
}

// moduleRoot returns the directory of this module's go.mod at or above
// the working directory, or "".
func moduleRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.Contains(string(b), "module github.com/schedsim/schedsim\n") {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Find returns the path of the trace named name in the first of dirs
// that holds it (SearchDirs when dirs is nil): an *UnknownError for a
// name not in the catalogue, a *MissingError when no directory holds it.
func Find(name string, dirs []string) (string, error) {
	e, err := Get(name)
	if err != nil {
		return "", err
	}
	if dirs == nil {
		dirs = SearchDirs()
	}
	if p, ok := e.locate(dirs); ok {
		return p, nil
	}
	return "", &MissingError{Name: e.Name, Dirs: dirs}
}

// locate returns the first file of e (under File or DownloadFile) in dirs.
func (e *Entry) locate(dirs []string) (string, bool) {
	for _, d := range dirs {
		for _, f := range []string{e.File, e.DownloadFile} {
			if f == "" {
				continue
			}
			p := filepath.Join(d, f)
			if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
				return p, true
			}
		}
	}
	return "", false
}

// Locate returns where the trace e is found in SearchDirs, or "".
func (e *Entry) Locate() string {
	p, _ := e.locate(SearchDirs())
	return p
}

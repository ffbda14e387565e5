package testtrace

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// names maps the trace files of ../shared/traces to their catalogue names
// (`schedsim trace fetch NAME`, docs/how-to/traces.md).
var names = map[string]string{
	"SDSC-SP2-1998-4.2-cln.swf.gz":  "SDSC-SP2",
	"KTH-SP2-1996-2.1-cln.swf.gz":   "KTH-SP2",
	"SDSC-BLUE-2000-4.2-cln.swf.gz": "SDSC-BLUE",
	"CTC-SP2-1996-3.1-cln.swf.gz":   "CTC-SP2",
	"HPC2N-2002-2.2-cln.swf.gz":     "HPC2N",
	"LANL-CM5-1994-4.1-cln.swf.gz":  "LANL-CM5",
	"lublin_256.swf.gz":             "LUBLIN-256",
}

// excerpt is the 2,000-record excerpt of SDSC-SP2 that ../shared/traces
// holds beside the full logs; it has no catalogue name of its own.
const excerpt = "SDSC-SP2-1998-4.2-cln.first2000.swf"

// Name returns the catalogue name of a trace file, or "" for a file that
// is not in the catalogue.
func Name(file string) string { return names[filepath.Base(file)] }

// Hint is the one-line reason a test skips without the trace file: the
// command that fetches it, or where the excerpt comes from.
func Hint(file string) string {
	base := filepath.Base(file)
	if base == excerpt {
		return fmt.Sprintf("needs ../shared/traces/%s (the first 2,000 records of SDSC-SP2; see docs/how-to/traces.md)", base)
	}
	if name := Name(base); name != "" {
		return fmt.Sprintf("needs the trace %s (%s): get it with `schedsim trace fetch %s` (docs/how-to/traces.md)", name, base, name)
	}
	return fmt.Sprintf("needs the trace %s (docs/how-to/traces.md)", base)
}

// Dirs are the directories Path looks in, in order: $SCHEDSIM_TRACES,
// ../shared/traces beside the module root, and the per-user trace cache
// that `schedsim trace fetch` downloads into ($XDG_CACHE_HOME/schedsim/traces,
// files under their archive names).
func Dirs() []string {
	var dirs []string
	if d := os.Getenv("SCHEDSIM_TRACES"); d != "" {
		dirs = append(dirs, d)
	}
	if wd, err := os.Getwd(); err == nil {
		for dir := wd; ; dir = filepath.Dir(dir) {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				dirs = append(dirs, filepath.Join(dir, "..", "shared", "traces"))
				break
			}
			if filepath.Dir(dir) == dir {
				break
			}
		}
	}
	if c, err := os.UserCacheDir(); err == nil {
		dirs = append(dirs, filepath.Join(c, "schedsim", "traces"))
	}
	return dirs
}

// Path returns the path of the trace file (its archive name, e.g.
// "SDSC-BLUE-2000-4.2-cln.swf.gz") in the first of Dirs that has it, or
// skips tb with Hint.
func Path(tb testing.TB, file string) string {
	tb.Helper()
	for _, d := range Dirs() {
		p := filepath.Join(d, file)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	tb.Skip(Hint(file))
	return ""
}

// Require skips tb, with Hint, when path does not exist.
func Require(tb testing.TB, path string) {
	tb.Helper()
	if _, err := os.Stat(path); err != nil {
		tb.Skip(Hint(path))
	}
}

// SkipFor skips tb with HintFor(err).
func SkipFor(tb testing.TB, err error) {
	tb.Helper()
	tb.Skip(HintFor(err))
}

// HintFor is Hint for the trace file that err names (an error loading a
// built-in whose trace is missing), or err with a pointer to the docs.
func HintFor(err error) string {
	msg := err.Error()
	for _, f := range append([]string{excerpt}, keys()...) {
		if strings.Contains(msg, f) {
			return Hint(f)
		}
	}
	return fmt.Sprintf("needs a trace: %v (docs/how-to/traces.md)", err)
}

func keys() []string {
	var k []string
	for f := range names {
		k = append(k, f)
	}
	return k
}

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

package scenarios

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/schedsim/schedsim/internal/suggest"
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/workloads/catalog"
)

// resolveTrace returns the file a trace parameter names. A file that
// exists (resolved against baseDir) wins. Otherwise a value without a
// path separator is a catalogue name (SDSC-SP2, case-insensitive), found
// in catalog.SearchDirs; a path that does not exist but whose file name is
// a catalogued log (an old ../shared/traces/… path run from elsewhere) is
// looked up the same way. Errors are *model.FieldError at "trace".
func resolveTrace(trace, baseDir string) (string, error) {
	p := resolvePath(trace, baseDir)
	if _, err := os.Stat(p); err == nil || trace == "" {
		return p, nil
	}
	name := trace
	if strings.ContainsAny(trace, `/\`) {
		name = filepath.Base(trace)
		if _, ok := catalog.Lookup(name); !ok {
			return p, checkFile("trace", p, "an SWF file")
		}
	}
	path, err := catalog.Find(name, nil)
	var ue *catalog.UnknownError
	switch {
	case errors.As(err, &ue) && (strings.HasSuffix(trace, ".swf") || strings.HasSuffix(trace, ".gz")):
		return p, checkFile("trace", p, "an SWF file")
	case errors.As(err, &ue):
		return p, model.Field("trace", "%q is neither a file nor a catalogue trace%s", trace,
			orList(suggest.DidYouMean(trace, catalog.Names())))
	case err != nil:
		return p, model.Field("trace", "%s", strings.TrimPrefix(err.Error(), "catalog: "))
	}
	return path, nil
}

func orList(hint string) string {
	if hint == "" {
		return " (`schedsim trace list` shows the catalogue)"
	}
	return hint
}

// BuiltinTraces returns the catalogue names of the traces the built-in
// scenario name replays (nil for one that replays none): its params'
// trace and the values of a sweep axis over trace, so that `schedsim
// list` can say which to fetch.
func BuiltinTraces(name string) []string {
	data, ok := builtinData(name)
	if !ok {
		return nil
	}
	var doc struct {
		Params struct {
			Trace string `yaml:"trace"`
		} `yaml:"params"`
		Sweep []struct {
			Key    string      `yaml:"key"`
			Values []yaml.Node `yaml:"values"`
		} `yaml:"sweep"`
	}
	if yaml.Unmarshal(data, &doc) != nil {
		return nil
	}
	names := []string{doc.Params.Trace}
	for _, ax := range doc.Sweep {
		for _, v := range ax.Values {
			if ax.Key == "trace" && v.Kind == yaml.ScalarNode {
				names = append(names, v.Value)
			}
		}
	}
	var out []string
	for _, n := range names {
		if e, ok := catalog.Lookup(n); ok && n != "" && !slices.Contains(out, e.Name) {
			out = append(out, e.Name)
		}
	}
	return out
}

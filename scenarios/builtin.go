package scenarios

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed builtin/*.yaml
var builtinFS embed.FS

// DefaultScenario is the built-in scenario `make run` and `schedsim run`
// without arguments use.
const DefaultScenario = "karatza-quick"

// Builtins returns the names of the built-in scenarios, sorted.
func Builtins() []string {
	entries, _ := fs.ReadDir(builtinFS, "builtin")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	sort.Strings(names)
	return names
}

func builtinData(name string) ([]byte, bool) {
	if strings.ContainsAny(name, `/\`) {
		return nil, false
	}
	b, err := builtinFS.ReadFile(path.Join("builtin", name+".yaml"))
	return b, err == nil
}

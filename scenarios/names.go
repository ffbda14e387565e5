package scenarios

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/schedsim/schedsim/results"
)

// validateNames refuses names whose outputs would overwrite each other:
// two plots, two points of the sweep or two metrics that map to the same
// file name (results.FileNameCollision: "a/b" and "a_b", or names that
// differ only in case), and a metric the model would report twice. Kinds
// that make metric names from user values (cluster names, variants)
// refuse the clash at the key that causes it; this is the net under them.
func (sc *Scenario) validateNames(root *yaml.Node) error {
	at := func(key, format string, args ...any) error {
		line := root.Line
		if n := lookup(root, key); n != nil {
			line = n.Line
		}
		return &keyError{line: line, key: key, msg: fmt.Sprintf(format, args...)}
	}
	names := make([]string, len(sc.Plots))
	for i, p := range sc.Plots {
		names[i] = p.Name
	}
	if i, j, ok := results.FileNameCollision(names); ok {
		return at("plots", "plots[%d] (%s) and plots[%d] (%s) would write the same file %s.*; rename one", i, names[i], j, names[j], results.FileName(names[j]))
	}
	names = make([]string, len(sc.Points))
	for i, p := range sc.Points {
		names[i] = slug(p.Name())
	}
	if i, j, ok := results.FileNameCollision(names); ok {
		return at("sweep", "points %q and %q would write the same directory points/%s", sc.Points[i].Name(), sc.Points[j].Name(), names[j])
	}
	if len(sc.Points) == 0 {
		return nil
	}
	metrics := MetricNames(sc.Points[0].Params)
	if i, j, ok := results.FileNameCollision(metrics); ok {
		return at("params", "model %s would report metrics %q and %q, which share a name or a plot file", sc.Model, metrics[i], metrics[j])
	}
	return nil
}

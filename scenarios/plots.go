package scenarios

import (
	"fmt"
	"slices"
	"strings"

	"github.com/schedsim/schedsim/internal/suggest"

	"go.yaml.in/yaml/v3"
)

// validatePlots checks that every plot names sweep axes and values that
// exist (the metric can only be checked once the run has produced it).
func (sc *Scenario) validatePlots(at func(key, format string, args ...any) error) error {
	values := map[string]map[string]bool{}
	for _, ax := range sc.Sweep {
		values[ax.Key] = map[string]bool{}
		for i := range ax.Values {
			values[ax.Key][scalarText(&ax.Values[i])] = true
		}
	}
	for i, p := range sc.Plots {
		key := fmt.Sprintf("plots[%d]", i)
		switch {
		case p.Name == "":
			return at("plots", "%s.name is required", key)
		case p.Metric == "" && len(p.Metrics) == 0:
			return at("plots", "%s (%s).metric (or metrics) is required", key, p.Name)
		case len(p.Metrics) > 0 && (p.Metric != "" || p.Series != ""):
			return at("plots", "%s (%s).metrics excludes metric and series", key, p.Name)
		case values[p.X] == nil:
			return at("plots", "%s (%s).x: %q is not a sweep key", key, p.Name, p.X)
		case p.Series != "" && values[p.Series] == nil:
			return at("plots", "%s (%s).series: %q is not a sweep key", key, p.Name, p.Series)
		}
		for k, v := range p.Where {
			if values[k] == nil {
				return at("plots", "%s (%s).where: %q is not a sweep key", key, p.Name, k)
			}
			if !values[k][v] {
				return at("plots", "%s (%s).where: %s has no value %q", key, p.Name, k, v)
			}
		}
	}
	return nil
}

// validatePlotMetrics checks that every plot names a metric the model
// reports (Params.Metrics).
func (sc *Scenario) validatePlotMetrics(root *yaml.Node) error {
	if len(sc.Plots) == 0 || len(sc.Points) == 0 {
		return nil
	}
	names := MetricNames(sc.Points[0].Params)
	for i, p := range sc.Plots {
		for _, metric := range p.Lines() {
			if !slices.Contains(names, metric) {
				return &keyError{line: lookup(root, "plots").Line, key: "plots",
					msg: fmt.Sprintf("plots[%d] (%s).metric: model %s has no metric %q%s (it has: %s)", i, p.Name, sc.Model, metric, suggest.DidYouMean(metric, names), strings.Join(names, ", "))}
			}
		}
	}
	return nil
}

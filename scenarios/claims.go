package scenarios

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/claims"
)

// validateClaims checks the claims against the metrics of the model and
// the expanded sweep (its keys and the labels of its values): an error is
// one line naming the claim's key and its line in the file.
func (sc *Scenario) validateClaims(root *yaml.Node) error {
	if len(sc.Claims) == 0 || len(sc.Points) == 0 {
		return nil
	}
	err := claims.Validate(sc.Claims, MetricNames(sc.Points[0].Params), claims.AxesOf(sc.pointLabels()))
	if err == nil {
		err = sc.checkReferences()
	}
	fe, ok := model.AsField(err)
	if !ok {
		return err
	}
	return &keyError{line: nodeAt(root, fe.Path).Line, key: fe.Path, msg: fe.Msg}
}

// checkReferences checks that every within: claim without its own
// reference or range selects only points whose model knows a reference
// value for the metric.
func (sc *Scenario) checkReferences() error {
	for i, c := range sc.Claims {
		w := c.Within
		if w == nil || w.Reference != nil || w.Range != nil {
			continue
		}
		for _, p := range sc.Points {
			if !matches(p.Labels, c.Where) {
				continue
			}
			var refs map[string]float64
			if r, ok := p.Params.(Referencer); ok {
				refs = r.References()
			}
			if v, ok := refs[w.Metric]; !ok || math.IsNaN(v) {
				at := ""
				if p.Name() != "" {
					at = " at " + p.Name()
				}
				return model.Field(fmt.Sprintf("claims[%d].within.tolerance", i), "model %s has no reference value of %s%s: give within.reference or within.range", sc.Model, w.Metric, at)
			}
		}
	}
	return nil
}

func matches(labels []results.Label, where map[string]string) bool {
	for _, l := range labels {
		if v, ok := where[l.Key]; ok && v != l.Value {
			return false
		}
	}
	return true
}

func (sc *Scenario) pointLabels() [][]results.Label {
	out := make([][]results.Label, len(sc.Points))
	for i, p := range sc.Points {
		out[i] = p.Labels
	}
	return out
}

// EvaluateClaims decides the scenario's claims on a report of its run.
func (sc *Scenario) EvaluateClaims(r *results.Report) ([]claims.Verdict, error) {
	if len(sc.Claims) == 0 {
		return nil, nil
	}
	vs, err := claims.Evaluate(r, sc.Claims)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sc.File, err)
	}
	return vs, nil
}

// nodeAt returns the node at a key path like "claims[3].best.metric", or
// the deepest node on the way that exists (so that a missing key is
// reported at the line of the mapping that lacks it).
func nodeAt(n *yaml.Node, path string) *yaml.Node {
	for _, seg := range strings.FieldsFunc(path, func(r rune) bool { return r == '.' || r == '[' }) {
		next := (*yaml.Node)(nil)
		if idx, ok := strings.CutSuffix(seg, "]"); ok {
			if i, err := strconv.Atoi(idx); err == nil && n.Kind == yaml.SequenceNode && i < len(n.Content) {
				next = n.Content[i]
			}
		} else {
			next = lookup(n, seg)
		}
		if next == nil {
			return n
		}
		n = next
	}
	return n
}

package scenarios

import (
	"context"
	"fmt"

	"github.com/schedsim/schedsim/model"

	"go.yaml.in/yaml/v3"

	"github.com/schedsim/schedsim/results"
)

// expand builds and validates every point of the sweep.
func (sc *Scenario) expand(ctx context.Context, root *yaml.Node, kind Kind, baseDir string) ([]Point, error) {
	total, err := sc.countPoints(root)
	if err != nil {
		return nil, err
	}
	base := &sc.Params
	if base.Kind == 0 {
		base = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: root.Line}
	}
	if base.Kind != yaml.MappingNode {
		return nil, &keyError{line: base.Line, key: "params", msg: "must be a mapping of key: value"}
	}
	points := make([]Point, 0, total)
	idx := make([]int, len(sc.Sweep))
	for p := 0; p < total; p++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		pt, err := sc.point(root, base, idx, kind, baseDir)
		if err != nil {
			return nil, err
		}
		points = append(points, pt)
		sc.next(idx)
	}
	return points, nil
}

// countPoints is the number of points of the sweep, refused beyond
// MaxPoints or beyond MaxReplicationsInAll replications in all.
func (sc *Scenario) countPoints(root *yaml.Node) (int, error) {
	total := 1
	for _, ax := range sc.Sweep {
		total *= len(ax.Values)
		if total > MaxPoints {
			return 0, &keyError{line: lookup(root, "sweep").Line, key: "sweep", msg: fmt.Sprintf("more than %d points", MaxPoints)}
		}
	}
	if total*sc.Replications > MaxReplicationsInAll {
		line := lookup(root, "replications").Line
		return 0, &keyError{line: line, key: "replications", msg: fmt.Sprintf("%d points × %d replications is more than %d replications in all", total, sc.Replications, MaxReplicationsInAll)}
	}
	return total, nil
}

// point decodes and validates the point whose value of axis a is
// sc.Sweep[a].Values[idx[a]]: base with those values set. A key the kind
// rejects is reported at its line (the sweep's value, else params:).
func (sc *Scenario) point(root, base *yaml.Node, idx []int, kind Kind, baseDir string) (Point, error) {
	node := clone(base)
	var labels []results.Label
	for a, ax := range sc.Sweep {
		v := &sc.Sweep[a].Values[idx[a]]
		set(node, ax.Key, clone(v))
		labels = append(labels, results.Label{Key: ax.Key, Value: scalarText(v)})
	}
	params := kind.NewParams()
	if err := decodeStrict(node, params, "params"); err != nil {
		return Point{}, pointError(labels, err)
	}
	if r, ok := params.(BaseDirSetter); ok {
		r.SetBaseDir(baseDir)
	}
	if err := params.Validate(); err != nil {
		if fe, ok := model.AsField(err); ok {
			line := root.Line
			if n := lookup(node, fe.Path); n != nil {
				line = n.Line
			} else if n := lookup(root, "params"); n != nil {
				line = n.Line
			}
			err = &keyError{line: line, key: "params." + fe.Path, msg: unsetMessage(node, params, fe)}
		}
		return Point{}, pointError(labels, err)
	}
	return Point{Labels: labels, Params: params}, nil
}

// next advances idx to the next point, the last axis fastest.
func (sc *Scenario) next(idx []int) {
	for a := len(idx) - 1; a >= 0; a-- {
		idx[a]++
		if idx[a] < len(sc.Sweep[a].Values) {
			break
		}
		idx[a] = 0
	}
}

// BaseDirSetter is implemented by Params that hold file paths: relative
// paths are resolved against the directory of the scenario file (the
// working directory for built-in scenarios). It is called before Validate.
type BaseDirSetter interface {
	SetBaseDir(dir string)
}

func pointError(labels []results.Label, err error) error {
	if len(labels) == 0 {
		return err
	}
	return fmt.Errorf("%w (sweep point %s)", err, results.PointName(labels))
}

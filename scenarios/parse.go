package scenarios

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"

	"github.com/schedsim/schedsim/internal/suggest"

	"github.com/schedsim/schedsim/model"

	"go.yaml.in/yaml/v3"

	"github.com/schedsim/schedsim/sim"
)

// Parse decodes and validates a scenario. file names it in errors; baseDir
// is the directory that relative paths inside the parameters are resolved
// against.
func Parse(data []byte, file, baseDir string) (*Scenario, error) {
	return ParseContext(context.Background(), data, file, baseDir)
}

// ParseContext is Parse that stops, with ctx's error, when ctx is done
// while the sweep is expanded.
func ParseContext(ctx context.Context, data []byte, file, baseDir string) (*Scenario, error) {
	sc := &Scenario{File: file}
	wrap := func(err error) error { return fileError(file, err) }
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, fmt.Errorf("%s: empty scenario", file)
		}
		return nil, wrap(err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err != io.EOF {
		line := extra.Line
		if err != nil {
			return nil, wrap(err)
		}
		return nil, fmt.Errorf("%s:%d: a second YAML document: a scenario file holds one (remove the ---)", file, line)
	}
	if doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s:%d: a scenario is a mapping of key: value", file, doc.Content[0].Line)
	}
	if err := decodeStrict(&doc, sc, ""); err != nil {
		return nil, wrap(err)
	}
	root := doc.Content[0]
	if err := sc.validateTop(root); err != nil {
		return nil, wrap(err)
	}
	if sc.BaseDir != "" && !filepath.IsAbs(sc.BaseDir) {
		baseDir = filepath.Join(baseDir, sc.BaseDir)
	} else if sc.BaseDir != "" {
		baseDir = sc.BaseDir
	}
	if abs, err := filepath.Abs(baseDir); err == nil {
		baseDir = abs
	}
	sc.BaseDir = baseDir
	kind, _ := LookupKind(sc.Model)
	points, err := sc.expand(ctx, root, kind, baseDir)
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		return nil, wrap(err)
	}
	sc.Points = points
	if err := sc.validatePlotMetrics(root); err != nil {
		return nil, wrap(err)
	}
	if err := sc.validateClaims(root); err != nil {
		return nil, wrap(err)
	}
	if err := sc.validateNames(root); err != nil {
		return nil, wrap(err)
	}
	return sc, nil
}

func (sc *Scenario) validateTop(root *yaml.Node) error {
	at := func(key, format string, args ...any) error {
		line := root.Line
		if n := lookup(root, key); n != nil {
			line = n.Line
		}
		return &keyError{line: line, key: key, msg: fmt.Sprintf(format, args...)}
	}
	if sc.Name == "" {
		return at("name", "required")
	}
	if _, ok := LookupKind(sc.Model); !ok {
		names := []string{}
		for _, k := range Kinds() {
			names = append(names, k.Name)
		}
		if lookup(root, "model") == nil {
			return at("model", "required (one of %s)", strings.Join(names, ", "))
		}
		return at("model", "unknown model %q%s (known: %s)", sc.Model, suggest.DidYouMean(sc.Model, names), strings.Join(names, ", "))
	}
	if lookup(root, "replications") == nil {
		return at("replications", "required (1 to %d)", MaxReplications)
	}
	if sc.Replications < 1 || sc.Replications > MaxReplications {
		return at("replications", "must be in [1, %d] (got %d)", MaxReplications, sc.Replications)
	}
	if sc.Engine == "" {
		sc.Engine = string(sim.Fast)
	}
	if _, err := sim.New(sim.Kind(sc.Engine)); err != nil {
		return at("engine", "%v", err)
	}
	if sc.Stop.CompletedJobs < 0 || sc.Stop.CompletedJobs > MaxStopJobs {
		return at("stop.completed_jobs", "must be in [0, %d] (got %d): more could not finish in practice", MaxStopJobs, sc.Stop.CompletedJobs)
	}
	if sc.Stop.Events > MaxStopEvents {
		return at("stop.events", "must be in [0, %d] (got %d): more could not finish in practice", uint64(MaxStopEvents), sc.Stop.Events)
	}
	if sc.Stop.Time < 0 || math.IsNaN(sc.Stop.Time) || math.IsInf(sc.Stop.Time, 0) {
		return at("stop.time", "must be a finite number ≥ 0 (got %v)", sc.Stop.Time)
	}
	for i, ax := range sc.Sweep {
		key := fmt.Sprintf("sweep[%d]", i)
		if ax.Key == "" {
			return at("sweep", "%s.key is required", key)
		}
		if len(ax.Values) == 0 {
			return at("sweep", "%s (%s) has no values", key, ax.Key)
		}
		for j := 0; j < i; j++ {
			if sc.Sweep[j].Key == ax.Key {
				return at("sweep", "key %q appears twice", ax.Key)
			}
		}
	}
	return sc.validatePlots(at)
}

func scalarText(n *yaml.Node) string {
	if n.Kind == yaml.ScalarNode {
		return n.Value
	}
	out, err := yaml.Marshal(n)
	if err != nil {
		return "?"
	}
	return strings.TrimSpace(strings.ReplaceAll(string(out), "\n", " "))
}

var gotSuffix = regexp.MustCompile(` \(got [^()]*\)$`)

// unsetMessage is the message of a parameter error: as the kind wrote it
// when the scenario sets the key; "required (…)" when the key has no
// default and the scenario does not set it; with "(the default; set
// params.KEY)" when its default does not fit the other values.
func unsetMessage(node *yaml.Node, params Params, fe *model.FieldError) string {
	switch unsetKey(node, params, fe.Path) {
	case keyRequired:
		msg := strings.TrimPrefix(gotSuffix.ReplaceAllString(fe.Msg, ""), "is required")
		msg = strings.TrimSpace(strings.Trim(strings.TrimSpace(msg), "()"))
		if msg == "" {
			return "required"
		}
		return "required (" + msg + ")"
	case keyDefault:
		return fe.Msg + " (the default; set params." + fe.Path + ")"
	}
	return fe.Msg
}

const (
	keySet = iota
	keyRequired
	keyDefault
)

// unsetKey tells whether the scenario sets key, or else whether its
// default is the zero value (the key is required) or not.
func unsetKey(node *yaml.Node, params Params, key string) int {
	if lookup(node, key) != nil {
		return keySet
	}
	v := reflect.ValueOf(params)
	for _, k := range strings.Split(key, ".") {
		for v.Kind() == reflect.Pointer && !v.IsNil() {
			v = v.Elem()
		}
		if v.Kind() != reflect.Struct {
			return keySet
		}
		f, ok := fieldByYAMLKey(v, k)
		if !ok {
			return keySet
		}
		v = f
	}
	if v.IsZero() {
		return keyRequired
	}
	return keyDefault
}

// fieldByYAMLKey returns the field of struct value v whose yaml tag is key,
// following inline fields.
func fieldByYAMLKey(v reflect.Value, key string) (reflect.Value, bool) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if strings.Contains(opts, "inline") {
			if fv, ok := fieldByYAMLKey(v.Field(i), key); ok {
				return fv, true
			}
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		if name == key {
			return v.Field(i), true
		}
	}
	return reflect.Value{}, false
}

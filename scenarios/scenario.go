package scenarios

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/schedsim/schedsim/model"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

// Scenario is a decoded, validated scenario file.
type Scenario struct {
	// Name identifies the scenario in outputs.
	Name string `yaml:"name"`
	// Description says what the scenario reproduces or shows.
	Description string `yaml:"description,omitempty"`
	// Model is the kind of system (see Kinds).
	Model string `yaml:"model"`
	// Seed derives every random stream of the run.
	Seed uint64 `yaml:"seed"`
	// Replications is the number of independent replications per point.
	Replications int `yaml:"replications"`
	// Engine is "fast" (default) or "simgo".
	Engine string `yaml:"engine,omitempty"`
	// Stop is the stop condition of each replication.
	Stop Stop `yaml:"stop,omitempty"`
	// BaseDir is the directory relative file paths in params are resolved
	// against: by default the scenario file's directory (the working
	// directory for built-ins). A relative BaseDir is itself relative to
	// the file's directory. Resolved scenarios carry it as an absolute
	// path, so that they run from anywhere.
	BaseDir string `yaml:"base_dir,omitempty"`
	// Params holds the kind's parameters; they are decoded strictly into
	// the kind's Params type.
	Params yaml.Node `yaml:"params,omitempty"`
	// Sweep lists axes whose cartesian product gives the points.
	Sweep []Axis `yaml:"sweep,omitempty"`
	// Plots are the figures to draw from the sweep with --out (default:
	// every metric against the numeric axis with the most values).
	Plots []results.PlotSpec `yaml:"plots,omitempty"`

	// File is where the scenario came from: a path, or "builtin:NAME".
	File string `yaml:"-"`
	// Points are the expanded, validated scenario points.
	Points []Point `yaml:"-"`
}

// Axis is one sweep dimension: a dotted key below params and its values.
type Axis struct {
	Key string `yaml:"key"`
	// Label names the axis in plots (default: Key), e.g.
	// "λ (local arrival rate)".
	Label  string      `yaml:"label,omitempty"`
	Values []yaml.Node `yaml:"values"`
}

// Point is one combination of sweep values with its decoded parameters.
type Point struct {
	// Labels are the axis values of the point, in axis order (empty when
	// the scenario has no sweep).
	Labels []results.Label
	// Params are the decoded, validated parameters.
	Params Params
}

// Name returns "key=value key=value" for the point, or "" without a sweep.
func (p Point) Name() string { return results.PointName(p.Labels) }

// Limits of the top-level values: beyond them a run could not finish in
// practice (at ~10^7 events/s, 2^40 jobs take days per replication).
const (
	MaxReplications      = 100000
	MaxPoints            = 100000
	MaxReplicationsInAll = 10000000
	MaxStopJobs          = 1 << 40
	MaxStopEvents        = 1 << 44
)

// MaxFileBytes is the largest scenario file Load reads: scenarios are
// small hand-written files, and a cap keeps a wrong argument (a trace, a
// device) from being read into memory.
const MaxFileBytes = 4 << 20

// ErrNotFound is returned by Load when the argument is neither a readable
// file nor the name of a built-in scenario.
var ErrNotFound = errors.New("no such scenario file or built-in scenario")

// Load reads a scenario from a file path or, if no such file exists, from
// the built-in scenario of that name.
func Load(nameOrPath string) (*Scenario, error) {
	return LoadContext(context.Background(), nameOrPath)
}

// LoadContext is Load that stops, with ctx's error, when ctx is done while
// the file is read or the sweep is expanded.
func LoadContext(ctx context.Context, nameOrPath string) (*Scenario, error) {
	data, err := readCapped(ctx, nameOrPath)
	if err == nil {
		return ParseContext(ctx, data, nameOrPath, filepath.Dir(nameOrPath))
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if b, ok := builtinData(nameOrPath); ok {
		return ParseContext(ctx, b, "builtin:"+nameOrPath, ".")
	}
	return nil, fmt.Errorf("%s: %w (see `schedsim list`)", nameOrPath, ErrNotFound)
}

// readCapped reads a scenario file of at most MaxFileBytes, checking ctx
// between reads (the file may be a pipe that never ends).
func readCapped(ctx context.Context, path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return nil, fmt.Errorf("%s: is a directory, not a scenario file", path)
	} else if err == nil && fi.Mode().IsRegular() && fi.Size() > MaxFileBytes {
		return nil, fmt.Errorf("%s: %d bytes is too large for a scenario file (at most %d)", path, fi.Size(), MaxFileBytes)
	}
	var buf bytes.Buffer
	chunk := make([]byte, 64<<10)
	for {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		n, err := f.Read(chunk)
		buf.Write(chunk[:n])
		if buf.Len() > MaxFileBytes {
			return nil, fmt.Errorf("%s: more than %d bytes is too large for a scenario file", path, MaxFileBytes)
		}
		if err == io.EOF {
			return buf.Bytes(), nil
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
}

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
		return at("model", "unknown model %q (known: %s)", sc.Model, strings.Join(names, ", "))
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
		case !numericAxis(values[p.X]):
			return at("plots", "%s (%s).x: sweep key %q has non-numeric values", key, p.Name, p.X)
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

func numericAxis(values map[string]bool) bool {
	for v := range values {
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			return false
		}
	}
	return true
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
					msg: fmt.Sprintf("plots[%d] (%s).metric: model %s has no metric %q (it has: %s)", i, p.Name, sc.Model, metric, strings.Join(names, ", "))}
			}
		}
	}
	return nil
}

// expand builds and validates every point of the sweep.
func (sc *Scenario) expand(ctx context.Context, root *yaml.Node, kind Kind, baseDir string) ([]Point, error) {
	total := 1
	for _, ax := range sc.Sweep {
		total *= len(ax.Values)
		if total > MaxPoints {
			return nil, &keyError{line: lookup(root, "sweep").Line, key: "sweep", msg: fmt.Sprintf("more than %d points", MaxPoints)}
		}
	}
	if total*sc.Replications > MaxReplicationsInAll {
		line := lookup(root, "replications").Line
		return nil, &keyError{line: line, key: "replications", msg: fmt.Sprintf("%d points × %d replications is more than %d replications in all", total, sc.Replications, MaxReplicationsInAll)}
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
		node := clone(base)
		var labels []results.Label
		for a, ax := range sc.Sweep {
			v := &sc.Sweep[a].Values[idx[a]]
			set(node, ax.Key, clone(v))
			labels = append(labels, results.Label{Key: ax.Key, Value: scalarText(v)})
		}
		params := kind.NewParams()
		if err := decodeStrict(node, params, "params"); err != nil {
			return nil, pointError(labels, err)
		}
		if r, ok := params.(BaseDirSetter); ok {
			r.SetBaseDir(baseDir)
		}
		if err := params.Validate(); err != nil {
			var fe *model.FieldError
			if errors.As(err, &fe) {
				line := root.Line
				if n := lookup(node, fe.Path); n != nil {
					line = n.Line
				} else if n := lookup(root, "params"); n != nil {
					line = n.Line
				}
				err = &keyError{line: line, key: "params." + fe.Path, msg: unsetMessage(node, params, fe)}
			}
			return nil, pointError(labels, err)
		}
		points = append(points, Point{Labels: labels, Params: params})
		for a := len(idx) - 1; a >= 0; a-- {
			idx[a]++
			if idx[a] < len(sc.Sweep[a].Values) {
				break
			}
			idx[a] = 0
		}
	}
	return points, nil
}

// BaseDirSetter is implemented by Params that hold file paths: relative
// paths are resolved against the directory of the scenario file (the
// working directory for built-in scenarios). It is called before Validate.
type BaseDirSetter interface {
	SetBaseDir(dir string)
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

func pointError(labels []results.Label, err error) error {
	if len(labels) == 0 {
		return err
	}
	return fmt.Errorf("%w (sweep point %s)", err, results.PointName(labels))
}

// fileError prefixes an error with the file name, turning "line N: …"
// into "file:N: …".
func fileError(file string, err error) error {
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "yaml: ")
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if num, tail, ok := strings.Cut(rest, ":"); ok {
			return fmt.Errorf("%s:%s:%s", file, num, tail)
		}
	}
	return fmt.Errorf("%s: %s", file, msg)
}

// Plan describes the amount of work a run of the scenario is: points,
// replications and each replication's stop condition.
func (sc *Scenario) Plan() string {
	var stops []string
	if sc.Stop.CompletedJobs > 0 {
		stops = append(stops, fmt.Sprintf("%d completed jobs", sc.Stop.CompletedJobs))
	}
	if sc.Stop.Time > 0 {
		stops = append(stops, fmt.Sprintf("simulated time %v", sc.Stop.Time))
	}
	if sc.Stop.Events > 0 {
		stops = append(stops, fmt.Sprintf("%d events", sc.Stop.Events))
	}
	stop := "the model's own end (see params)"
	if len(stops) > 0 {
		stop = strings.Join(stops, " or ")
	}
	return fmt.Sprintf("%d points × %d replications = %d replications, each until %s", len(sc.Points), sc.Replications, len(sc.Points)*sc.Replications, stop)
}

// Resolved returns the scenario as YAML with the values actually used
// (seed, replications, engine included), so that a run can be repeated.
func (sc *Scenario) Resolved() ([]byte, error) {
	return yaml.Marshal(sc)
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

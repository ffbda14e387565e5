package scenarios

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/results/claims"
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
	// Claims are the paper's statements the run is checked against (see
	// docs/reference/claims.md).
	Claims []claims.Claim `yaml:"claims,omitempty"`

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
	return fmt.Sprintf("%s × %s = %s, each until %s", results.Count(len(sc.Points), "point"), results.Count(sc.Replications, "replication"), results.Count(len(sc.Points)*sc.Replications, "replication"), stop)
}

// Resolved returns the scenario as YAML with the values actually used
// (seed, replications, engine included), so that a run can be repeated.
func (sc *Scenario) Resolved() ([]byte, error) {
	return yaml.Marshal(sc)
}

package scenarios

import (
	"context"
	"fmt"
	"io"
	"sort"
	"sync"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/results"
	"github.com/schedsim/schedsim/sim"
)

// Kind is a family of simulated systems that a scenario names under its
// `model:` key (mmc, karatza, cluster, slots …). A kind turns the scenario's
// `params:` mapping into a typed, validated Params value.
type Kind struct {
	// Name is the value of the scenario's `model:` key.
	Name string
	// Summary is one line for `schedsim list`.
	Summary string
	// NewParams returns a pointer to a struct holding the kind's default
	// parameters. The scenario's `params:` mapping is decoded into it
	// strictly: every key must match a `yaml` tag of the struct.
	NewParams func() Params
	// Headline are the metrics the compact table shows by default (empty:
	// the first ones that vary over the points).
	Headline []string
}

// Params are the decoded parameters of one scenario point: everything
// needed to run one replication of it.
type Params interface {
	// Validate checks every value against its allowed range and returns a
	// *model.FieldError (see Field) naming the first offending key.
	Validate() error
	// Run executes one replication and returns its metrics, always the same
	// names in the same order.
	Run(rc RunContext) (results.Metrics, error)
	// Metrics declares, before running, the metrics Run returns, in its
	// order, each with its unit and a one-line description: tables, data
	// files, plots, `schedsim metrics` and the docs take them from here
	// (a test checks that every kind describes every metric).
	Metrics() []results.MetricInfo
}

// Referencer is implemented by Params that know reference values for their
// metrics: analytic results (Erlang-C) or a paper's published numbers. They
// are printed next to the simulated values.
type Referencer interface {
	References() map[string]float64
}

// RunContext is what one replication gets from the runner.
type RunContext struct {
	// Context is cancelled when the run is interrupted; it is the only
	// cancellation signal of every kind. The runner then interrupts
	// Engine (see sim.Interrupter) and discards the replication, so
	// event-driven kinds, whose work is all inside Engine.Run, need not
	// look at it; cycle-based kinds (slots, css2014, anticipation) hand it
	// to their cycle loop (slotexp.RunCycles), which stops between two
	// cycles. Nil (a RunContext built by hand in a test) means never
	// cancelled.
	Context context.Context
	// Engine is a fresh event engine of the kind the run asked for.
	Engine sim.Engine
	// Streams derives the replication's named random sources.
	Streams sim.Streams
	// Stop is the scenario's stop condition.
	Stop Stop
	// Log is the run's structured logger.
	Log zerolog.Logger
	// Jobs, when not nil, receives the per-job records of the replication
	// as CSV (kinds without jobs ignore it). Only replication 0 gets one.
	Jobs io.Writer
	// Windows, when not nil, receives the per-window records of the slot
	// kinds (slots, css2014, anticipation) as CSV: their schedule views
	// (slotexp.Windows). Only replication 0 gets one, and only with
	// --schedule; other kinds ignore it.
	Windows io.Writer
	// OutDir, when not empty, is a directory where replication 0 may write
	// extra files of its own (data, plots); other replications get "". It
	// does not exist until something is written into it (with
	// results.WriteFileAtomic, which creates it, or after os.MkdirAll), so
	// that points without files of their own leave no empty directory.
	OutDir string
	// Check switches on the debug invariant checker of the model.
	Check bool
	// Notes, when not nil (replication 0), collects the kind's extra
	// tables, which the run prints after the metrics (see results.Note).
	Notes *[]results.Note
	// Shared holds what the points of the replication share (its
	// resampled workload); nil shares nothing (see Shared).
	Shared *Shared
	// warned holds the keys of the warnings the run has logged (see
	// WarnOnce); nil in a RunContext built by hand.
	warned *sync.Map
}

// WarnOnce returns a warning event of rc.Log for the warning identified
// by key, or nil, zerolog's no-op event, when a task of the same run has
// logged that key already: what every point and replication meets alike
// (a trace's dropped records, a slurm.conf key not modelled) is said once
// per run, with the point and replication of the task that met it first,
// not once per task. The key should hold the warning's values, so that
// a warning that differs between tasks is said for each difference.
func (rc RunContext) WarnOnce(key string) *zerolog.Event {
	if rc.warned != nil {
		if _, dup := rc.warned.LoadOrStore(key, true); dup {
			return nil
		}
	}
	return rc.Log.Warn()
}

// AddNote adds an extra table of replication 0 (see results.Note); other
// replications' notes are dropped.
func (rc RunContext) AddNote(n results.Note) {
	if rc.Notes != nil {
		*rc.Notes = append(*rc.Notes, n)
	}
}

// context returns rc.Context, or a context that is never cancelled when
// it is nil (a RunContext built by hand in a test).
func (rc RunContext) context() context.Context {
	if rc.Context == nil {
		return context.Background()
	}
	return rc.Context
}

// Stop is the stop condition of every replication of a scenario. A zero
// field means "no limit of that kind"; the scenario requires at least one.
type Stop struct {
	// CompletedJobs stops a replication once this many jobs (after any
	// warm-up the kind defines) have completed.
	CompletedJobs int `yaml:"completed_jobs"`
	// Time stops a replication at this simulated time.
	Time float64 `yaml:"time"`
	// Events stops a replication after this many events.
	Events uint64 `yaml:"events"`
}

// Limit converts the time and event parts of the stop condition into an
// engine limit. CompletedJobs is the model's to honour (by calling
// Engine.Stop when the count is reached).
func (s Stop) Limit() sim.Limit {
	return sim.Limit{Time: s.Time, Events: s.Events}
}

var kinds = map[string]Kind{}

// Register adds a kind to the registry. It is called from init functions of
// this package, one file per kind; registering a name twice is a programming
// error and panics at start-up.
func Register(k Kind) {
	if _, dup := kinds[k.Name]; dup {
		panic(fmt.Sprintf("scenarios: kind %q registered twice", k.Name))
	}
	kinds[k.Name] = k
}

// Kinds returns the registered kinds sorted by name.
func Kinds() []Kind {
	out := make([]Kind, 0, len(kinds))
	for _, k := range kinds {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// LookupKind returns the registered kind with that name.
func LookupKind(name string) (Kind, bool) {
	k, ok := kinds[name]
	return k, ok
}

// metricNames returns the names of ms, in order.
func metricNames(ms results.Metrics) []string {
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.Name
	}
	return names
}

// MetricNames returns the names of the metrics p declares, in order.
func MetricNames(p Params) []string {
	infos := p.Metrics()
	names := make([]string, len(infos))
	for i, m := range infos {
		names[i] = m.Name
	}
	return names
}

// describe returns the declarations of names from a kind's describer; a
// name it does not know keeps an empty unit and description (which the
// tests reject).
func describe(names []string, info func(string) (results.MetricInfo, bool)) []results.MetricInfo {
	out := make([]results.MetricInfo, len(names))
	for i, n := range names {
		out[i], _ = info(n)
		out[i].Name = n
	}
	return out
}

// table describes a metric from a table of {unit, description} by name.
func table(t map[string][2]string) func(string) (results.MetricInfo, bool) {
	return func(name string) (results.MetricInfo, bool) {
		d, ok := t[name]
		return results.MetricInfo{Name: name, Unit: d[0], Description: d[1]}, ok
	}
}

package local

import (
	"errors"
	"fmt"
	"math"

	"github.com/schedsim/schedsim/model/gang"
	"github.com/schedsim/schedsim/policies"
)

// The measures of queue length for Options.By.
const (
	// ByCount measures a queue by the number of jobs waiting in it, the
	// running one excluded (the default; the paper's vocabulary, where an
	// "empty queue" may have a busy processor).
	ByCount = "count"
	// ByCountAll counts the running job as well.
	ByCountAll = "count-all"
	// ByWork measures a queue by its estimated work: the running job's
	// estimated remaining time plus the estimates of the waiting jobs.
	ByWork = "work"
)

// Measures lists the valid values of Options.By.
func Measures() []string { return []string{ByCount, ByCountAll, ByWork} }

// Options are the parameters of the local policies; each policy reads the
// ones it needs.
type Options struct {
	// Threshold is T, the longest a backfilling local may delay a gang by
	// its estimate (backfill): finite and ≥ 0; the paper uses 0.
	Threshold float64
	// By is how the router measures queues: ByCount (default when empty),
	// ByCountAll or ByWork.
	By string
}

// OptionError reports an invalid option; Key names it ("threshold",
// "by").
type OptionError struct {
	Key string
	Msg string
}

// Error returns "key: message".
func (e *OptionError) Error() string { return e.Key + ": " + e.Msg }

// ErrUnknown is wrapped by the errors of NewDiscipline and NewRouter for a
// name that is not registered.
var ErrUnknown = errors.New("unknown local policy")

// Validate checks the options.
func (o Options) Validate() error {
	if !(o.Threshold >= 0) || math.IsInf(o.Threshold, 0) {
		return &OptionError{Key: "threshold", Msg: fmt.Sprintf("must be finite and ≥ 0 (got %v)", o.Threshold)}
	}
	switch o.By {
	case "", ByCount, ByCountAll, ByWork:
		return nil
	}
	return &OptionError{Key: "by", Msg: fmt.Sprintf("must be one of %v (got %q)", Measures(), o.By)}
}

// DisciplineConstructor builds a queue discipline from validated options.
type DisciplineConstructor func(o Options) gang.LocalDiscipline

// RouterConstructor builds a router from validated options.
type RouterConstructor func(o Options) gang.Router

var (
	disciplines = policies.NewRegistry[DisciplineConstructor]("local: discipline", ErrUnknown)
	routers     = policies.NewRegistry[RouterConstructor]("local: router", ErrUnknown)
)

// RegisterDiscipline adds a queue discipline under name. It is called from
// init functions; a name registered twice panics at start-up.
func RegisterDiscipline(name, summary string, ctor DisciplineConstructor) {
	disciplines.Register(name, summary, ctor)
}

// RegisterRouter adds a router under name. It is called from init
// functions; a name registered twice panics at start-up.
func RegisterRouter(name, summary string, ctor RouterConstructor) {
	routers.Register(name, summary, ctor)
}

// Disciplines returns the registered queue disciplines, sorted.
func Disciplines() []string { return disciplines.Names() }

// Routers returns the registered routers, sorted.
func Routers() []string { return routers.Names() }

// DisciplineSummary returns the one-line description of a discipline.
func DisciplineSummary(name string) (string, bool) { return disciplines.Summary(name) }

// RouterSummary returns the one-line description of a router.
func RouterSummary(name string) (string, bool) { return routers.Summary(name) }

// NewDiscipline validates o and returns the named queue discipline.
func NewDiscipline(name string, o Options) (gang.LocalDiscipline, error) {
	ctor, err := disciplines.Lookup(name)
	if err != nil {
		return nil, err
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return ctor(o), nil
}

// NewRouter validates o and returns a new instance of the named router.
// A router keeps scratch state: use one per System.
func NewRouter(name string, o Options) (gang.Router, error) {
	ctor, err := routers.Lookup(name)
	if err != nil {
		return nil, err
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.By == "" {
		o.By = ByCount
	}
	return ctor(o), nil
}

package local

import (
	"errors"
	"fmt"
	"math"
	"sort"

	"github.com/schedsim/schedsim/model/gang"
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

type entry[C any] struct {
	summary string
	ctor    C
}

var (
	disciplines = map[string]entry[DisciplineConstructor]{}
	routers     = map[string]entry[RouterConstructor]{}
)

// RegisterDiscipline adds a queue discipline under name. It is called from
// init functions; a name registered twice panics at start-up.
func RegisterDiscipline(name, summary string, ctor DisciplineConstructor) {
	if _, dup := disciplines[name]; dup {
		panic(fmt.Sprintf("local: discipline %q registered twice", name))
	}
	disciplines[name] = entry[DisciplineConstructor]{summary, ctor}
}

// RegisterRouter adds a router under name. It is called from init
// functions; a name registered twice panics at start-up.
func RegisterRouter(name, summary string, ctor RouterConstructor) {
	if _, dup := routers[name]; dup {
		panic(fmt.Sprintf("local: router %q registered twice", name))
	}
	routers[name] = entry[RouterConstructor]{summary, ctor}
}

// Disciplines returns the registered queue disciplines, sorted.
func Disciplines() []string { return sortedKeys(disciplines) }

// Routers returns the registered routers, sorted.
func Routers() []string { return sortedKeys(routers) }

// DisciplineSummary returns the one-line description of a discipline.
func DisciplineSummary(name string) (string, bool) {
	e, ok := disciplines[name]
	return e.summary, ok
}

// RouterSummary returns the one-line description of a router.
func RouterSummary(name string) (string, bool) {
	e, ok := routers[name]
	return e.summary, ok
}

// NewDiscipline validates o and returns the named queue discipline.
func NewDiscipline(name string, o Options) (gang.LocalDiscipline, error) {
	e, ok := disciplines[name]
	if !ok {
		return nil, fmt.Errorf("%w %q (want one of %v)", ErrUnknown, name, Disciplines())
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	return e.ctor(o), nil
}

// NewRouter validates o and returns a new instance of the named router.
// A router keeps scratch state: use one per System.
func NewRouter(name string, o Options) (gang.Router, error) {
	e, ok := routers[name]
	if !ok {
		return nil, fmt.Errorf("%w %q (want one of %v)", ErrUnknown, name, Routers())
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if o.By == "" {
		o.By = ByCount
	}
	return e.ctor(o), nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

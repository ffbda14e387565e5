package policies

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
)

// ErrUnknownPolicy is wrapped by the error Registry.New returns for a name
// that is not registered; the message names the family and lists the
// names there are.
var ErrUnknownPolicy = errors.New("policies: unknown policy")

// Family describes one decision point of a model: the question that the
// policies of one registry answer, and the options they may read.
type Family struct {
	// Name identifies the family in listings and errors ("batch",
	// "grid-allocator").
	Name string
	// Decision is the question the family's policies answer ("which
	// queued job starts next on a cluster").
	Decision string
	// Package is the Go import path of the family's package below the
	// module ("policies/batch").
	Package string
	// Params are the options the family's policies may read, by yaml
	// key, in the order they are documented.
	Params []Param
}

// Param is one option of a family.
type Param struct {
	// Key is the option's yaml key.
	Key string
	// Doc says what it means, its values and its default.
	Doc string
}

// Info describes one registered policy.
type Info struct {
	// Name is the registered name.
	Name string
	// Summary is one line saying what the policy does.
	Summary string
	// Params are the keys of the family's options that the policy reads.
	Params []string
}

// Described is what the registry records of every registry NewRegistry
// makes, whatever its types: the family and its policies.
type Described interface {
	// Family returns the decision point of the registry.
	Family() Family
	// Policies returns the registered policies sorted by name.
	Policies() []Info
}

// all holds every registry NewRegistry made, in the order they were made
// (package initialisation order).
var all []Described

// Families returns every registry made by NewRegistry, sorted by family
// name: the one list of policy names that the CLI and the docs print.
func Families() []Described {
	out := slices.Clone(all)
	sort.Slice(out, func(i, j int) bool { return out[i].Family().Name < out[j].Family().Name })
	return out
}

// Registry maps the names of one family of policies to their constructors
// and descriptions. O is the family's options type, P what a constructor
// builds. Families make one with NewRegistry, held in one exported
// variable, and fill it from init functions, one policy per file.
type Registry[O, P any] struct {
	family  Family
	prepare func(O) (O, error)
	entries map[string]entry[O, P]
}

type entry[O, P any] struct {
	info Info
	ctor func(O) (P, error)
}

// NewRegistry returns an empty registry for family f and records it for
// Families. prepare, when not nil, validates the options before any
// constructor sees them and fills their defaults; a bad option is a
// *model.FieldError naming its key. Making two registries of the same
// family name panics.
func NewRegistry[O, P any](f Family, prepare func(O) (O, error)) *Registry[O, P] {
	for _, d := range all {
		if d.Family().Name == f.Name {
			panic(fmt.Sprintf("policies: family %q made twice", f.Name))
		}
	}
	r := &Registry[O, P]{family: f, prepare: prepare, entries: map[string]entry[O, P]{}}
	all = append(all, r)
	return r
}

// Register adds a constructor under name, with a one-line summary and the
// keys of the family's options that the policy reads. It is called from
// init functions; registering a name twice, an empty summary or a key
// the family does not declare is a programming error and panics at
// start-up.
func (r *Registry[O, P]) Register(name, summary string, ctor func(O) (P, error), params ...string) {
	if _, dup := r.entries[name]; dup {
		panic(fmt.Sprintf("policies: %s policy %q registered twice", r.family.Name, name))
	}
	if summary == "" || ctor == nil {
		panic(fmt.Sprintf("policies: %s policy %q needs a summary and a constructor", r.family.Name, name))
	}
	for _, k := range params {
		if !slices.ContainsFunc(r.family.Params, func(p Param) bool { return p.Key == k }) {
			panic(fmt.Sprintf("policies: %s policy %q reads %q, which the family does not declare", r.family.Name, name, k))
		}
	}
	r.entries[name] = entry[O, P]{info: Info{Name: name, Summary: summary, Params: params}, ctor: ctor}
}

// Family returns the registry's decision point.
func (r *Registry[O, P]) Family() Family { return r.family }

// Names returns the registered names, sorted.
func (r *Registry[O, P]) Names() []string {
	return slices.Sorted(maps.Keys(r.entries))
}

// Policies returns the registered policies sorted by name.
func (r *Registry[O, P]) Policies() []Info {
	out := make([]Info, 0, len(r.entries))
	for _, n := range r.Names() {
		out = append(out, r.entries[n].info)
	}
	return out
}

// Summary returns the one-line description of a registered name.
func (r *Registry[O, P]) Summary(name string) (string, bool) {
	e, ok := r.entries[name]
	return e.info.Summary, ok
}

// New returns a new instance of the named policy built from o, which the
// family's prepare function validates and completes first. An unknown
// name is an error wrapping ErrUnknownPolicy that lists the registered
// names; a bad option a *model.FieldError naming its key.
func (r *Registry[O, P]) New(name string, o O) (P, error) {
	var zero P
	e, ok := r.entries[name]
	if !ok {
		return zero, fmt.Errorf("%w %q for %s (want one of %v)", ErrUnknownPolicy, name, r.family.Name, r.Names())
	}
	if r.prepare != nil {
		var err error
		if o, err = r.prepare(o); err != nil {
			return zero, err
		}
	}
	return e.ctor(o)
}

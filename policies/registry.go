package policies

import (
	"fmt"
	"sort"
)

// Registry maps the names of one family of policies to their constructors
// (C is the family's constructor type) and one-line summaries. Families
// fill it from init functions.
type Registry[C any] struct {
	family  string
	unknown error
	entries map[string]entry[C]
}

type entry[C any] struct {
	summary string
	ctor    C
}

// NewRegistry returns an empty registry. family names it in messages;
// unknown is the sentinel error Lookup wraps for a name not registered.
func NewRegistry[C any](family string, unknown error) *Registry[C] {
	return &Registry[C]{family: family, unknown: unknown, entries: map[string]entry[C]{}}
}

// Register adds a constructor under name. Registering a name twice is a
// programming error and panics at start-up.
func (r *Registry[C]) Register(name, summary string, ctor C) {
	if _, dup := r.entries[name]; dup {
		panic(fmt.Sprintf("%s %q registered twice", r.family, name))
	}
	r.entries[name] = entry[C]{summary: summary, ctor: ctor}
}

// Names returns the registered names, sorted.
func (r *Registry[C]) Names() []string {
	out := make([]string, 0, len(r.entries))
	for n := range r.entries {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Summary returns the one-line description of a registered name.
func (r *Registry[C]) Summary(name string) (string, bool) {
	e, ok := r.entries[name]
	return e.summary, ok
}

// Lookup returns the constructor registered under name, or an error that
// wraps the registry's sentinel and lists the names there are.
func (r *Registry[C]) Lookup(name string) (C, error) {
	e, ok := r.entries[name]
	if !ok {
		var zero C
		return zero, fmt.Errorf("%w %q (want one of %v)", r.unknown, name, r.Names())
	}
	return e.ctor, nil
}

package goldentest

import (
	"slices"
	"testing"
)

// Expectation is one policy a golden case expects an outcome of.
type Expectation struct {
	Case, Policy string
}

// Covered fails t for every expectation naming something not in names,
// and for every name of names that no expectation names. what is the
// word for a name in the messages ("policy", "method").
func Covered(t testing.TB, what string, names []string, expects []Expectation) {
	t.Helper()
	seen := map[string]bool{}
	for _, e := range expects {
		if !slices.Contains(names, e.Policy) {
			t.Errorf("case %s expects %q, which is not registered (%v)", e.Case, e.Policy, names)
		}
		seen[e.Policy] = true
	}
	for _, n := range names {
		if !seen[n] {
			t.Errorf("%s %q has no golden case", what, n)
		}
	}
}

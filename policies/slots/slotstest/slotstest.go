package slotstest

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/internal/goldentest"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
)

// Case is a small alternatives search worked out by hand.
type Case struct {
	// Name names the subtests.
	Name string
	// Env returns a fresh slot list and the batch, in priority order.
	Env func() (*slot.List, []slot.Request)
	// Want gives, per method name, every alternative in the order found,
	// as Describe writes it.
	Want map[string][]string
}

// NewFunc returns the method registered under a name.
type NewFunc func(name string) (slots.Method, error)

// Registered is the NewFunc of the registry slots.Methods.
func Registered(name string) (slots.Method, error) { return slots.Methods.New(name, struct{}{}) }

// Run searches the alternatives of c for every method of c.Want (in name
// order) on a copy of the list, compares them with the expectation and
// checks the search's invariants, as subtests "case/method".
func Run(t *testing.T, c Case, newMethod NewFunc) {
	t.Helper()
	for _, name := range slices.Sorted(maps.Keys(c.Want)) {
		t.Run(c.Name+"/"+name, func(t *testing.T) {
			m, err := newMethod(name)
			if err != nil {
				t.Fatal(err)
			}
			l, jobs := c.Env()
			work := l.Clone()
			alts, err := slots.FindAlternatives(work, jobs, m)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for j, jw := range alts {
				for _, w := range jw {
					got = append(got, Describe(l, jobs[j].Name, w))
				}
			}
			if want := c.Want[name]; strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("%s alternatives:\n%s\nwant:\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if err := slots.CheckAlternatives(l, work, jobs, m, alts); err != nil {
				t.Error(err)
			}
		})
	}
}

// Covered fails t for every name of names that no case of cases has an
// expectation for, and for every expectation that names no method of
// names.
func Covered(t *testing.T, cases []Case, names []string) {
	t.Helper()
	var expects []goldentest.Expectation
	for _, c := range cases {
		for n := range c.Want {
			expects = append(expects, goldentest.Expectation{Case: c.Name, Policy: n})
		}
	}
	goldentest.Covered(t, "method", names, expects)
}

// Describe renders an alternative as "job [start,finish] nodes
// price/time", the nodes in the window's slot order.
func Describe(l *slot.List, job string, w slot.Window) string {
	var names []string
	price := 0.0
	for _, s := range w.Slots {
		names = append(names, l.Nodes[s.Node].Name)
		price += l.Nodes[s.Node].Price
	}
	return fmt.Sprintf("%s [%g,%g] %s %g", job, w.Start, w.Finish(), strings.Join(names, "+"), price)
}

package csstest

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/internal/goldentest"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
)

// None is the outcome of a job the plan leaves unscheduled.
const None = "none"

// Case is a small batch schedule worked out by hand.
type Case struct {
	// Name names the subtests.
	Name string
	// Env returns a fresh slot list and the batch, in priority order.
	Env func() (*slot.List, []css.Job)
	// Options are the options every policy of the case is built with.
	Options css.Options
	// Want gives, per policy name, every job's chosen window in batch
	// order, as Describe writes it, or None.
	Want map[string][]string
}

// NewFunc returns a fresh policy registered under a name, built with o.
type NewFunc func(name string, o css.Options) (css.Policy, error)

// Registered is the NewFunc of the registry css.Policies (import
// policies/anticipation for "ant").
func Registered(name string, o css.Options) (css.Policy, error) { return css.Policies.New(name, o) }

// Run schedules the batch of c with every policy of c.Want (in name
// order), each fresh from newPolicy, checks the plan (css.CheckPlan) and
// that the slot list is unchanged, and compares the chosen windows with
// the expectation, as subtests "case/policy".
func Run(t *testing.T, c Case, newPolicy NewFunc) {
	t.Helper()
	for _, name := range slices.Sorted(maps.Keys(c.Want)) {
		t.Run(c.Name+"/"+name, func(t *testing.T) {
			p, err := newPolicy(name, c.Options)
			if err != nil {
				t.Fatal(err)
			}
			l, jobs := c.Env()
			before := slices.Clone(l.Slots)
			plan, err := p.Schedule(l, jobs)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(l.Slots, before) {
				t.Errorf("%s modified the slot list", name)
			}
			if err := css.CheckPlan(l, jobs, plan); err != nil {
				t.Error(err)
			}
			want := c.Want[name]
			if len(want) != len(jobs) {
				t.Fatalf("%d outcomes for %d jobs", len(want), len(jobs))
			}
			for i := range jobs {
				got := None
				if a, ok := plan.Choice(i); ok {
					got = Describe(l, a.Window)
				}
				if got != want[i] {
					t.Errorf("job %d: %s, want %s", i, got, want[i])
				}
			}
		})
	}
}

// Covered fails t for every name of names that no case of cases has an
// expectation for, and for every expectation that names no policy of
// names.
func Covered(t *testing.T, cases []Case, names []string) {
	t.Helper()
	var expects []goldentest.Expectation
	for _, c := range cases {
		for n := range c.Want {
			expects = append(expects, goldentest.Expectation{Case: c.Name, Policy: n})
		}
	}
	goldentest.Covered(t, "policy", names, expects)
}

// Describe renders a window as "[start,finish] nodes cost", the nodes
// by name in the window's slot order, joined by "+".
func Describe(l *slot.List, w slot.Window) string {
	var names []string
	for _, s := range w.Slots {
		names = append(names, l.Nodes[s.Node].Name)
	}
	return fmt.Sprintf("[%g,%g] %s %g", w.Start, w.Finish(), strings.Join(names, "+"), w.Cost)
}

package goldentest

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/schedsim/schedsim/sim"
)

// OnEveryEngine runs check as the subtest "case/policy/engine" for every
// policy of want, in name order, on a fresh engine of every kind, with
// that policy's expectation: the loop of the event-driven golden
// harnesses, whose schedules must not depend on the engine.
func OnEveryEngine[W any](t *testing.T, name string, want map[string]W, check func(t *testing.T, policy string, e sim.Engine, want W)) {
	t.Helper()
	for _, policy := range slices.Sorted(maps.Keys(want)) {
		for _, kind := range sim.Kinds() {
			t.Run(fmt.Sprintf("%s/%s/%s", name, policy, kind), func(t *testing.T) {
				e, err := sim.New(kind)
				if err != nil {
					t.Fatal(err)
				}
				check(t, policy, e, want[policy])
			})
		}
	}
}

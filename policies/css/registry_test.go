package css

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// The css policy's two steps are its Schedule: one search of the
// alternatives, chosen from by two policies of different limits, gives
// each the plan its own Schedule gives, and the choice leaves the
// alternatives as they were (they are shared).
func TestTwoStepsAreSchedule(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 2))
	for iter := 0; iter < 20; iter++ {
		l, _ := randomEnv(rng, 6+rng.IntN(10), 800)
		jobs := randomJobs(rng, 3+rng.IntN(8), 4)
		var shared [][]Alternative
		for _, lim := range []float64{10, 100} {
			p, err := Policies.New("css", Options{Limit: lim})
			if err != nil {
				t.Fatal(err)
			}
			two, ok := p.(TwoStepPolicy)
			if !ok {
				t.Fatalf("css is a %T, not a TwoStepPolicy", p)
			}
			if shared == nil {
				if shared, err = two.Alternatives(l, jobs); err != nil {
					t.Fatal(err)
				}
			}
			before := deepCopyAlts(shared)
			got, err := two.Choose(shared)
			if err != nil {
				t.Fatal(err)
			}
			want, err := p.Schedule(l, jobs)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("iter %d lim %v: Choose(Alternatives) chose %v, Schedule %v", iter, lim, got.Chosen, want.Chosen)
			}
			if !reflect.DeepEqual(shared, before) {
				t.Fatalf("iter %d lim %v: Choose changed the alternatives", iter, lim)
			}
		}
	}
}

// deepCopyAlts copies alternatives with their windows' slots.
func deepCopyAlts(alts [][]Alternative) [][]Alternative {
	out := make([][]Alternative, len(alts))
	for i, ja := range alts {
		for _, a := range ja {
			a.Window.Slots = append(a.Window.Slots[:0:0], a.Window.Slots...)
			a.Window.Sources = append(a.Window.Sources[:0:0], a.Window.Sources...)
			out[i] = append(out[i], a)
		}
	}
	return out
}

package anticipation

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/policies"
	"github.com/schedsim/schedsim/policies/css"
)

// TestRegistry: the css registry names bf, css and ant; each registered
// policy schedules as its scheduler does when called directly; bad
// options and unknown names are one-line errors naming the key or the
// allowed names.
func TestRegistry(t *testing.T) {
	if got, want := css.Policies.Names(), []string{"ant", "bf", "css"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("css.Policies.Names() = %v, want %v", got, want)
	}
	for _, name := range css.Policies.Names() {
		if s, ok := css.Policies.Summary(name); !ok || s == "" {
			t.Errorf("%s: no summary", name)
		}
	}
	o := css.Options{Limit: 10, Distance: "geometric", Terms: []string{"cost", "proctime", "start"}, ErrorFloor: 1, StartFromBackfilling: true}
	rng := rand.New(rand.NewPCG(7, 8))
	for iter := 0; iter < 4; iter++ {
		l := randomEnv(rng, 12, 300)
		jobs := randomJobs(rng, 8)
		var direct css.Scheduler
		bf, err := direct.Backfill(l, jobs)
		if err != nil {
			t.Fatal(err)
		}
		cs, err := direct.Schedule(l, jobs, css.CostMaxUtilityLimit(o.Limit))
		if err != nil {
			t.Fatal(err)
		}
		starts := make([]float64, len(jobs))
		for i := range starts {
			starts[i] = math.NaN()
			if a, ok := bf.Choice(i); ok {
				starts[i] = a.Start
			}
		}
		s := Scheduler{Problem: css.CostMaxUtilityLimit(o.Limit), Similarity: Similarity{Terms: []css.Property{css.Cost, css.ProcTime, css.Start}, Distance: Geometric, Floor: 1}}
		_, ant, err := s.Schedule(l, jobs, starts)
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range map[string]css.Plan{"bf": bf, "css": cs, "ant": ant} {
			p, err := css.Policies.New(name, o)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if p.Name() != name {
				t.Errorf("%s: Name() = %q", name, p.Name())
			}
			got, err := p.Schedule(l, jobs)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !reflect.DeepEqual(got.Chosen, want.Chosen) || got.Mean(css.Cost) != want.Mean(css.Cost) && !math.IsNaN(want.Mean(css.Cost)) ||
				got.Mean(css.Start) != want.Mean(css.Start) && !math.IsNaN(want.Mean(css.Start)) {
				t.Errorf("iter %d %s: registered %v cost %v, direct %v cost %v", iter, name, got.Chosen, got.Mean(css.Cost), want.Chosen, want.Mean(css.Cost))
			}
		}
	}

	for key, mod := range map[string]func(o *css.Options){
		"limit":       func(o *css.Options) { o.Limit = 101 },
		"distance":    func(o *css.Options) { o.Distance = "manhattan" },
		"terms":       func(o *css.Options) { o.Terms = []string{"utility"} },
		"error_floor": func(o *css.Options) { o.ErrorFloor = 0 },
	} {
		bad := o
		bad.Terms = append([]string(nil), o.Terms...)
		mod(&bad)
		_, err := css.Policies.New("ant", bad)
		if fe, ok := model.AsField(err); !ok || fe.Path != key || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v", key, err)
		}
	}
	if _, err := css.Policies.New("css", css.Options{Limit: -1}); err == nil {
		t.Error("css with limit -1: no error")
	}
	_, err := css.Policies.New("easy", o)
	if !errors.Is(err, policies.ErrUnknownPolicy) || err.Error() != `policies: unknown policy "easy" for slot-batch (want one of [ant bf css])` {
		t.Errorf("unknown name: %v", err)
	}
}

package anticipation

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
)

// TestIdealUnpacksAsSearched: the packed ideal alternatives, unpacked by
// another Scheduler, are the searched ones field for field (their
// windows' sources aside, which Ideal drops), utilities included, and
// their ranges are those of the searched ones. Some jobs scale relative
// to a least performance, so that both runtime formulas are made again.
func TestIdealUnpacksAsSearched(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	var search, other Scheduler
	windows := 0
	for iter := 0; iter < 40; iter++ {
		l := randomEnv(rng, 5+rng.IntN(40), 800)
		jobs := randomJobs(rng, 1+rng.IntN(20))
		for i := range jobs {
			if rng.IntN(3) == 0 {
				jobs[i].Request.MinPerformance = 2 + 3*rng.Float64()
				jobs[i].Request.Scaling = slot.ScaleRelative
			}
		}
		alts, err := search.IdealAlternatives(l, jobs)
		if err != nil {
			t.Fatal(err)
		}
		id, err := search.Ideal(l, jobs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := other.unpack(l, id, jobs)
		if err != nil {
			t.Fatal(err)
		}
		ranges, err := id.Ranges(jobs)
		if err != nil {
			t.Fatal(err)
		}
		for i := range jobs {
			if len(got[i]) != len(alts[i]) {
				t.Fatalf("iter %d job %d: %d alternatives unpacked, %d searched", iter, i, len(got[i]), len(alts[i]))
			}
			for k := range alts[i] {
				want := alts[i][k]
				want.Window.Sources = nil
				if !reflect.DeepEqual(got[i][k], want) {
					t.Fatalf("iter %d job %d alternative %d: unpacked %+v, searched %+v", iter, i, k, got[i][k], want)
				}
				windows++
			}
			lo, hi := css.Range(alts[i], jobs[i].Criterion)
			if !reflect.DeepEqual(ranges[i], [2]float64{lo, hi}) {
				t.Fatalf("iter %d job %d: range %v, searched [%v %v]", iter, i, ranges[i], lo, hi)
			}
		}
	}
	if windows < 1000 {
		t.Errorf("only %d alternatives compared", windows)
	}
}

// TestScheduleIdealIsSchedule: scheduling from ideal alternatives packed
// by another Scheduler gives Schedule's plan, with and without reference
// starts, and the registered policy schedules through them alike.
func TestScheduleIdealIsSchedule(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	var searcher Scheduler
	for iter := 0; iter < 20; iter++ {
		l := randomEnv(rng, 10+rng.IntN(30), 800)
		jobs := randomJobs(rng, 5+rng.IntN(20))
		var starts []float64
		if iter%2 == 1 {
			starts = make([]float64, len(jobs))
			for i := range starts {
				starts[i] = math.NaN()
				if rng.IntN(2) == 0 {
					starts[i] = 800 * rng.Float64()
				}
			}
		}
		sim := simil([]Distance{Linear, Geometric}[iter%2], css.Cost, css.ProcTime, css.Start)
		direct := Scheduler{Problem: css.CostMaxUtilityLimit(float64(10 * (iter % 4))), Similarity: sim}
		shared := direct
		_, want, err := direct.Schedule(l, jobs, starts)
		if err != nil {
			t.Fatal(err)
		}
		id, err := searcher.Ideal(l, jobs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := shared.ScheduleIdeal(l, jobs, id, starts)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("iter %d: from the packed alternatives %+v, searched %+v", iter, got, want)
		}
	}
}

// TestIdealOfAnotherBatch: ideal alternatives packed for other jobs or
// for a list of more nodes are an error, not a panic.
func TestIdealOfAnotherBatch(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 56))
	l := randomEnv(rng, 30, 800)
	jobs := randomJobs(rng, 10)
	var s Scheduler
	id, err := s.Ideal(l, jobs)
	if err != nil {
		t.Fatal(err)
	}
	small := &slot.List{Nodes: l.Nodes[:1]}
	if _, err := s.ScheduleIdeal(l, jobs[:5], id, nil); err == nil {
		t.Error("no error for the alternatives of 10 jobs scheduling 5")
	}
	s.Similarity = simil(Linear, css.Cost)
	if _, err := s.ScheduleIdeal(small, jobs, id, nil); err == nil {
		t.Error("no error for alternatives on 30 nodes scheduling on 1")
	}
	if _, err := id.Ranges(jobs[:5]); err == nil {
		t.Error("no error for the ranges of 10 jobs asked for 5")
	}
	p, err := css.Policies.New("ant", css.Options{Limit: 10, Distance: "linear", Terms: []string{"cost"}, ErrorFloor: 1, StartFromBackfilling: true})
	if err != nil {
		t.Fatal(err)
	}
	short := func() (css.Plan, error) { return css.Plan{Chosen: make([]int, 3)}, nil }
	if _, err := p.(IdealPolicy).ScheduleIdeal(l, jobs, id, short); err == nil {
		t.Error("no error for a backfilling plan of 3 jobs scheduling 10")
	}
}

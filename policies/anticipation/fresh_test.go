package anticipation

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/policies/slots"
)

// TestNewBlocksOnlyKeepTheWindows: replicating job after job (each
// window subtracted before the next search, so candidates expire and
// gaps open in the cost order), the criterion that compares only the
// blocks not compared before finds exactly the window of the one that
// compares every block at every position: same start, slots, sources and
// cost. The lists are on integer times with the toporkov prices, so that
// starts and costs tie.
func TestNewBlocksOnlyKeepTheWindows(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 23))
	var s slots.Searcher
	var fast, full criterion
	found := 0
	for iter := 0; iter < 60; iter++ {
		l := randomEnv(rng, 10+rng.IntN(30), 800)
		a, b := l.Clone(), l.Clone()
		sm := simil([]Distance{Linear, Geometric}[rng.IntN(2)], css.Cost, css.ProcTime)
		if rng.IntN(3) == 0 {
			sm.Terms = append(sm.Terms, css.Runtime)
		}
		for k, j := range randomJobs(rng, 40) {
			ref := css.Alternative{Cost: 200 + 3000*rng.Float64(), ProcTime: 50 + 600*rng.Float64(), Runtime: 20 + 200*rng.Float64()}
			fast.reset(sm, ref)
			full.reset(sm, ref)
			full.full = true
			wa, okA, err := s.Find(a, j.Request, j.Limits(), &fast)
			if err != nil {
				t.Fatal(err)
			}
			wa = slot.Window{Start: wa.Start, Cost: wa.Cost, Slots: append([]slot.Slot(nil), wa.Slots...), Sources: append([]slot.Slot(nil), wa.Sources...)}
			wb, okB, err := s.Find(b, j.Request, j.Limits(), &full)
			if err != nil {
				t.Fatal(err)
			}
			if okA != okB || !reflect.DeepEqual(wa, wb) {
				t.Fatalf("iter %d job %d: new blocks only %v %+v, every block %v %+v", iter, k, okA, wa, okB, wb)
			}
			if !okA {
				continue
			}
			found++
			if err := a.Subtract(wa); err != nil {
				t.Fatal(err)
			}
			if err := b.Subtract(wb); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found < 500 {
		t.Errorf("only %d windows compared", found)
	}
}

// TestReplicateEachIsEachReplicate: replicating one reference by several
// similarities at once (one sweep per job while their lists are the
// same) gives each similarity's Replicate plan, window for window, for
// similarities that share sweeps (cost and processor time, linear and
// geometric, alike or not) and for those that cannot (a start term). The
// references are a feasible CSS plan, so that the replications place
// the same windows for a while, and the lists are on integer times with
// the toporkov prices, so that costs tie.
func TestReplicateEachIsEachReplicate(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	var each, one Replicator
	var cs css.Scheduler
	shared := 0
	for iter := 0; iter < 30; iter++ {
		l := randomEnv(rng, 10+rng.IntN(30), 800)
		jobs := randomJobs(rng, 10+rng.IntN(30))
		ref, err := cs.Schedule(l, jobs, css.CostMaxUtilityLimit(float64(rng.IntN(100))))
		if err != nil {
			t.Fatal(err)
		}
		refs, has := References(ref)
		sims := []Similarity{simil(Linear, css.Cost, css.ProcTime), simil(Geometric, css.Cost, css.ProcTime)}
		switch iter % 3 {
		case 1:
			sims[1] = sims[0]
		case 2:
			sims[1].Terms = append(sims[1].Terms, css.Start)
		}
		got, err := each.ReplicateEach(l, jobs, refs, has, sims...)
		if err != nil {
			t.Fatal(err)
		}
		for k, sim := range sims {
			want, err := one.Replicate(l, jobs, refs, has, sim)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got[k], want) {
				t.Fatalf("iter %d similarity %d: each %+v, alone %+v", iter, k, got[k], want)
			}
		}
		// the jobs placed while the lists were the same (shared sweeps)
		for i := 0; iter%3 != 2 && i < len(jobs); i++ {
			a, okA := got[0].Choice(i)
			b, okB := got[1].Choice(i)
			if okA != okB || okA && !sameWindow(a.Window, b.Window) {
				break
			}
			shared++
		}
	}
	if shared < 100 {
		t.Errorf("only %d jobs placed by shared sweeps", shared)
	}
}

// TestBlocksSweepIsTheGeneralSweep: a scan with two similarities at once
// (the replication's shared sweep), served by the blocks sweep (the
// candidates as a bit set of ranks, only the fresh blocks inside the
// criteria's boxes compared), finds for each the window, score and
// sources of the general sweep with criteria that compare every block
// at every position. The references are free values or the fastest
// window still free on the list (its start a slot start, where the
// criterion also compares the reference's own nodes, seldom consecutive
// in cost order); each found window is subtracted before the next job, so that
// candidates expire and the boxes narrow.
func TestBlocksSweepIsTheGeneralSweep(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	var s slots.Searcher
	fast, full := make([]criterion, 2), make([]criterion, 2)
	found := 0
	for iter := 0; iter < 60; iter++ {
		l := randomEnv(rng, 10+rng.IntN(40), 800)
		a, b := l.Clone(), l.Clone()
		sims := []Similarity{simil(Linear, css.Cost, css.ProcTime), simil(Geometric, css.Cost, css.ProcTime)}
		if rng.IntN(3) == 0 {
			sims[rng.IntN(2)].Terms = []css.Property{css.Cost, css.ProcTime, css.Runtime}
		}
		for k, j := range randomJobs(rng, 40) {
			ref := css.Alternative{Cost: 200 + 3000*rng.Float64(), ProcTime: 50 + 600*rng.Float64(), Runtime: 20 + 200*rng.Float64()}
			if rng.IntN(2) == 0 {
				w, ok, err := s.Find(a, j.Request, j.Limits(), slots.ShortestRuntime)
				if err != nil {
					t.Fatal(err)
				}
				if ok {
					ref = css.NewAlternative(w)
				}
			}
			for c := range sims {
				fast[c].reset(sims[c], ref)
				full[c].reset(sims[c], ref)
				full[c].full = true
			}
			ra, err := s.Scan(a, j.Request, j.Limits(), &fast[0], &fast[1])
			if err != nil {
				t.Fatal(err)
			}
			ra = cloneResults(ra)
			rb, err := s.Scan(b, j.Request, j.Limits(), &full[0], &full[1])
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(ra, cloneResults(rb)) {
				t.Fatalf("iter %d job %d: blocks sweep %+v, general sweep %+v", iter, k, ra, rb)
			}
			if !ra[0].Found {
				continue
			}
			found++
			if err := a.Subtract(ra[0].Window); err != nil {
				t.Fatal(err)
			}
			if err := b.Subtract(rb[0].Window); err != nil {
				t.Fatal(err)
			}
		}
	}
	if found < 1000 {
		t.Errorf("only %d windows compared", found)
	}
}

// cloneResults copies results with their windows' slots, which the
// Searcher's next scan may reuse.
func cloneResults(res []slots.Result) []slots.Result {
	out := append([]slots.Result(nil), res...)
	for k := range out {
		w := &out[k].Window
		w.Slots, w.Sources = append([]slot.Slot(nil), w.Slots...), append([]slot.Slot(nil), w.Sources...)
	}
	return out
}

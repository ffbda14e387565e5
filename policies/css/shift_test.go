package css

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/policies/slots"
	"github.com/schedsim/schedsim/sim"
	"github.com/schedsim/schedsim/workloads/toporkov"
)

func requests(jobs []toporkov.Job) []slot.Request {
	out := make([]slot.Request, len(jobs))
	for i, j := range jobs {
		out[i] = j.Request
	}
	return out
}

// randomChoice finds alternatives for a generated batch and picks one per
// job at random: chosen windows that never overlap, spread over the cycle.
func randomChoice(t *testing.T, seed uint64) (*slot.List, []slot.Request, []slot.Window) {
	t.Helper()
	cfg := toporkov.DefaultCSS2014Config()
	cfg.Owners.Load = 0.2
	g, err := toporkov.NewCSS2014Generator(cfg, sim.NewStreams(seed, 0))
	if err != nil {
		t.Fatal(err)
	}
	cy := g.Next()
	reqs := requests(cy.Jobs)
	alts, err := slots.FindAlternatives(cy.List.Clone(), reqs, slots.MethodAMP)
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	chosen := make([]slot.Window, len(reqs))
	for i, a := range alts {
		if len(a) > 0 {
			chosen[i] = a[r.IntN(len(a))]
		}
	}
	return cy.List, reqs, chosen
}

func TestShiftProperties(t *testing.T) {
	for seed := uint64(1); seed <= 60; seed++ {
		l, reqs, chosen := randomChoice(t, seed)
		free := NewTimeline(l)
		for i, w := range chosen {
			if len(w.Slots) > 0 {
				if err := free.Take(w); err != nil {
					t.Fatalf("seed %d job %d: %v", seed, i, err)
				}
			}
		}
		before := free.FreeTime()
		shifted, err := Shift(free, reqs, chosen)
		if err != nil {
			t.Fatal(err)
		}
		orig := NewTimeline(l)
		moved := 0
		var all []slot.Window
		for i, w := range shifted {
			c := chosen[i]
			if len(c.Slots) == 0 {
				if len(w.Slots) != 0 {
					t.Fatalf("seed %d: unscheduled job %d got a window", seed, i)
				}
				continue
			}
			all = append(all, w)
			if w.Start > c.Start {
				t.Fatalf("seed %d job %d: shifted later, %v → %v", seed, i, c.Start, w.Start)
			}
			if w.Start < c.Start {
				moved++
			}
			if w.Cost != c.Cost || len(w.Slots) != len(c.Slots) {
				t.Fatalf("seed %d job %d: cost or size changed", seed, i)
			}
			for p := range w.Slots {
				if w.Slots[p].Node != c.Slots[p].Node || math.Abs(w.Slots[p].Length()-c.Slots[p].Length()) > 1e-9 || w.Slots[p].Start != w.Start {
					t.Fatalf("seed %d job %d part %d: %v was %v", seed, i, p, w.Slots[p], c.Slots[p])
				}
			}
			if err := w.Check(l.Nodes, reqs[i]); err != nil {
				t.Fatalf("seed %d job %d: %v", seed, i, err)
			}
			if !orig.Fits(w) {
				t.Fatalf("seed %d job %d: shifted window %v leaves the free time", seed, i, w)
			}
		}
		if err := slot.CheckDisjoint(all); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if d := free.FreeTime() - before; d > 1e-6 || d < -1e-6 {
			t.Fatalf("seed %d: the shift changed the free time by %v", seed, d)
		}
		if seed == 1 && moved == 0 {
			t.Fatal("no window moved: the test does not exercise the shift")
		}
	}
}

// TestShiftHandExample is the paper's Fig. 2 in miniature: three windows
// on two nodes; the later ones move left onto the time the earlier ones
// leave, the first one onto the interval's start.
func TestShiftHandExample(t *testing.T) {
	nodes := []slot.Node{{Performance: 1, Price: 1}, {Performance: 1, Price: 1}}
	l, _ := slot.NewList(nodes, []slot.Slot{{Node: 0, Start: 0, End: 100}, {Node: 1, Start: 10, End: 100}})
	w := func(start, length float64, on ...int) slot.Window {
		x := slot.Window{Start: start}
		for _, n := range on {
			x.Slots = append(x.Slots, slot.Slot{Node: n, Start: start, End: start + length})
		}
		return x
	}
	chosen := []slot.Window{w(50, 10, 0, 1), w(20, 5, 0), w(70, 20, 1)}
	free := NewTimeline(l)
	for _, c := range chosen {
		if err := free.Take(c); err != nil {
			t.Fatal(err)
		}
	}
	jobs := []slot.Request{{Nodes: 2, Length: 10}, {Nodes: 1, Length: 5}, {Nodes: 1, Length: 20}}
	got, err := Shift(free, jobs, chosen)
	if err != nil {
		t.Fatal(err)
	}
	// job 1 (start 20) first → 0; then job 0 (start 50) on both nodes:
	// node 1 is free from 10, node 0 from 5 → 10; then job 2 on node 1:
	// free from 20 → 20.
	want := []float64{10, 0, 20}
	for i := range want {
		if got[i].Start != want[i] {
			t.Errorf("job %d starts at %v, want %v", i, got[i].Start, want[i])
		}
	}
}

func TestTimelineTakeReleaseRoundTrip(t *testing.T) {
	nodes := []slot.Node{{Performance: 1, Price: 1}}
	l, _ := slot.NewList(nodes, []slot.Slot{{Node: 0, Start: 0, End: 10}, {Node: 0, Start: 10, End: 20}, {Node: 0, Start: 30, End: 40}})
	tl := NewTimeline(l)
	if got := tl.Free(0); len(got) != 2 || got[0].End != 20 {
		t.Fatalf("touching slots not merged: %v", got)
	}
	w := slot.Window{Start: 5, Slots: []slot.Slot{{Node: 0, Start: 5, End: 15}}}
	if err := tl.Take(w); err != nil {
		t.Fatal(err)
	}
	if err := tl.Take(w); !errors.Is(err, slot.ErrNotFree) {
		t.Fatalf("taking twice: %v", err)
	}
	if err := tl.Release(w); err != nil {
		t.Fatal(err)
	}
	if err := tl.Release(w); !errors.Is(err, slot.ErrInvariant) {
		t.Fatalf("releasing free time: %v", err)
	}
	if got := tl.Free(0); len(got) != 2 || got[0] != (slot.Slot{Node: 0, Start: 0, End: 20}) {
		t.Fatalf("release did not merge back: %v", got)
	}
	for _, c := range []struct{ length, from, want float64 }{{5, 8, 8}, {10, 15, 30}, {10, -5, 0}, {15, 8, -1}} {
		tau, ok := tl.EarliestStart(slot.Window{Slots: []slot.Slot{{Node: 0, Start: 0, End: c.length}}}, c.from)
		if !ok && c.want >= 0 || ok && tau != c.want {
			t.Errorf("earliest start of %v from %v: %v %v, want %v", c.length, c.from, tau, ok, c.want)
		}
	}
}

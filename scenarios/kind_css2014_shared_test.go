package scenarios

import (
	"fmt"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/schedsim/schedsim/sim"
)

// TestCSS2014PointsShareTheCSSPlan runs the css and shift points of two
// node counts of css2014-nodes on one replication's Shared and checks
// that each reports the metrics it reports alone (no Shared), and that
// the plain CSS plan was made once per cycle and node count (it fails
// when the points share nothing, or share across node counts).
func TestCSS2014PointsShareTheCSSPlan(t *testing.T) {
	sc, err := Load("css2014-nodes")
	if err != nil {
		t.Fatal(err)
	}
	const cycles = 4
	st := sim.NewStreams(sc.Seed, 1)
	shared := &Shared{}
	counts := map[int]bool{}
	for _, pt := range sc.Points {
		p := *pt.Params.(*CSS2014Params)
		if p.Variant != "css" && p.Variant != "shift" || p.Nodes.Count != 20 && p.Nodes.Count != 50 {
			continue
		}
		counts[p.Nodes.Count] = true
		p.Cycles = cycles
		got, err := p.Run(RunContext{Streams: st, Shared: shared, Log: zerolog.Nop()})
		if err != nil {
			t.Fatal(err)
		}
		want, err := p.Run(RunContext{Streams: st, Log: zerolog.Nop()})
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s %d: shared %v, alone %v", p.Variant, p.Nodes.Count, got, want)
		}
	}
	plans := 0
	for key := range shared.m {
		if strings.HasSuffix(key, "css plan proc") {
			plans++
		}
	}
	if len(counts) != 2 || plans != 2*cycles {
		t.Errorf("%d node counts, %d plans in the memo; want 2 and %d", len(counts), plans, 2*cycles)
	}
}

// TestCSS2014SharesPlansOnlyWhereAnotherPointReadsThem checks which
// points keep their CSS plans in the Shared: the css and shift points of
// css2014-nodes, not its hybrid and backfill points, not a point that
// runs both variants itself (css2014-plans), and none whose replication
// has more jobs than the bound; a point that does not share leaves the
// Shared empty.
func TestCSS2014SharesPlansOnlyWhereAnotherPointReadsThem(t *testing.T) {
	sc, err := Load("css2014-nodes")
	if err != nil {
		t.Fatal(err)
	}
	for _, pt := range sc.Points {
		p := *pt.Params.(*CSS2014Params)
		want := p.Variant == "css" || p.Variant == "shift"
		if got := p.sharesCSSPlan(); got != want {
			t.Errorf("css2014-nodes, variant %s: shares %v, want %v", p.Variant, got, want)
		}
		p.Cycles = maxSharedBatchItems/p.Jobs.Count + 1
		if p.sharesCSSPlan() {
			t.Errorf("variant %s, %d cycles of %d jobs: shares its plans", p.Variant, p.Cycles, p.Jobs.Count)
		}
	}
	plans, err := Load("css2014-plans")
	if err != nil {
		t.Fatal(err)
	}
	p := *plans.Points[0].Params.(*CSS2014Params)
	if p.sharesCSSPlan() {
		t.Errorf("css2014-plans (variants %v) shares its plans", p.Variants)
	}
	p.Cycles = 2
	shared := &Shared{}
	if _, err := p.Run(RunContext{Streams: sim.NewStreams(plans.Seed, 1), Shared: shared, Log: zerolog.Nop()}); err != nil {
		t.Fatal(err)
	}
	if len(shared.m) != 0 {
		t.Errorf("css2014-plans left %d entries in the Shared", len(shared.m))
	}
}

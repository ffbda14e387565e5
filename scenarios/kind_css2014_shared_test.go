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

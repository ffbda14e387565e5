package slots

import (
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model/slot"
)

// TestNodeFitsFollowTheirRequest: a Searcher that scans job after job,
// the request, the limits and the nodes' prices changing in between (the
// prices in place, in the same slice of nodes) or not, finds at every
// scan what a fresh Searcher finds: the fits it keeps from its last scan
// (fitsMemo) serve only the same request, limits and nodes.
func TestNodeFitsFollowTheirRequest(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	crits := []Criterion{LowestCost, ShortestRuntime, EarliestStart, EarliestFinish}
	var kept Searcher
	kept.SetScratch(false)
	reused := 0
	for iter := 0; iter < 200; iter++ {
		l := pricedList(rng, 4+rng.IntN(20))
		r := slot.Request{Nodes: 1 + rng.IntN(3), Length: float64(50 + rng.IntN(200)), MaxPrice: 2}
		lim := Limits{MaxSlotPrice: math.Inf(1), Budget: math.Inf(1)}
		for step := 0; step < 12; step++ {
			switch rng.IntN(8) {
			case 0:
				r.Length++
			case 1:
				r.MinPerformance = float64(rng.IntN(4))
			case 2:
				lim.Budget = float64(r.Nodes) * r.Length * (0.6 + rng.Float64())
			case 3:
				lim.MaxSlotPrice = 1 + 4*rng.Float64()
			case 4:
				lim.MaxPriceFactor = 0.5 + rng.Float64()
				l.Nodes[rng.IntN(len(l.Nodes))].BasePrice = 1 + 3*rng.Float64()
			case 5:
				l.Nodes[rng.IntN(len(l.Nodes))].Price *= 0.5 + rng.Float64()
			default:
				reused++ // the same request, limits and nodes
			}
			c := crits[rng.IntN(len(crits))]
			got, err := kept.Scan(l, r, lim, c)
			if err != nil {
				t.Fatal(err)
			}
			got = append([]Result(nil), got...)
			var fresh Searcher
			want, err := fresh.Scan(l, r, lim, c)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("iter %d step %d, %s: kept Searcher %+v, fresh %+v", iter, step, c.Name(), got, want)
			}
		}
	}
	if reused < 300 {
		t.Errorf("only %d scans with the fits of the scan before", reused)
	}
}

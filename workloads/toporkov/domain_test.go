package toporkov

import (
	"errors"
	"math"
	"reflect"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/sim"
)

// TestDomainGenerator checks one cycle against the paper's setup: 80
// nodes, free slots and owner jobs that partition every node's interval
// exactly, an owner share in [5%, 10%], prices within ±60% of the base
// cost, 75 jobs with U{2..6} nodes and whole lengths in [100, 500], both
// criteria and price factors in [0.8, 1.6].
func TestDomainGenerator(t *testing.T) {
	cfg := DefaultDomainConfig()
	g, err := NewDomainGenerator(cfg, sim.NewStreams(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	crit := map[string]int{}
	for cycle := 0; cycle < 20; cycle++ {
		d := g.Next()
		if err := d.List.Validate(); err != nil {
			t.Fatal(err)
		}
		if len(d.List.Nodes) != 80 || len(d.Jobs) != 75 {
			t.Fatalf("%d nodes, %d jobs", len(d.List.Nodes), len(d.Jobs))
		}
		for _, n := range d.List.Nodes {
			if n.Performance < 2 || n.Performance > 10 || math.Abs(n.Price/n.BasePrice-1) > 0.6+1e-12 ||
				math.Abs(n.BasePrice-6*math.Exp((n.Performance-6)/4.5)) > 1e-9*n.BasePrice {
				t.Fatalf("node %+v", n)
			}
		}
		whole := &slot.List{Nodes: d.List.Nodes}
		for i := range d.List.Nodes {
			whole.Slots = append(whole.Slots, slot.Slot{Node: i, Start: 0, End: 800})
		}
		whole.Sort()
		owned := 0.0
		var ws []slot.Window
		for _, b := range d.Owner {
			owned += b.Length()
			ws = append(ws, slot.Window{Slots: []slot.Slot{b}})
		}
		if err := slot.CheckConservation(whole, d.List, ws); err != nil {
			t.Fatalf("free and owner time do not partition the interval: %v", err)
		}
		if share := owned / (80 * 800); share < 0.05-1e-9 || share > 0.10+1e-9 {
			t.Fatalf("owner share %v", share)
		}
		for _, j := range d.Jobs {
			r := j.Request
			if r.Nodes < 2 || r.Nodes > 6 || r.Length < 100 || r.Length > 500 || r.Length != math.Trunc(r.Length) ||
				j.PriceFactor < 0.8 || j.PriceFactor > 1.6 || r.Validate() != nil {
				t.Fatalf("job %+v", j)
			}
			crit[j.Criterion]++
		}
	}
	if len(crit) != 2 || crit["runtime"] < 600 || crit["cost"] < 600 {
		t.Errorf("criteria %v", crit)
	}
}

// TestOwnerLoadIsHypergeometric: with a fixed share, the owner quanta of
// one node have the hypergeometric mean and variance.
func TestOwnerLoadIsHypergeometric(t *testing.T) {
	cfg := DefaultDomainConfig()
	cfg.OwnerLoad = FloatRange{0.075, 0.075}
	g, err := NewDomainGenerator(cfg, sim.NewStreams(2, 0))
	if err != nil {
		t.Fatal(err)
	}
	const n, q, draws = 80, 800, 400
	var sum, sq float64
	total := 0
	for i := 0; i < draws; i++ {
		load := g.NextOwnerLoad(n, q)
		k := 0
		for _, x := range load {
			k += x
		}
		if k != int(math.Round(0.075*n*q)) {
			t.Fatalf("total %d", k)
		}
		for _, x := range load {
			sum += float64(x)
			sq += float64(x) * float64(x)
			total++
		}
	}
	mean := sum / float64(total)
	variance := sq/float64(total) - mean*mean
	N, K := float64(n*q), 0.075*n*q
	wantVar := q * (K / N) * (1 - K/N) * (N - q) / (N - 1)
	if math.Abs(mean-0.075*q) > 1e-9 || math.Abs(variance/wantVar-1) > 0.1 {
		t.Errorf("mean %v (want %v), variance %v (want %v)", mean, 0.075*q, variance, wantVar)
	}
}

func TestDomainGeneratorIsDeterministic(t *testing.T) {
	a, _ := NewDomainGenerator(DefaultDomainConfig(), sim.NewStreams(3, 1))
	b, _ := NewDomainGenerator(DefaultDomainConfig(), sim.NewStreams(3, 1))
	if !reflect.DeepEqual(a.Next(), b.Next()) {
		t.Error("same seed, different cycles")
	}
}

func TestDomainConfigErrors(t *testing.T) {
	for key, mod := range map[string]func(*DomainConfig){
		"nodes":                  func(c *DomainConfig) { c.Nodes = 0 },
		"interval":               func(c *DomainConfig) { c.Interval = 800.5 },
		"owner_load.max":         func(c *DomainConfig) { c.OwnerLoad.Max = 1.5 },
		"batch.price_factor.min": func(c *DomainConfig) { c.Batch.PriceFactor.Min = 0 },
		"batch.criteria":         func(c *DomainConfig) { c.Batch.Criteria = []string{"speed"} },
		"batch.nodes.min":        func(c *DomainConfig) { c.Batch.Nodes.Min = 0 },
		"price_margin":           func(c *DomainConfig) { c.PriceMargin = -1 },
	} {
		c := DefaultDomainConfig()
		mod(&c)
		var ce *model.FieldError
		if err := c.Validate(); !errors.As(err, &ce) || ce.Path != key {
			t.Errorf("%s: %v", key, err)
		}
	}
	// a fully owner-loaded interval is valid: every node is busy.
	c := DefaultDomainConfig()
	c.OwnerLoad = FloatRange{1, 1}
	g, err := NewDomainGenerator(c, sim.NewStreams(4, 0))
	if err != nil {
		t.Fatal(err)
	}
	if d := g.Next(); d.List.Len() != 0 || len(d.Owner) != 80 {
		t.Errorf("full owner load: %d free slots, %d owner jobs", d.List.Len(), len(d.Owner))
	}
}

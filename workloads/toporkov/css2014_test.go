package toporkov

import (
	"errors"
	"math"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/sim"
)

func TestCSS2014DefaultsAreThePapers(t *testing.T) {
	c := DefaultCSS2014Config()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if c.Cycle != 600 || c.Nodes.Count != 24 || c.Nodes.Performance != (FloatRange{2, 10}) || c.Jobs.Count != 20 {
		t.Errorf("paper constants changed: %+v", c)
	}
}

func TestCSS2014ValidateNamesTheKey(t *testing.T) {
	cases := map[string]func(c *CSS2014Config){
		"cycle":                       func(c *CSS2014Config) { c.Cycle = 0 },
		"nodes.count":                 func(c *CSS2014Config) { c.Nodes.Count = 0 },
		"nodes.performance.min":       func(c *CSS2014Config) { c.Nodes.Performance.Min = 0 },
		"nodes.price_per_performance": func(c *CSS2014Config) { c.Nodes.PricePerPerformance = -1 },
		"nodes.margin_sd":             func(c *CSS2014Config) { c.Nodes.MarginSD = math.NaN() },
		"nodes.margin_limit":          func(c *CSS2014Config) { c.Nodes.MarginLimit = 1 },
		"owners.load":                 func(c *CSS2014Config) { c.Owners.Load = 0.99 },
		"owners.job_length.max":       func(c *CSS2014Config) { c.Owners.JobLength.Max = 1 },
		"jobs.count":                  func(c *CSS2014Config) { c.Jobs.Count = 0 },
		"jobs.nodes.min":              func(c *CSS2014Config) { c.Jobs.Nodes.Min = 0 },
		"jobs.time.min":               func(c *CSS2014Config) { c.Jobs.Time.Min = 0 },
		"jobs.budget.min":             func(c *CSS2014Config) { c.Jobs.Budget.Min = 0 },
		"jobs.actual":                 func(c *CSS2014Config) { c.Jobs.Actual.Max = 1.5 },
		"jobs.criteria":               func(c *CSS2014Config) { c.Jobs.Criteria = nil },
		"jobs.criteria[1]":            func(c *CSS2014Config) { c.Jobs.Criteria = []string{"cost", "speed"} },
		"nodes.owned.price": func(c *CSS2014Config) {
			c.Nodes.Owned = &CSS2014OwnedNode{Node: 0, Performance: 6, Price: 0}
		},
		"nodes.owned.node": func(c *CSS2014Config) {
			c.Nodes.Owned = &CSS2014OwnedNode{Node: 24, Performance: 6, Price: 6}
		},
	}
	for key, f := range cases {
		c := DefaultCSS2014Config()
		f(&c)
		err := c.Validate()
		var ce *model.FieldError
		if !errors.As(err, &ce) || ce.Path != key {
			t.Errorf("%s: err = %v", key, err)
		}
		if _, err := NewCSS2014Generator(c, sim.NewStreams(1, 0)); err == nil {
			t.Errorf("%s: generator accepted an invalid config", key)
		}
	}
}

func TestCSS2014GeneratorFollowsTheConfig(t *testing.T) {
	c := DefaultCSS2014Config()
	c.Owners.Load = 0.3
	c.Nodes.Owned = &CSS2014OwnedNode{Node: 3, Performance: 6, Price: 8}
	g, err := NewCSS2014Generator(c, sim.NewStreams(3, 1))
	if err != nil {
		t.Fatal(err)
	}
	owner, crit := 0.0, map[string]int{}
	const cycles = 300
	for range cycles {
		cy := g.Next()
		if err := cy.List.Validate(); err != nil {
			t.Fatal(err)
		}
		if len(cy.List.Nodes) != 24 || len(cy.Jobs) != 20 {
			t.Fatalf("%d nodes, %d jobs", len(cy.List.Nodes), len(cy.Jobs))
		}
		for i, n := range cy.List.Nodes {
			if i == 3 {
				if n.Performance != 6 || n.Price != 8 {
					t.Fatalf("owned node %+v", n)
				}
				continue
			}
			if n.Performance < 2 || n.Performance > 10 || n.Price < 0.4*n.Performance-1e-12 || n.Price > 1.6*n.Performance+1e-12 {
				t.Fatalf("node %+v", n)
			}
		}
		for _, s := range cy.List.Slots {
			if s.Start < 0 || s.End > 600 {
				t.Fatalf("slot %v outside the cycle", s)
			}
		}
		if free := cy.List.FreeTime(); math.Abs(free+cy.OwnerTime-24*600) > 1e-6 {
			t.Fatalf("free %v + owner %v != node time", free, cy.OwnerTime)
		}
		owner += cy.OwnerTime
		for _, j := range cy.Jobs {
			if err := j.Validate(); err != nil {
				t.Fatal(err)
			}
			market := j.Length * float64(j.Nodes)
			if j.Nodes < 2 || j.Nodes > 6 || j.Length < 100 || j.Length > 500 || j.Budget < market || j.Budget > 1.6*market || j.Actual < 0.2 || j.Actual > 1 {
				t.Fatalf("job %+v", j)
			}
			crit[j.Criterion]++
		}
	}
	// the owners' share of node time is 0.3 in the long run; over 300
	// cycles × 24 nodes it is within ±0.03.
	if share := owner / (cycles * 24 * 600); math.Abs(share-0.3) > 0.03 {
		t.Errorf("owner share %v, want 0.3", share)
	}
	for _, name := range []string{"start", "finish", "runtime", "cost"} {
		if n := crit[name]; n < 1300 || n > 1700 { // 6000 draws, p = 1/4
			t.Errorf("criterion %s drawn %d times of 6000", name, n)
		}
	}
}

func TestCSS2014OwnedPriceDoesNotShiftOtherStreams(t *testing.T) {
	a := DefaultCSS2014Config()
	b := DefaultCSS2014Config()
	b.Nodes.Owned = &CSS2014OwnedNode{Node: 0, Performance: 6, Price: 2}
	ga, _ := NewCSS2014Generator(a, sim.NewStreams(9, 0))
	gb, _ := NewCSS2014Generator(b, sim.NewStreams(9, 0))
	for range 5 {
		ca, cb := ga.Next(), gb.Next()
		for i := 1; i < 24; i++ {
			if ca.List.Nodes[i] != cb.List.Nodes[i] {
				t.Fatal("the owned node's price changed another node")
			}
		}
		for i := range ca.Jobs {
			if ca.Jobs[i] != cb.Jobs[i] {
				t.Fatal("the owned node's price changed the batch")
			}
		}
	}
}

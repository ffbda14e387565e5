package toporkov

import (
	"errors"
	"math"
	"testing"

	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/model/slot"
	"github.com/schedsim/schedsim/sim"
)

func TestDefaultConfigIsThePapers(t *testing.T) {
	c := DefaultConfig()
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	s, j := c.Slots, c.Jobs
	if s.Count != (IntRange{120, 150}) || s.Length != (FloatRange{50, 300}) || s.Performance != (FloatRange{1, 3}) ||
		s.SameStart != 0.4 || s.Gap != (FloatRange{0, 10}) || s.PriceBase != 1.7 || s.PriceSpread != 0.25 {
		t.Errorf("slot defaults %+v", s)
	}
	if j.Count != (IntRange{3, 7}) || j.Nodes != (IntRange{1, 6}) || j.Length != (FloatRange{50, 150}) ||
		j.MinPerformance != (FloatRange{1, 2}) || j.MaxPrice != DefaultMaxPrice || j.Scaling != slot.ScaleWork {
		t.Errorf("job defaults %+v", j)
	}
}

func TestValidateNamesTheKey(t *testing.T) {
	cases := map[string]func(c *Config){
		"slots.count.min":             func(c *Config) { c.Slots.Count.Min = -1 },
		"slots.count.max":             func(c *Config) { c.Slots.Count.Max = 10 },
		"slots.length.min":            func(c *Config) { c.Slots.Length.Min = -5 },
		"slots.length.max":            func(c *Config) { c.Slots.Length.Max = math.Inf(1) },
		"slots.performance.min":       func(c *Config) { c.Slots.Performance.Min = 0 },
		"slots.performance":           func(c *Config) { c.Slots.PerformanceValues = ValuesInteger; c.Slots.Performance.Max = 2.5 },
		"slots.performance_values":    func(c *Config) { c.Slots.PerformanceValues = "normal" },
		"slots.same_start":            func(c *Config) { c.Slots.SameStart = 1.5 },
		"slots.gap.min":               func(c *Config) { c.Slots.Gap.Min = -1 },
		"slots.price_base":            func(c *Config) { c.Slots.PriceBase = 0 },
		"slots.price_spread":          func(c *Config) { c.Slots.PriceSpread = -0.1 },
		"jobs.count.max":              func(c *Config) { c.Jobs.Count.Max = 1 },
		"jobs.nodes.min":              func(c *Config) { c.Jobs.Nodes.Min = 0 },
		"jobs.length.min":             func(c *Config) { c.Jobs.Length.Min = 0 },
		"jobs.min_performance.min":    func(c *Config) { c.Jobs.MinPerformance.Min = -1 },
		"jobs.max_price":              func(c *Config) { c.Jobs.MaxPrice = -2 },
		"jobs.runtime_model":          func(c *Config) { c.Jobs.Scaling = "other" },
		"jobs.min_performance_values": func(c *Config) { c.Jobs.MinPerformanceValues = "x" },
	}
	for key, f := range cases {
		c := DefaultConfig()
		f(&c)
		err := c.Validate()
		var ce *model.FieldError
		if !errors.As(err, &ce) || ce.Path != key {
			t.Errorf("%s: err = %v", key, err)
		}
		if _, err := NewGenerator(c, sim.NewStreams(1, 0)); err == nil {
			t.Errorf("%s: NewGenerator accepted an invalid config", key)
		}
	}
}

func TestGeneratorFollowsTheConfig(t *testing.T) {
	for _, values := range []Values{ValuesContinuous, ValuesInteger} {
		c := DefaultConfig()
		c.Slots.PerformanceValues, c.Jobs.MinPerformanceValues = values, values
		g, err := NewGenerator(c, sim.NewStreams(7, 3))
		if err != nil {
			t.Fatal(err)
		}
		same, pairs, jobs := 0, 0, 0
		perfSeen := map[float64]bool{}
		for cycle := 0; cycle < 400; cycle++ {
			l, batch, err := g.Next()
			if err != nil {
				t.Fatal(err)
			}
			if err := l.Validate(); err != nil {
				t.Fatal(err)
			}
			if n := l.Len(); n < 120 || n > 150 || len(l.Nodes) != n {
				t.Fatalf("%d slots on %d nodes", n, len(l.Nodes))
			}
			for i, s := range l.Slots {
				nd := l.Nodes[s.Node]
				if s.Node != i {
					t.Fatalf("slot %d on node %d: every slot has a node of its own", i, s.Node)
				}
				if s.Length() < 50 || s.Length() > 300 {
					t.Fatalf("length %v", s.Length())
				}
				if nd.Performance < 1 || nd.Performance > 3 || values == ValuesInteger && nd.Performance != math.Trunc(nd.Performance) {
					t.Fatalf("performance %v (%s)", nd.Performance, values)
				}
				perfSeen[nd.Performance] = true
				p := math.Pow(1.7, nd.Performance)
				if nd.Price < 0.75*p-1e-12 || nd.Price > 1.25*p+1e-12 {
					t.Fatalf("price %v for performance %v", nd.Price, nd.Performance)
				}
				if i > 0 {
					d := s.Start - l.Slots[i-1].Start
					if d < 0 || d > 10 {
						t.Fatalf("gap %v", d)
					}
					pairs++
					if d == 0 {
						same++
					}
				} else if s.Start != 0 {
					t.Fatalf("first start %v", s.Start)
				}
			}
			if len(batch) < 3 || len(batch) > 7 {
				t.Fatalf("%d jobs", len(batch))
			}
			for _, j := range batch {
				jobs++
				if err := j.Validate(); err != nil {
					t.Fatal(err)
				}
				if j.Nodes < 1 || j.Nodes > 6 || j.Length < 50 || j.Length > 150 || j.MinPerformance < 1 || j.MinPerformance > 2 || j.MaxPrice != DefaultMaxPrice {
					t.Fatalf("job %+v", j)
				}
				if values == ValuesInteger && j.MinPerformance != math.Trunc(j.MinPerformance) {
					t.Fatalf("min performance %v", j.MinPerformance)
				}
			}
		}
		// P(same start) = 0.4: over ~54 000 pairs the share is 0.4 ± 0.007
		// (3.5 standard deviations).
		if f := float64(same) / float64(pairs); math.Abs(f-0.4) > 0.007 {
			t.Errorf("%s: same-start share %v", values, f)
		}
		if values == ValuesInteger && len(perfSeen) != 3 {
			t.Errorf("integer performances seen: %v", perfSeen)
		}
		if values == ValuesContinuous && len(perfSeen) < 1000 {
			t.Errorf("continuous performances: only %d distinct values", len(perfSeen))
		}
	}
}

func TestGeneratorStreamsAreDeterministicAndIndependent(t *testing.T) {
	a, _ := NewGenerator(DefaultConfig(), sim.NewStreams(5, 1))
	b, _ := NewGenerator(DefaultConfig(), sim.NewStreams(5, 1))
	c := DefaultConfig()
	c.Jobs.Count = IntRange{1, 2}
	c.Jobs.Length = FloatRange{10, 20}
	d, _ := NewGenerator(c, sim.NewStreams(5, 1))
	other, _ := NewGenerator(DefaultConfig(), sim.NewStreams(5, 2))
	differs := false
	for i := 0; i < 20; i++ {
		la, ja, _ := a.Next()
		lb, jb, _ := b.Next()
		ld, _, _ := d.Next()
		lo, _, _ := other.Next()
		if len(la.Slots) != len(lb.Slots) || len(ja) != len(jb) {
			t.Fatal("same seed, different cycles")
		}
		for k := range la.Slots {
			if la.Slots[k] != lb.Slots[k] || la.Nodes[k] != lb.Nodes[k] {
				t.Fatal("same seed, different slots")
			}
			if la.Slots[k] != ld.Slots[k] || la.Nodes[k] != ld.Nodes[k] {
				t.Fatal("changing the job generator shifted the slot streams")
			}
		}
		for k := range ja {
			if ja[k] != jb[k] {
				t.Fatal("same seed, different jobs")
			}
		}
		if len(lo.Slots) != len(la.Slots) || lo.Slots[1] != la.Slots[1] {
			differs = true
		}
	}
	if !differs {
		t.Error("replications 1 and 2 produced the same slot lists")
	}
}

func TestDegenerateRanges(t *testing.T) {
	c := DefaultConfig()
	c.Slots.Count = IntRange{0, 0}
	c.Jobs.Count = IntRange{0, 0}
	g, err := NewGenerator(c, sim.NewStreams(1, 0))
	if err != nil {
		t.Fatal(err)
	}
	l, jobs, err := g.Next()
	if err != nil || l.Len() != 0 || len(jobs) != 0 {
		t.Fatalf("empty cycle: %v %d %d", err, l.Len(), len(jobs))
	}
	c = DefaultConfig()
	c.Slots.Length = FloatRange{100, 100}
	c.Slots.SameStart = 1
	g, _ = NewGenerator(c, sim.NewStreams(1, 0))
	l, _, _ = g.Next()
	for _, s := range l.Slots {
		if s.Start != 0 || s.End != 100 {
			t.Fatalf("slot %v", s)
		}
	}
}

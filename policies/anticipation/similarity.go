package anticipation

import (
	"fmt"
	"math"

	"github.com/schedsim/schedsim/policies/css"
	"github.com/schedsim/schedsim/policies/slots"
)

// Distance says how the relative errors of a candidate window against
// the reference add up.
type Distance int

const (
	// Linear is D_l = E_1 + E_2 + …
	Linear Distance = iota
	// Geometric is D_g = sqrt(E_1² + E_2² + …).
	Geometric
)

// String returns "linear" or "geometric".
func (d Distance) String() string {
	if d == Geometric {
		return "geometric"
	}
	return "linear"
}

// ParseDistance returns the distance named "linear" or "geometric".
func ParseDistance(name string) (Distance, error) {
	switch name {
	case "linear":
		return Linear, nil
	case "geometric":
		return Geometric, nil
	}
	return 0, fmt.Errorf("anticipation: unknown distance %q (want linear or geometric)", name)
}

// Similarity is the execution-similarity criterion of the replication:
// which properties are compared, how their errors add up, and the least
// denominator of a relative error.
type Similarity struct {
	// Terms are the compared properties: any of css.Start, css.Finish,
	// css.Runtime, css.ProcTime, css.Cost. The paper's section 4.1 uses
	// Cost and ProcTime; section 4.2 adds Start.
	Terms []css.Property
	// Distance adds the errors up (Linear or Geometric).
	Distance Distance
	// Floor is the least denominator of a relative error
	// E = |ref − can| / max(|ref|, Floor), so that a reference value of
	// 0 (a start at the beginning of the interval) does not divide by
	// zero. The paper divides by the reference value; Floor 1 (one time
	// quantum) is the default of the experiments.
	Floor float64
	// AtReferenceStart makes the search also consider a window at the
	// reference's own start (or the start given to Scheduler.Schedule),
	// not only at the slot starts the paper's AEP scans: a reference
	// window still free on the list is then found exactly, even when
	// windows reserved before cut the slot that began there.
	AtReferenceStart bool
}

// Validate checks the terms, the distance and the floor.
func (s Similarity) Validate() error {
	if len(s.Terms) == 0 {
		return fmt.Errorf("anticipation: similarity needs at least one term")
	}
	for _, t := range s.Terms {
		switch t {
		case css.Start, css.Finish, css.Runtime, css.ProcTime, css.Cost:
		default:
			return fmt.Errorf("anticipation: %v cannot be a similarity term (want start, finish, runtime, proctime or cost)", t)
		}
	}
	if s.Distance != Linear && s.Distance != Geometric {
		return fmt.Errorf("anticipation: unknown distance %d", int(s.Distance))
	}
	if !(s.Floor > 0) || math.IsInf(s.Floor, 0) {
		return fmt.Errorf("anticipation: floor must be a finite number > 0 (got %v)", s.Floor)
	}
	return nil
}

// Of returns the distance between a window with the property values of
// can and the reference ref.
func (s Similarity) Of(can, ref css.Alternative) float64 {
	var v [6]float64
	for _, t := range s.Terms {
		v[t] = can.Value(t)
	}
	return s.of(&v, &ref)
}

func (s Similarity) of(v *[6]float64, ref *css.Alternative) float64 {
	d := 0.0
	for _, t := range s.Terms {
		r := ref.Value(t)
		e := math.Abs(r-v[t]) / math.Max(math.Abs(r), s.Floor)
		if s.Distance == Geometric {
			d += e * e
		} else {
			d += e
		}
	}
	if s.Distance == Geometric {
		return math.Sqrt(d)
	}
	return d
}

// criterion is the AEP criterion of the replication: at every scan
// position the window of least distance to the reference. Any N of the
// candidates form a window; it compares the windows of N candidates that
// are consecutive in cost order (cost and processor time move together
// along it) and, at the reference's own start, the reference's own
// nodes when they are all candidates there, so that a reference free on
// the list is found exactly.
type criterion struct {
	sim      Similarity
	ref      css.Alternative
	refNodes []int
	needMax  bool // a term needs the longest runtime of a window
	pos      []int
}

func newCriterion(sim Similarity, ref css.Alternative) *criterion {
	c := &criterion{sim: sim, ref: ref}
	for _, s := range ref.Window.Slots {
		c.refNodes = append(c.refNodes, s.Node)
	}
	for _, t := range sim.Terms {
		if t == css.Runtime || t == css.Finish {
			c.needMax = true
		}
	}
	return c
}

func (c *criterion) Name() string      { return "similarity" }
func (c *criterion) StopAtFirst() bool { return false }

func (c *criterion) Pick(start float64, n int, budget float64, cands []slots.Candidate, buf []int) (float64, []int, bool) {
	if len(cands) < n {
		return 0, nil, false
	}
	best, at := math.Inf(1), -1
	var v [6]float64
	v[css.Start] = start
	cost, proc := 0.0, 0.0
	for i, cd := range cands {
		cost += cd.Cost
		proc += cd.Runtime
		if i >= n {
			cost -= cands[i-n].Cost
			proc -= cands[i-n].Runtime
		}
		if i < n-1 || !(cost <= budget) {
			continue
		}
		v[css.Cost], v[css.ProcTime] = cost, proc
		if c.needMax {
			longest := 0.0
			for _, x := range cands[i-n+1 : i+1] {
				longest = math.Max(longest, x.Runtime)
			}
			v[css.Runtime], v[css.Finish] = longest, start+longest
		}
		if d := c.sim.of(&v, &c.ref); d < best {
			best, at = d, i-n+1
		}
	}
	buf = buf[:0]
	if at >= 0 {
		for i := at; i < at+n; i++ {
			buf = append(buf, i)
		}
	}
	if start == c.ref.Start && len(c.refNodes) == n {
		if d, ok := c.refWindow(start, budget, cands, &v); ok && d < best {
			best = d
			buf = append(buf[:0], c.pos...)
		}
	}
	if math.IsInf(best, 1) {
		return 0, nil, false
	}
	return best, buf, true
}

// refWindow evaluates the window on the reference's own nodes, leaving
// their candidate indices in c.pos; ok is false when one is missing or
// the budget is exceeded.
func (c *criterion) refWindow(start, budget float64, cands []slots.Candidate, v *[6]float64) (float64, bool) {
	c.pos = c.pos[:0]
	cost, proc, longest := 0.0, 0.0, 0.0
	for _, node := range c.refNodes {
		k := -1
		for i, cd := range cands {
			if cd.Slot.Node == node {
				k = i
				break
			}
		}
		if k < 0 {
			return 0, false
		}
		c.pos = append(c.pos, k)
		cost += cands[k].Cost
		proc += cands[k].Runtime
		longest = math.Max(longest, cands[k].Runtime)
	}
	if !(cost <= budget) {
		return 0, false
	}
	v[css.Cost], v[css.ProcTime], v[css.Runtime], v[css.Finish] = cost, proc, longest, start+longest
	return c.sim.of(v, &c.ref), true
}

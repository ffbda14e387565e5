package claims

import (
	"fmt"
	"strings"
)

// Claim is one statement of a paper about the results of a run, with the
// predicate that decides it. Exactly one of Best, Order, Peak, Difference
// and Within is set.
type Claim struct {
	// Name identifies the claim: unique in its scenario, [a-z0-9][a-z0-9-]*.
	Name string `yaml:"name" json:"name"`
	// Paper is the paper's words, short.
	Paper string `yaml:"paper" json:"paper"`
	// Source says where in the paper ("Fig. 5, line 212").
	Source string `yaml:"source,omitempty" json:"source,omitempty"`
	// Note is arithmetic, or why the claim cannot hold.
	Note string `yaml:"note,omitempty" json:"note,omitempty"`
	// Expect is the verdict the claim is expected to get: reproduced (the
	// default), not reproduced or not decidable.
	Expect string `yaml:"expect,omitempty" json:"expect,omitempty"`
	// Where fixes sweep axes: axis key -> label value.
	Where map[string]string `yaml:"where,omitempty" json:"where,omitempty"`

	Best       *Best       `yaml:"best,omitempty" json:"best,omitempty"`
	Order      *Order      `yaml:"order,omitempty" json:"order,omitempty"`
	Peak       *Peak       `yaml:"peak,omitempty" json:"peak,omitempty"`
	Difference *Difference `yaml:"difference,omitempty" json:"difference,omitempty"`
	Within     *Within     `yaml:"within,omitempty" json:"within,omitempty"`
}

// Best claims that Value of Axis has the least (Goal min) or the greatest
// (Goal max) Metric of all the values of Axis.
type Best struct {
	Metric string `yaml:"metric" json:"metric"`
	Axis   string `yaml:"axis" json:"axis"`
	Value  string `yaml:"value" json:"value"`
	Goal   string `yaml:"goal" json:"goal"`
}

// Order claims that Metric increases (or decreases, Goal) along Axis, in
// the sweep's order of its values or in the order of Values.
type Order struct {
	Metric string   `yaml:"metric" json:"metric"`
	Axis   string   `yaml:"axis" json:"axis"`
	Values []string `yaml:"values,omitempty" json:"values,omitempty"`
	Goal   string   `yaml:"goal" json:"goal"`
}

// Peak claims that Metric has its maximum (or minimum, Goal) at an inner
// value of the numeric Axis.
type Peak struct {
	Metric string `yaml:"metric" json:"metric"`
	Axis   string `yaml:"axis" json:"axis"`
	Goal   string `yaml:"goal" json:"goal"`
}

// Difference claims that Metric at A minus Metric at B (values of Axis) is
// at least AtLeast and at most AtMost; with neither, that it is > 0. With
// Relative the difference is 100·(A−B)/B in %.
type Difference struct {
	Metric   string   `yaml:"metric" json:"metric"`
	Axis     string   `yaml:"axis" json:"axis"`
	A        string   `yaml:"a" json:"a"`
	B        string   `yaml:"b" json:"b"`
	Relative bool     `yaml:"relative,omitempty" json:"relative,omitempty"`
	AtLeast  *float64 `yaml:"at_least,omitempty" json:"at_least,omitempty"`
	AtMost   *float64 `yaml:"at_most,omitempty" json:"at_most,omitempty"`
}

// Within claims that Metric lies within Tolerance of a reference
// (Reference, or else the point's own reference value) or inside Range.
type Within struct {
	Metric    string   `yaml:"metric" json:"metric"`
	Reference *float64 `yaml:"reference,omitempty" json:"reference,omitempty"`
	// Tolerance is "X%" (relative to |reference|) or an absolute number.
	Tolerance string    `yaml:"tolerance,omitempty" json:"tolerance,omitempty"`
	Range     []float64 `yaml:"range,omitempty" json:"range,omitempty"`
}

// The goals and the expected verdicts a claim may name.
var (
	bestGoals  = []string{"min", "max"}
	orderGoals = []string{"increasing", "decreasing"}
)

// kinds returns the names of the claim's predicates that are set.
func (c *Claim) kinds() []string {
	var out []string
	for _, k := range []struct {
		name string
		set  bool
	}{{"best", c.Best != nil}, {"order", c.Order != nil}, {"peak", c.Peak != nil}, {"difference", c.Difference != nil}, {"within", c.Within != nil}} {
		if k.set {
			out = append(out, k.name)
		}
	}
	return out
}

// metric returns the metric the predicate names.
func (c *Claim) metric() string {
	switch {
	case c.Best != nil:
		return c.Best.Metric
	case c.Order != nil:
		return c.Order.Metric
	case c.Peak != nil:
		return c.Peak.Metric
	case c.Difference != nil:
		return c.Difference.Metric
	case c.Within != nil:
		return c.Within.Metric
	}
	return ""
}

// axis returns the axis the predicate compares along ("" for within).
func (c *Claim) axis() string {
	switch {
	case c.Best != nil:
		return c.Best.Axis
	case c.Order != nil:
		return c.Order.Axis
	case c.Peak != nil:
		return c.Peak.Axis
	case c.Difference != nil:
		return c.Difference.Axis
	}
	return ""
}

// Expected returns the verdict the claim expects (reproduced by default).
func (c *Claim) Expected() Outcome {
	o, _ := ParseOutcome(c.Expect)
	return o
}

// Predicate is the claim's predicate in one line, e.g.
// "best mean_wait min: policy=coarp where jobs=5000".
func (c *Claim) Predicate() string {
	var s string
	switch {
	case c.Best != nil:
		s = fmt.Sprintf("best %s %s: %s=%s", c.Best.Metric, c.Best.Goal, c.Best.Axis, c.Best.Value)
	case c.Order != nil:
		s = fmt.Sprintf("order %s %s along %s", c.Order.Metric, c.Order.Goal, c.Order.Axis)
		if len(c.Order.Values) > 0 {
			s += " (" + strings.Join(c.Order.Values, ", ") + ")"
		}
	case c.Peak != nil:
		s = fmt.Sprintf("peak %s %s inside %s", c.Peak.Metric, c.Peak.Goal, c.Peak.Axis)
	case c.Difference != nil:
		d := c.Difference
		s = fmt.Sprintf("difference %s %s=%s − %s=%s", d.Metric, d.Axis, d.A, d.Axis, d.B)
		if d.Relative {
			s += " (relative, %)"
		}
		switch {
		case d.AtLeast != nil && d.AtMost != nil:
			s += fmt.Sprintf(" in [%g, %g]", *d.AtLeast, *d.AtMost)
		case d.AtLeast != nil:
			s += fmt.Sprintf(" ≥ %g", *d.AtLeast)
		case d.AtMost != nil:
			s += fmt.Sprintf(" ≤ %g", *d.AtMost)
		default:
			s += " > 0"
		}
	case c.Within != nil:
		w := c.Within
		switch {
		case len(w.Range) == 2:
			s = fmt.Sprintf("within %s in [%g, %g]", w.Metric, w.Range[0], w.Range[1])
		case w.Reference != nil:
			s = fmt.Sprintf("within %s %g ± %s", w.Metric, *w.Reference, w.Tolerance)
		default:
			s = fmt.Sprintf("within %s reference ± %s", w.Metric, w.Tolerance)
		}
	}
	if len(c.Where) > 0 {
		s += " where " + whereText(c.Where)
	}
	return s
}

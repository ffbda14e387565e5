package claims

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/results"
)

// Evaluate decides every claim on the report r. A claim is evaluated in
// each combination of the sweep axes that neither its where: fixes nor its
// predicate compares along, and its verdict is the worst of all of them
// (not reproduced, then not decidable, then reproduced). It is an error
// when a claim selects no point, names a metric or value the report lacks,
// or is a within: claim without a reference at a point.
func Evaluate(r *results.Report, cs []Claim) ([]Verdict, error) {
	var out []Verdict
	for i := range cs {
		v, err := evaluate(r, &cs[i])
		if err != nil {
			return nil, fmt.Errorf("claims: claims[%d] (%s): %w", i, cs[i].Name, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// group is the points of one combination of the free axes, by value of
// the compared axis.
type group struct {
	at     string // "at k=v …" ("" when no axis is free)
	points map[string]results.Point
	order  []string // values of the compared axis in report order
}

func evaluate(r *results.Report, c *Claim) (Verdict, error) {
	v := Verdict{Scenario: r.Scenario, Claim: c.Name, Paper: c.Paper, Source: c.Source, Predicate: c.Predicate(), Expected: c.Expected(), Note: c.Note}
	metric, axis := c.metric(), c.axis()
	unit := r.Info(metric).Unit
	groups := groupPoints(r, c.Where, axis)
	if len(groups) == 0 {
		return v, fmt.Errorf("no point of the run matches where: %s", whereText(c.Where))
	}
	var parts []part
	for _, g := range groups {
		ps, err := evaluateGroup(c, g, metric, axis, unit)
		if err != nil {
			return v, err
		}
		parts = append(parts, ps...)
	}
	if len(parts) == 0 {
		return v, fmt.Errorf("no comparison possible: the run has too few values of %s", axis)
	}
	v.Verdict = Reproduced
	for _, p := range parts {
		v.Verdict = worst(v.Verdict, p.outcome)
	}
	var texts []string
	for _, p := range parts {
		if p.outcome == v.Verdict {
			texts = append(texts, p.text)
		}
	}
	v.Numbers = strings.Join(texts, "; ")
	return v, nil
}

// whereText formats a where: mapping as "k=v k=v", keys sorted.
func whereText(where map[string]string) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(where)) {
		parts = append(parts, k+"="+where[k])
	}
	return strings.Join(parts, " ")
}

// groupPoints selects the points that match where and groups them by the
// values of the axes other than those of where and axis, in report order.
func groupPoints(r *results.Report, where map[string]string, axis string) []*group {
	var out []*group
	byKey := map[string]*group{}
next:
	for _, p := range r.Points {
		var free []string
		cmp := ""
		for _, l := range p.Labels {
			want, fixed := where[l.Key]
			switch {
			case fixed && want != l.Value:
				continue next
			case fixed:
			case l.Key == axis:
				cmp = l.Value
			default:
				free = append(free, l.Key+"="+l.Value)
			}
		}
		key := strings.Join(free, " ")
		g := byKey[key]
		if g == nil {
			g = &group{points: map[string]results.Point{}}
			if key != "" {
				g.at = " at " + key
			}
			byKey[key] = g
			out = append(out, g)
		}
		if axis == "" {
			// within: every point on its own
			cmp = strconv.Itoa(len(g.order))
		}
		if _, dup := g.points[cmp]; !dup {
			g.order = append(g.order, cmp)
		}
		g.points[cmp] = p
	}
	return out
}

func evaluateGroup(c *Claim, g *group, metric, axis, unit string) ([]part, error) {
	sum := map[string]results.Summary{}
	for val, p := range g.points {
		s, ok := p.Metric(metric)
		if !ok {
			return nil, fmt.Errorf("point %s has no metric %q", p.Name(), metric)
		}
		sum[val] = s
	}
	name := func(val string) string { return axis + "=" + val }
	var parts []part
	add := func(p part) {
		p.text += g.at
		parts = append(parts, p)
	}
	switch {
	case c.Best != nil:
		b := c.Best
		best, ok := sum[b.Value]
		if !ok {
			return nil, fmt.Errorf("the run has no point with %s", name(b.Value))
		}
		want := "<"
		if b.Goal == "max" {
			want = ">"
		}
		for _, val := range g.order {
			if val != b.Value {
				add(ordered(name(b.Value), best, want, name(val), sum[val], unit))
			}
		}
	case c.Order != nil:
		o := c.Order
		vals := o.Values
		if len(vals) == 0 {
			vals = g.order
		}
		want := "<"
		if o.Goal == "decreasing" {
			want = ">"
		}
		for i := 0; i+1 < len(vals); i++ {
			for _, v := range vals[i : i+2] {
				if _, ok := sum[v]; !ok {
					return nil, fmt.Errorf("the run has no point with %s", name(v))
				}
			}
			add(ordered(name(vals[i]), sum[vals[i]], want, name(vals[i+1]), sum[vals[i+1]], unit))
		}
	case c.Peak != nil:
		p, err := peak(c.Peak, g, sum, unit)
		if err != nil {
			return nil, err
		}
		add(p)
	case c.Difference != nil:
		d := c.Difference
		a, okA := sum[d.A]
		b, okB := sum[d.B]
		if !okA || !okB {
			return nil, fmt.Errorf("the run has no point with %s and %s", name(d.A), name(d.B))
		}
		add(differencePart(d, a, b, unit))
	case c.Within != nil:
		for _, val := range g.order {
			p, err := within(c.Within, sum[val], unit)
			if err != nil {
				return nil, fmt.Errorf("point %s: %w", g.points[val].Name(), err)
			}
			if n := g.points[val].Name(); n != "" && g.at == "" {
				p.text += " at " + n
			}
			add(p)
		}
	}
	return parts, nil
}

// peak decides that the extreme of the means lies at an inner value of
// the numeric axis and beats both end values pairwise.
func peak(pk *Peak, g *group, sum map[string]results.Summary, unit string) (part, error) {
	vals := slices.Clone(g.order)
	if len(vals) < 3 {
		return part{}, fmt.Errorf("peak: %d values of %s: need at least 3", len(vals), pk.Axis)
	}
	x := func(v string) float64 { f, _ := strconv.ParseFloat(v, 64); return f }
	sort.SliceStable(vals, func(i, j int) bool { return x(vals[i]) < x(vals[j]) })
	better := func(a, b float64) bool {
		if pk.Goal == "min" {
			return a < b
		}
		return a > b
	}
	want := ">"
	if pk.Goal == "min" {
		want = "<"
	}
	ext := -1
	for i, v := range vals {
		m := sum[v].Mean
		if !math.IsNaN(m) && (ext < 0 || better(m, sum[vals[ext]].Mean)) {
			ext = i
		}
	}
	name := func(v string) string { return pk.Axis + "=" + v }
	if ext < 0 {
		return part{NotDecidable, "undefined at every value of " + pk.Axis}, nil
	}
	last := len(vals) - 1
	if ext == 0 || ext == last {
		// The means put the extreme at an end: the best inner value is
		// compared with it.
		inner := 1
		for i := 2; i < last; i++ {
			if better(sum[vals[i]].Mean, sum[vals[inner]].Mean) {
				inner = i
			}
		}
		p := ordered(name(vals[inner]), sum[vals[inner]], want, name(vals[ext]), sum[vals[ext]], unit)
		if p.outcome == Reproduced {
			p.outcome = NotDecidable
		}
		p.text = fmt.Sprintf("%s at the end %s: %s", pk.Goal, name(vals[ext]), p.text)
		return p, nil
	}
	a := ordered(name(vals[ext]), sum[vals[ext]], want, name(vals[0]), sum[vals[0]], unit)
	b := ordered(name(vals[ext]), sum[vals[ext]], want, name(vals[last]), sum[vals[last]], unit)
	return part{worst(a.outcome, b.outcome), fmt.Sprintf("%s inside at %s: %s, %s", pk.Goal, name(vals[ext]), a.text, b.text)}, nil
}

func differencePart(d *Difference, a, b results.Summary, unit string) part {
	dl := difference(a, b, d.Relative)
	dunit := unit
	if d.Relative {
		dunit = "%"
	}
	o := Reproduced
	var bounds []string
	if d.AtLeast == nil && d.AtMost == nil {
		o = above(dl, 0, true)
		bounds = append(bounds, "> 0")
	}
	if d.AtLeast != nil {
		o = worst(o, above(dl, *d.AtLeast, false))
		bounds = append(bounds, "≥ "+num(*d.AtLeast))
	}
	if d.AtMost != nil {
		o = worst(o, below(dl, *d.AtMost, false))
		bounds = append(bounds, "≤ "+num(*d.AtMost))
	}
	return part{o, fmt.Sprintf("%s=%s %s, %s=%s %s%s: %s%s, want %s", d.Axis, d.A, value(a), d.Axis, d.B, value(b), unitNote(unit),
		deltaText(dl), unitNote(dunit), strings.Join(bounds, " and "))}
}

// within decides that the mean lies inside the band: not decidable when it
// is outside but its CI reaches the band.
func within(w *Within, s results.Summary, unit string) (part, error) {
	var lo, hi float64
	var band string
	if len(w.Range) == 2 {
		lo, hi = w.Range[0], w.Range[1]
		band = fmt.Sprintf("[%s, %s]", num(lo), num(hi))
	} else {
		ref := s.Reference
		if w.Reference != nil {
			ref = *w.Reference
		}
		if math.IsNaN(ref) {
			return part{}, fmt.Errorf("metric %s has no reference value here: give within.reference", s.Name)
		}
		tol, relative, err := parseTolerance(w.Tolerance)
		if err != nil {
			return part{}, err
		}
		abs := tol
		if relative {
			abs = tol * math.Abs(ref)
		}
		lo, hi = ref-abs, ref+abs
		band = fmt.Sprintf("[%s, %s] = reference %s ± %s", num(lo), num(hi), num(ref), strings.TrimSpace(w.Tolerance))
	}
	m, h := s.Mean, zeroNaN(s.HalfWidth)
	o := NotReproduced
	switch {
	case math.IsNaN(m):
		o = NotDecidable
	case m >= lo && m <= hi:
		o = Reproduced
	case m+h >= lo && m-h <= hi:
		o = NotDecidable
	}
	rel := "outside"
	if o == Reproduced {
		rel = "in"
	}
	return part{o, fmt.Sprintf("%s %s %s%s", value(s), rel, band, unitNote(unit))}, nil
}

package claims

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/schedsim/schedsim/internal/suggest"
	"github.com/schedsim/schedsim/model"
	"github.com/schedsim/schedsim/results"
)

// Axis is a sweep axis: its key and its values' labels in sweep order.
type Axis struct {
	Key    string
	Values []string
}

// AxesOf returns the sweep axes of points given by their labels: the keys
// in the order of the first point's labels, the values in their order of
// first appearance (the sweep's order).
func AxesOf(points [][]results.Label) []Axis {
	var axes []Axis
	index := map[string]int{}
	for _, ls := range points {
		for _, l := range ls {
			i, ok := index[l.Key]
			if !ok {
				i = len(axes)
				index[l.Key] = i
				axes = append(axes, Axis{Key: l.Key})
			}
			if !slices.Contains(axes[i].Values, l.Value) {
				axes[i].Values = append(axes[i].Values, l.Value)
			}
		}
	}
	return axes
}

var namePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// Validate checks claims against the run's metric names and sweep axes.
// The first problem is returned as a *model.FieldError whose path starts
// at "claims[i]" (claims[3].best.metric, say).
func Validate(cs []Claim, metrics []string, axes []Axis) error {
	seen := map[string]int{}
	for i := range cs {
		path := fmt.Sprintf("claims[%d]", i)
		if err := validateClaim(&cs[i], metrics, axes); err != nil {
			return model.Under(path, err)
		}
		if j, ok := seen[cs[i].Name]; ok {
			return model.Field(path+".name", "%q is also the name of claims[%d]: names are unique", cs[i].Name, j)
		}
		seen[cs[i].Name] = i
	}
	return nil
}

func validateClaim(c *Claim, metrics []string, axes []Axis) error {
	switch {
	case c.Name == "":
		return model.Field("name", "required")
	case !namePattern.MatchString(c.Name):
		return model.Field("name", "%q: use lower-case letters, digits and '-', starting with a letter or digit", c.Name)
	case strings.TrimSpace(c.Paper) == "":
		return model.Field("paper", "required (the paper's words, short)")
	}
	if _, ok := ParseOutcome(c.Expect); !ok {
		return model.OneOf("expect", c.Expect, outcomeNames...)
	}
	kinds := c.kinds()
	switch len(kinds) {
	case 0:
		return model.Field("", "needs one predicate: best, order, peak, difference or within")
	case 1:
	default:
		return model.Field(kinds[1], "a claim has exactly one predicate (this one also has %s)", kinds[0])
	}
	byKey := map[string][]string{}
	var keys []string
	for _, a := range axes {
		byKey[a.Key] = a.Values
		keys = append(keys, a.Key)
	}
	axisErr := func(path, key string) error {
		if len(keys) == 0 {
			return model.Field(path, "%q: the run has no sweep axis", key)
		}
		return model.Field(path, "unknown axis %q%s (want one of %s)", key, suggest.DidYouMean(key, keys), strings.Join(keys, ", "))
	}
	valueErr := func(path, key, v string) error {
		if _, ok := byKey[key]; !ok {
			return nil
		}
		if slices.Contains(byKey[key], v) {
			return nil
		}
		return model.Field(path, "axis %s has no value %q%s (want one of %s)", key, v, suggest.DidYouMean(v, byKey[key]), strings.Join(byKey[key], ", "))
	}
	for _, k := range slices.Sorted(maps.Keys(c.Where)) {
		if _, ok := byKey[k]; !ok {
			return axisErr("where."+k, k)
		}
		if err := valueErr("where."+k, k, c.Where[k]); err != nil {
			return err
		}
	}
	kind := kinds[0]
	if m := c.metric(); m == "" {
		return model.Field(kind+".metric", "required")
	} else if !slices.Contains(metrics, m) {
		return model.Field(kind+".metric", "unknown metric %q%s (want one of %s)", m, suggest.DidYouMean(m, metrics), strings.Join(metrics, ", "))
	}
	if kind != "within" {
		a := c.axis()
		switch _, ok := byKey[a]; {
		case a == "":
			return model.Field(kind+".axis", "required (a sweep axis: %s)", strings.Join(keys, ", "))
		case !ok:
			return axisErr(kind+".axis", a)
		case c.Where[a] != "":
			return model.Field(kind+".axis", "%q is also fixed by where: compare along an axis that is not fixed", a)
		}
	}
	switch kind {
	case "best":
		b := c.Best
		return model.FirstError(
			required(kind+".value", b.Value), valueErr(kind+".value", b.Axis, b.Value),
			model.OneOf(kind+".goal", b.Goal, bestGoals...),
			atLeastValues(kind+".axis", b.Axis, byKey[b.Axis], 2))
	case "order":
		o := c.Order
		if err := model.OneOf(kind+".goal", o.Goal, orderGoals...); err != nil {
			return err
		}
		if len(o.Values) == 0 {
			return atLeastValues(kind+".axis", o.Axis, byKey[o.Axis], 2)
		}
		if len(o.Values) < 2 {
			return model.Field(kind+".values", "give at least two values to order")
		}
		for j, v := range o.Values {
			if err := valueErr(fmt.Sprintf("%s.values[%d]", kind, j), o.Axis, v); err != nil {
				return err
			}
			if slices.Index(o.Values, v) != j {
				return model.Field(fmt.Sprintf("%s.values[%d]", kind, j), "%q appears twice", v)
			}
		}
	case "peak":
		p := c.Peak
		if err := model.OneOf(kind+".goal", p.Goal, bestGoals...); err != nil {
			return err
		}
		if err := atLeastValues(kind+".axis", p.Axis, byKey[p.Axis], 3); err != nil {
			return err
		}
		for _, v := range byKey[p.Axis] {
			if _, err := strconv.ParseFloat(v, 64); err != nil {
				return model.Field(kind+".axis", "axis %s has the non-numeric value %q: a peak needs a numeric axis", p.Axis, v)
			}
		}
	case "difference":
		d := c.Difference
		if err := model.FirstError(required(kind+".a", d.A), valueErr(kind+".a", d.Axis, d.A),
			required(kind+".b", d.B), valueErr(kind+".b", d.Axis, d.B)); err != nil {
			return err
		}
		if d.A == d.B {
			return model.Field(kind+".b", "%q is also a: compare two different values", d.B)
		}
		for _, x := range []struct {
			key string
			v   *float64
		}{{"at_least", d.AtLeast}, {"at_most", d.AtMost}} {
			if x.v != nil && (math.IsNaN(*x.v) || math.IsInf(*x.v, 0)) {
				return model.Field(kind+"."+x.key, "must be a finite number (got %v)", *x.v)
			}
		}
		if d.AtLeast != nil && d.AtMost != nil && *d.AtLeast > *d.AtMost {
			return model.Field(kind+".at_most", "must be ≥ at_least %g (got %g)", *d.AtLeast, *d.AtMost)
		}
	case "within":
		return validateWithin(c.Within)
	}
	return nil
}

func validateWithin(w *Within) error {
	switch {
	case w.Range != nil && (w.Tolerance != "" || w.Reference != nil):
		return model.Field("within.range", "excludes tolerance and reference: give a range, or a tolerance around a reference")
	case w.Range != nil:
		if len(w.Range) != 2 {
			return model.Field("within.range", "must be [low, high] (got %d numbers)", len(w.Range))
		}
		lo, hi := w.Range[0], w.Range[1]
		if math.IsNaN(lo) || math.IsNaN(hi) || lo > hi {
			return model.Field("within.range", "must be [low, high] with low ≤ high (got [%v, %v])", lo, hi)
		}
		return nil
	case w.Tolerance == "":
		return model.Field("within.tolerance", "required (\"X%%\" of the reference or an absolute number), or give range: [low, high]")
	}
	if _, _, err := parseTolerance(w.Tolerance); err != nil {
		return model.Under("within.tolerance", err)
	}
	if w.Reference != nil && (math.IsNaN(*w.Reference) || math.IsInf(*w.Reference, 0)) {
		return model.Field("within.reference", "must be a finite number (got %v)", *w.Reference)
	}
	return nil
}

// parseTolerance reads "X%" (relative) or "X" (absolute), X ≥ 0 finite.
func parseTolerance(s string) (x float64, relative bool, err error) {
	num, relative := strings.CutSuffix(strings.TrimSpace(s), "%")
	x, perr := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if perr != nil || !(x >= 0) || math.IsInf(x, 0) {
		return 0, false, model.Field("", "%q: want \"X%%\" (relative to the reference) or an absolute number X, X ≥ 0", s)
	}
	if relative {
		x /= 100
	}
	return x, relative, nil
}

func required(path, v string) error {
	if v == "" {
		return model.Field(path, "required")
	}
	return nil
}

func atLeastValues(path, axis string, values []string, n int) error {
	if len(values) < n {
		return model.Field(path, "axis %s has %d value(s): this predicate needs at least %d", axis, len(values), n)
	}
	return nil
}

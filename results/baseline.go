package results

import (
	"fmt"
	"math"
	"strings"
)

// CheckBaseline checks that baseline, "key=value", names a value of a
// sweep axis of the points (given by their labels); the error lists the
// allowed values.
func CheckBaseline(baseline string, points [][]Label) error {
	key, value, ok := strings.Cut(baseline, "=")
	seen := map[string]bool{}
	var allowed []string
	for _, ls := range points {
		for _, l := range ls {
			kv := l.Key + "=" + l.Value
			if ok && l.Key == key && l.Value == value {
				return nil
			}
			if !seen[kv] {
				seen[kv] = true
				allowed = append(allowed, kv)
			}
		}
	}
	if len(allowed) == 0 {
		return fmt.Errorf("results: baseline %q: the run has no sweep axis to compare along", baseline)
	}
	return fmt.Errorf("results: baseline %q names no point (allowed: %s)", baseline, strings.Join(allowed, ", "))
}

// differences draws, for every metric that is not constant, the paired
// differences of each point minus the baseline point that has the same
// values of the other axes: replication i of both ran on the same random
// numbers, so the mean of the differences and its 95% confidence interval
// compare the two far more sharply than two separate intervals.
func (o PlotOptions) differences(dir string, r *Report) ([]Figure, error) {
	var labels [][]Label
	for _, p := range r.Points {
		labels = append(labels, p.Labels)
	}
	if err := CheckBaseline(o.Baseline, labels); err != nil {
		return nil, err
	}
	key, value, _ := strings.Cut(o.Baseline, "=")
	// The axis that groups the bars: the first other axis of 2+ values.
	group := ""
	for a, l := range r.Points[0].Labels {
		if vals, _ := axisValues(r, a); l.Key != key && len(vals) > 1 {
			group = l.Key
			break
		}
	}
	var figs []Figure
	for _, g := range groupPoints(r, func(k string) bool { return k != key && k != group }) {
		// The baselines of this file, by value of the group axis.
		base := map[string]Point{}
		for _, p := range g.points {
			if v, _ := p.Label(key); v == value {
				gv, _ := p.Label(group)
				base[gv] = p
			}
		}
		for _, m := range r.Points[0].Summaries {
			c := dotChart{
				title: fmt.Sprintf("%s minus %s (paired, 95%% CI)", o.metricTitle(r, []string{m.Name}, g.where), seriesName(r, key, value)),
				x:     axisName(r, key), y: "difference in " + o.axisTitle(m.Name),
				zero: true,
			}
			varies := false
			for _, p := range g.points {
				v, _ := p.Label(key)
				gv, _ := p.Label(group)
				b, ok := base[gv]
				if v == value || !ok {
					continue
				}
				s, _ := p.Metric(m.Name)
				bs, _ := b.Metric(m.Name)
				d := pairedDifference(m.Name, s.Values, bs.Values)
				varies = varies || d.Mean != 0 || d.HalfWidth > 0
				gname := ""
				if group != "" {
					gname = seriesName(r, group, gv)
				}
				c.add(ValueLabel(v), gname, d)
			}
			if !varies || len(c.cats) == 0 {
				continue
			}
			name := fileName("diff_"+m.Name, g.key)
			fig, err := o.drawDots(dir, name, r.InterruptedNote(), c)
			if err != nil {
				return nil, fmt.Errorf("figure %s: %w", name, err)
			}
			figs = append(figs, fig)
		}
	}
	return figs, nil
}

// pairedDifference summarises x[i] − y[i] over the replications where
// both are defined.
func pairedDifference(name string, x, y []float64) Summary {
	var d []float64
	for i := range min(len(x), len(y)) {
		if v := x[i] - y[i]; !math.IsNaN(v) && !math.IsInf(v, 0) {
			d = append(d, v)
		}
	}
	return Describe(name, d)
}

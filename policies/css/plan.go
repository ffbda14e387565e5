package css

import "math"

// Plan is the outcome of scheduling one batch: every job's alternatives
// and the one chosen for it, if any.
type Plan struct {
	// Alternatives holds each job's alternatives, with their utilities.
	Alternatives [][]Alternative
	// Chosen[i] is the index of job i's chosen alternative, −1 when the
	// job has none (it found no window, or the problem was infeasible).
	Chosen []int
}

// Choice returns job i's chosen alternative; ok is false when it has
// none.
func (p Plan) Choice(i int) (a Alternative, ok bool) {
	if i < 0 || i >= len(p.Chosen) || p.Chosen[i] < 0 {
		return Alternative{}, false
	}
	return p.Alternatives[i][p.Chosen[i]], true
}

// Scheduled returns the number of jobs with a chosen alternative.
func (p Plan) Scheduled() int {
	n := 0
	for _, k := range p.Chosen {
		if k >= 0 {
			n++
		}
	}
	return n
}

// Mean returns the mean of property q over the chosen alternatives (NaN
// when none is chosen).
func (p Plan) Mean(q Property) float64 {
	sum, n := 0.0, 0
	for i := range p.Chosen {
		if a, ok := p.Choice(i); ok {
			sum += a.Value(q)
			n++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return sum / float64(n)
}

// single returns a plan in which every job has at most one alternative,
// chosen when present.
func single(alts []Alternative, found []bool) Plan {
	p := Plan{Alternatives: make([][]Alternative, len(alts)), Chosen: make([]int, len(alts))}
	for i := range alts {
		p.Chosen[i] = -1
		if found[i] {
			p.Alternatives[i] = alts[i : i+1 : i+1]
			p.Chosen[i] = 0
		}
	}
	return p
}

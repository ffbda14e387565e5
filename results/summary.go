package results

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Confidence is the level of the confidence intervals schedsim reports.
const Confidence = 0.95

// Summary is the statistics of one metric over the replications of one
// scenario point.
type Summary struct {
	Name string `json:"name"`
	// N is the number of replications.
	N    int     `json:"n"`
	Mean float64 `json:"mean"`
	// SD is the sample standard deviation (0 for one replication).
	SD float64 `json:"sd"`
	// HalfWidth is the half-width of the 95% Student-t confidence
	// interval of the mean (NaN for fewer than two replications).
	HalfWidth float64 `json:"ci_half_width"`
	Min       float64 `json:"min"`
	Max       float64 `json:"max"`
	// Reference is an analytic or published value to compare with, NaN
	// when there is none.
	Reference float64 `json:"reference"`
	// Undefined is the number of replications whose value was NaN or
	// ±Inf (a ratio over nothing, say, 0/0): they are left out of the
	// statistics, which describe the other N − Undefined values, and every
	// output says so.
	Undefined int `json:"undefined_replications,omitempty"`
	// Values are the replications' values in replication order
	// (undefined ones included), for paired comparisons between points
	// that share random numbers. They are in no output file.
	Values []float64 `json:"-"`
	// PopulationUsers is, when the replications replayed user bootstraps
	// of a trace, the number of users of the bootstrap's smaller stratum:
	// it bounds the population interval's degrees of freedom
	// (PopulationHalfWidth). 0 otherwise.
	PopulationUsers int `json:"-"`
}

// UndefinedNote explains the undefined values of a summary: "" when there
// are none.
func (s Summary) UndefinedNote() string {
	switch {
	case s.Undefined == 0:
		return ""
	case s.Undefined == 1 && s.N == 1:
		return "undefined in its one replication (NaN or ±Inf, e.g. 0/0: nothing to average)"
	case s.Undefined == s.N:
		return fmt.Sprintf("undefined in all %d replications (NaN or ±Inf, e.g. 0/0: nothing to average)", s.N)
	}
	return fmt.Sprintf("undefined in %d of %d replications (NaN or ±Inf, e.g. 0/0: nothing to average); the statistics use the other %d", s.Undefined, s.N, s.N-s.Undefined)
}

// Low returns the lower end of the confidence interval.
func (s Summary) Low() float64 { return s.Mean - s.HalfWidth }

// High returns the upper end of the confidence interval.
func (s Summary) High() float64 { return s.Mean + s.HalfWidth }

// Contains reports whether x lies inside the confidence interval.
func (s Summary) Contains(x float64) bool { return x >= s.Low() && x <= s.High() }

// HasReference reports whether the summary carries a reference value.
func (s Summary) HasReference() bool { return !math.IsNaN(s.Reference) }

// TQuantile returns the two-sided Student-t quantile for the given
// confidence level and degrees of freedom (gonum's distuv.StudentsT).
func TQuantile(confidence float64, df int) float64 {
	return distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(df), Src: nil}.Quantile(1 - (1-confidence)/2)
}

// Summarize computes the statistics of every metric over the replications
// of one point. Every replication must report the same metric names in the
// same order. refs, which may be nil, gives reference values by name.
func Summarize(reps []Metrics, refs map[string]float64) ([]Summary, error) {
	if len(reps) == 0 {
		return nil, fmt.Errorf("results: no replication finished")
	}
	first := reps[0]
	for r, m := range reps {
		if len(m) != len(first) {
			return nil, fmt.Errorf("results: replication %d reports %d metrics, replication 0 reports %d", r, len(m), len(first))
		}
		for i := range m {
			if m[i].Name != first[i].Name {
				return nil, fmt.Errorf("results: replication %d metric %d is %q, replication 0 has %q", r, i, m[i].Name, first[i].Name)
			}
		}
	}
	out := make([]Summary, len(first))
	xs := make([]float64, len(reps))
	for i, m := range first {
		for r := range reps {
			xs[r] = reps[r][i].Value
		}
		out[i] = Describe(m.Name, xs)
		out[i].Reference = math.NaN()
		if v, ok := refs[m.Name]; ok {
			out[i].Reference = v
		}
	}
	return out, nil
}

// Describe computes the statistics of one sample. NaN and ±Inf values are
// counted as Undefined and left out.
func Describe(name string, xs []float64) Summary {
	s := Summary{Name: name, N: len(xs), HalfWidth: math.NaN(), Reference: math.NaN(), Values: append([]float64(nil), xs...)}
	finite := make([]float64, 0, len(xs))
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			s.Undefined++
		} else {
			finite = append(finite, x)
		}
	}
	xs = finite
	if len(xs) == 0 {
		s.Mean, s.Min, s.Max = math.NaN(), math.NaN(), math.NaN()
		return s
	}
	s.Mean = stat.Mean(xs, nil)
	s.Min, s.Max = xs[0], xs[0]
	for _, x := range xs {
		s.Min = math.Min(s.Min, x)
		s.Max = math.Max(s.Max, x)
	}
	if len(xs) > 1 {
		s.SD = stat.StdDev(xs, nil)
		s.HalfWidth = TQuantile(Confidence, len(xs)-1) * s.SD / math.Sqrt(float64(len(xs)))
	}
	return s
}

package results

import "math"

// PopulationHalfWidth returns the half-width of the 95% population
// interval of a metric whose n replications replayed bootstrap workloads
// of one trace (the user bootstrap of workloads/replicate): t(n−1) · sd ·
// √(1 + 1/n), around the mean of the replications. sd, the spread of the
// metric over bootstrap workloads, estimates its spread over traces of the
// population the trace came from; the mean of the n replications misses
// the population's value by that spread plus its own sampling error,
// sd/√n, hence the factor. Unlike the replication CI (t · sd/√n), it does
// not shrink as replications are added: it is an interval for the
// population, not for the mean over this trace's bootstrap workloads. NaN
// for fewer than two replications. See
// docs/explanation/trace-replications.md.
func PopulationHalfWidth(sd float64, n int) float64 {
	if n < 2 {
		return math.NaN()
	}
	return TQuantile(Confidence, n-1) * sd * math.Sqrt(1+1/float64(n))
}

// PopulationHalfWidth returns the half-width of the summary's population
// interval (PopulationHalfWidth over its defined values).
func (s Summary) PopulationHalfWidth() float64 {
	return PopulationHalfWidth(s.SD, s.N-s.Undefined)
}

// PopulationLow returns the lower end of the population interval.
func (s Summary) PopulationLow() float64 { return s.Mean - s.PopulationHalfWidth() }

// PopulationHigh returns the upper end of the population interval.
func (s Summary) PopulationHigh() float64 { return s.Mean + s.PopulationHalfWidth() }

// PopulationColumns are the columns summary.csv and summary.json add, at
// the end of every row, when the report's replications are bootstrap
// workloads (Report.PopulationCI).
var PopulationColumns = []string{"population_ci_half_width", "population_ci_low", "population_ci_high"}

// populationCaption names the population intervals in the text tables.
const populationCaption = "mean ± 95% population interval half-width (user bootstrap: an interval for the population the trace came from; the CI above is for the mean over this trace's bootstrap workloads)"

// populationView returns a copy of the report whose half-widths are the
// population intervals', for the text tables.
func (r *Report) populationView() *Report {
	c := *r
	c.Points = make([]Point, len(r.Points))
	for i, p := range r.Points {
		c.Points[i] = p
		c.Points[i].Summaries = make([]Summary, len(p.Summaries))
		for j, s := range p.Summaries {
			s.HalfWidth = s.PopulationHalfWidth()
			c.Points[i].Summaries[j] = s
		}
	}
	return &c
}

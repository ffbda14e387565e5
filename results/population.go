package results

import "math"

// PopulationHalfWidth returns the half-width of the 95% population
// interval of a metric whose n replications replayed bootstrap workloads
// of one trace (the user bootstrap of workloads/replicate), users being
// the number of users in the bootstrap's smaller stratum (its long-term
// or its temporary users, whichever are fewer, counting a stratum only
// from two users; 0 when unknown): t(ν) · sd · √(1 + 1/n), around the
// mean of the replications, with ν = min(n, users) − 1 degrees of freedom.
//
// sd, the spread of the metric over bootstrap workloads, estimates its
// spread over traces of the population the trace came from; the mean of
// the n replications misses the population's value by that spread plus
// its own sampling error, sd/√n, hence the factor. Unlike the replication
// CI (t · sd/√n), it does not shrink as replications are added: it is an
// interval for the population, not for the mean over this trace's
// bootstrap workloads. The degrees of freedom are Student's argument
// applied to what sd is estimated from: however many replications there
// are, they all resample the same users, so sd carries no more
// information than a spread over that many users; with two strata the
// Welch–Satterthwaite degrees of freedom lie between the smaller
// stratum's and the sum, and the smaller is the conservative choice
// (Bickel & Freedman 1984 on the bootstrap in small strata). NaN for
// fewer than two replications. See docs/explanation/trace-replications.md
// for its measured coverage.
func PopulationHalfWidth(sd float64, n, users int) float64 {
	if n < 2 {
		return math.NaN()
	}
	df := n - 1
	if users >= 2 && users < n {
		df = users - 1
	}
	return TQuantile(Confidence, df) * sd * math.Sqrt(1+1/float64(n))
}

// PopulationHalfWidth returns the half-width of the summary's population
// interval (PopulationHalfWidth over its defined values and its
// PopulationUsers).
func (s Summary) PopulationHalfWidth() float64 {
	return PopulationHalfWidth(s.SD, s.N-s.Undefined, s.PopulationUsers)
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

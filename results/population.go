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

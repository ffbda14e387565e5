package replicate

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/stat"

	"github.com/schedsim/schedsim/workloads/swf"
)

// Profile is what Zakay & Feitelson compare between a trace and its
// resamplings, for one workload: its users, the distributions of job
// size, run time and inter-arrival time, the daily and weekly arrival
// cycles and the long-range dependence of the arrivals.
type Profile struct {
	// Jobs is the number of usable jobs the statistics describe (those a
	// Pool keeps: plausible submit and run times, 1 to procs processors).
	Jobs int
	// Users is the number of distinct user ids (-1, unknown, counts as
	// one user).
	Users int
	// Weeks is the span from the first to the last submit, in weeks.
	Weeks float64
	// UsersPerWeek is the mean number of distinct users active in a week
	// (weeks counted from the first submit, those with a job only).
	UsersPerWeek float64
	// Size (processors), RunTime (seconds) and Gap (the seconds between
	// consecutive submits) summarise the distributions.
	Size, RunTime, Gap Spread
	// Hour is the share of the arrivals in each hour of the day, Weekday
	// in each day of the week, counted from submit time 0 (the log's
	// start: SWF times are seconds from it).
	Hour    [24]float64
	Weekday [7]float64
	// Hurst is the Hurst parameter of the arrivals per hour (Hurst), NaN
	// for a span under 64 hours.
	Hurst float64
}

// Spread is the mean, median and 90th percentile of a distribution.
type Spread struct{ Mean, Median, P90 float64 }

func spread(xs []float64) Spread {
	if len(xs) == 0 {
		return Spread{math.NaN(), math.NaN(), math.NaN()}
	}
	slices.Sort(xs)
	return Spread{stat.Mean(xs, nil), stat.Quantile(0.5, stat.Empirical, xs, nil), stat.Quantile(0.9, stat.Empirical, xs, nil)}
}

// NewProfile computes the profile of the usable jobs of recs on a machine
// of procs processors; recs need not be sorted and are not modified.
func NewProfile(recs []swf.Record, procs int) Profile {
	var p Profile
	var size, run, submits []float64
	users := map[int]bool{}
	for _, r := range recs {
		if !usable(r, procs) {
			continue
		}
		size = append(size, float64(r.Procs()))
		run = append(run, r.RunTime)
		submits = append(submits, r.Submit)
		users[r.User] = true
		p.Hour[int(math.Mod(r.Submit, swf.SecondsPerDay)/3600)]++
		p.Weekday[int(math.Mod(r.Submit, SecondsPerWeek)/swf.SecondsPerDay)]++
	}
	p.Jobs, p.Users, p.Hurst = len(submits), len(users), math.NaN()
	p.Size, p.RunTime = spread(size), spread(run)
	if p.Jobs == 0 {
		p.Gap, p.Weeks, p.UsersPerWeek = spread(nil), math.NaN(), math.NaN()
		return p
	}
	for i := range p.Hour {
		p.Hour[i] /= float64(p.Jobs)
	}
	for i := range p.Weekday {
		p.Weekday[i] /= float64(p.Jobs)
	}
	slices.Sort(submits)
	t0 := submits[0]
	p.Weeks = (submits[len(submits)-1] - t0) / SecondsPerWeek
	weekUsers := map[[2]int]bool{}
	weeks := map[int]bool{}
	for _, r := range recs {
		if usable(r, procs) {
			w := int((r.Submit - t0) / SecondsPerWeek)
			weekUsers[[2]int{w, r.User}] = true
			weeks[w] = true
		}
	}
	p.UsersPerWeek = float64(len(weekUsers)) / float64(len(weeks))
	if h, err := Hurst(ArrivalsPerHour(submits)); err == nil {
		p.Hurst = h
	}
	gaps := make([]float64, len(submits)-1)
	for i := range gaps {
		gaps[i] = submits[i+1] - submits[i]
	}
	p.Gap = spread(gaps)
	return p
}

// Peak returns the largest of shares over their mean: 1 for arrivals
// spread evenly over the hours (or days), 24 (or 7) for arrivals all in
// one.
func Peak(shares []float64) float64 {
	return slices.Max(shares) * float64(len(shares))
}

// MaxShareGap returns the largest difference between two cycles' shares
// of the same hour (or day): the comparison TestResampleMatchesTrace
// makes.
func MaxShareGap(a, b []float64) float64 {
	d := 0.0
	for i := range a {
		d = max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

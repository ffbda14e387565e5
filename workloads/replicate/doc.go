// Package replicate makes many statistically similar workloads out of one
// SWF trace, so that a trace replay can be replicated and its results get
// confidence intervals (issue 24). Three methods:
//
//   - Shake (Tsafrir, Ouaknine & Feitelson, "Reducing performance
//     evaluation sensitivity and variability by input shaking", MASCOTS
//     2007): every submit time is moved by a small random shift (uniform in
//     ±Submit seconds, or an exponential delay of mean Submit), and run
//     times and estimates optionally by a random ± percentage. It streams:
//     a small heap re-sorts the shifted records, so memory does not depend
//     on the trace's length.
//   - Window (RLScheduler's sampling): a random sub-trace of a given
//     length; WindowStart draws where it starts.
//   - Resample (Zakay & Feitelson, "Workload resampling for performance
//     evaluation of parallel job schedulers", ICPE 2013 and CCPE 26(12),
//     2014): the trace is cut into per-user sub-traces; long-term users
//     are kept (rotated together by whole weeks) and temporary users are
//     drawn at random week by week, never while a copy of them is still
//     active, each keeping its position in the week (so the daily and
//     weekly cycles stay), until each week reaches its share of the
//     asked load, the temporary users filling the weeks the long-term
//     users leave light (as the trace's users do: their weekly loads are
//     negatively correlated). The jobs that followed their user's
//     previous job in the trace point at it (SWF fields 17 and 18), for
//     user-based feedback in the cluster model. A Pool holds the
//     sub-traces of one trace and is shared, read-only, by every
//     replication.
//   - Bootstrap (Pool.Bootstrap): a user bootstrap from the same Pool:
//     every user drawn with replacement, the load free, so that the spread
//     of a metric over bootstrap workloads estimates its spread over traces
//     of the population and gives a population interval
//     (results.PopulationHalfWidth; its coverage is TestBootstrapCoverage's).
//
// Every method takes its randomness from a *rand.Rand the caller derives
// from the scenario's seed and the replication only, so replication r of
// every point of a sweep gets the same workload (common random numbers).
//
// KS2 is the two-sample Kolmogorov–Smirnov statistic and Hurst the
// aggregated-variance estimate of the Hurst parameter used to validate
// the resampler against its trace.
package replicate

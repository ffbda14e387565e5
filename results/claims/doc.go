// Package claims checks a paper's statements against a run: a Claim names
// a metric and a predicate over the run's points (best, order, peak,
// difference, within), Validate checks it against the run's metric names
// and sweep axes before the run, and Evaluate decides each claim on the
// finished *results.Report as reproduced, not reproduced or not decidable,
// with the numbers it used. Comparisons between two points use the paired
// difference over replications (the points share random numbers) and its
// 95% Student-t confidence interval. docs/reference/claims.md specifies
// the language and every rule precisely.
package claims

// Package recorded compares a replay's simulated start times with the start
// times a site recorded (sacct's Start, or an SWF trace's submit + wait), so
// that a site sees how far the model is from its history before it trusts a
// what-if study (issue 25, `replay --compare-recorded`).
//
// Compare reduces the jobs to a Summary: the per-job start error
// (simulated − recorded start) by its median and 90th percentile of the
// absolute value and the share within 60 s, the two-sample
// Kolmogorov–Smirnov distance between the recorded and the simulated
// waits, the same-order share (the longest common subsequence of the
// recorded and the simulated start orders over the number of jobs,
// computed in O(n log n)), and the mean wait by partition and by user,
// recorded vs simulated. WriteTable prints it for a terminal,
// WriteCSV as tidy data (metric,group,recorded,simulated,unit), and
// WriteJobsCSV writes the per-job comparison.
// docs/reference/compare-recorded.md defines every number.
package recorded

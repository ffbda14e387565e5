// Package reference holds, in its tests only, a deliberately naive
// reference simulator of the batch policies fcfs, easy, easy-sjbf, fpfs and
// conservative, written from the documented semantics alone
// (docs/reference/cluster.md and the doc comments of policies/batch), and a
// test that replays thousands of small random workloads on it and on
// schedsim (model/cluster with policies/batch) and compares the start and
// end time of every job.
//
// The reference shares no code with policies/batch or model/cluster: it
// rebuilds the availability profile from scratch (running jobs by their
// estimated ends plus reservations) at every decision, computes EASY's
// shadow time and extra processors from scratch, and compresses
// conservative's schedule literally (queue-order sweeps, each job to its
// earliest fit not later than its reservation, until a sweep moves
// nothing). Every choice the documentation left open is named in the
// comments (type reading, type consRules); docs/reference/cluster.md now
// states each one, and TestMisreadingsAreCaught shows the cross-check
// tells each from its alternative.
package reference

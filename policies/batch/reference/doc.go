// Package reference holds, in its tests only, a deliberately naive
// reference simulator of the batch policies fcfs, fpfs, conservative,
// lookahead and the EASY family (easy, easy-sjbf, easy++, double-easy,
// shrinking-easy, head-double-easy, tail-double-easy, greedy-easy), written
// from the documented semantics alone (docs/reference/cluster.md,
// docs/explanation/predictions.md, the lookahead section of
// docs/reproductions/predictions-pwa.md and the policies' type doc
// comments in policies/batch), and a test that replays thousands of small
// random workloads on it and on schedsim (model/cluster with
// policies/batch) and compares the start and end time of every job; some
// policies also under order: maui and with random predictors and
// correction strategies.
//
// The reference shares no code with policies/batch or model/cluster: it
// rebuilds the availability profile from scratch (running jobs by their
// estimated ends plus reservations) at every decision, computes EASY's
// shadow time and extra processors from scratch, and compresses
// conservative's schedule literally (queue-order sweeps, each job to its
// earliest fit not later than its reservation, until a sweep moves
// nothing). Every choice the documentation left open is named in the
// comments (type reading, type consRules); the docs now state each one,
// and TestMisreadingsAreCaught shows the cross-check tells each from its
// alternative. Where schedsim deviates from its docs (var deviations), the
// policy's subtest replays under the code's reading, so that everything
// else is still compared, and is then skipped naming the finding.
package reference

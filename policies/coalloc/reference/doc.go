// Package reference holds, in its tests only, a deliberately naive
// reference of the multicluster metaschedulers fcfs, fpfs, ebf, scoal and
// coarp, written from the documented semantics alone (the doc comments of
// model/multicluster and policies/coalloc, and docs/reproductions/coarp.md),
// and a test that replays thousands of small random workloads on grids of
// 2 to 4 clusters of different sizes and speeds, on it and on schedsim
// (model/multicluster with policies/coalloc), and compares every job's
// parts: cluster, processors, start and end.
//
// The reference shares no code with policies/coalloc or model/multicluster:
// it keeps the placed parts in a list and counts the processors they hold
// at each moment from scratch. Every choice the documentation left open is
// named in the comments (type reading); the docs state each one, and
// TestMisreadingsAreCaught shows the cross-check tells each from its
// alternative.
package reference

// Package multicluster is a heterogeneous multi-cluster grid with a
// metascheduler (Makhlouf & Yagoubi): N clusters, each with a number of
// processors, a speed in MIPS and an advance-reservation plan, fed by a
// stream of rigid jobs through one global queue.
//
// A job of P processors and run time R (in the workload) has the length
// L = R × RefSpeed (1000 MIPS by default); on cluster c it lasts
// D = L / speed(c). The metascheduler (policies/coalloc) places a job as
// one or more parts: (cluster, start ≥ now, processors). Each part holds
// its processors over [start, start + D) on its cluster — its
// reservation — and the job ends when its last part ends. The grid
// accepts a placement only if every part fits its cluster's plan without
// touching an accepted reservation; a plan is a cluster.Profile, the
// availability profile of the single-cluster model.
//
// Durations are exact (the length comes from the actual run time, as in
// GridSim), so a reservation is never cut short or overrun. The grid
// makes no decision: at every instant at which its state changed, after
// every part end and arrival of that instant, it runs one pass of the
// Metascheduler, which sees a read-only View and places jobs through a
// Planner.
//
// Jobs larger than the whole grid, jobs larger than the largest cluster
// under a policy that does not co-allocate, and jobs of zero run time are
// rejected: counted, with their reason, in the Result.
package multicluster

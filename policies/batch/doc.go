// Package batch holds the space-sharing batch scheduling policies of a
// cluster replay (model/cluster): FCFS, EASY backfilling, conservative
// backfilling and FPFS, behind a registry that maps a policy name to a
// constructor taking validated Options.
//
// All policies see the cluster through cluster.View and start jobs through
// cluster.Starter; they read job estimates, never actual runtimes. The
// queue order (Options.Order) is the cluster's queue order: "submit"
// (arrival, the default) or "sjf" (shortest estimate first, ties by
// arrival).
package batch

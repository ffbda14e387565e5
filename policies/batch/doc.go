// Package batch holds the space-sharing batch scheduling policies of a
// cluster replay (model/cluster): FCFS, EASY backfilling, conservative
// backfilling and FPFS, and the EASY family of Tsafrir, Etsion &
// Feitelson (2007) and the pyss simulator (EASY-SJBF, EASY++, double-,
// head-double-, tail-double-, shrinking- and greedy-EASY), behind a
// registry that maps a policy name to a constructor taking validated
// Options. EASY, conservative, EASY-SJBF, EASY++ and greedy-EASY plan with
// any runtime predictor of policies/predict (Options.Predictor; see
// docs/explanation/predictions.md).
//
// All policies see the cluster through cluster.View and start jobs through
// cluster.Starter; they read job estimates, never actual runtimes. The
// queue order (Options.Order) is the cluster's queue order: "submit"
// (arrival, the default) or "sjf" (shortest estimate first, ties by
// arrival).
package batch

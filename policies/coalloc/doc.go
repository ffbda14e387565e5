// Package coalloc holds the metascheduler policies of the multi-cluster
// grid (model/multicluster), after Makhlouf & Yagoubi: FCFS, EASY
// backfilling (EBF) and FPFS, which send a job whole to one cluster, and
// the co-allocating SCOAL (simple co-allocation over the processors free
// now) and COARP (co-allocation with resource offers and advance
// reservation planning), behind a registry that maps a policy name to a
// constructor taking validated Options.
//
// Every policy keeps the global queue in arrival order and sees the grid
// through multicluster.View: each cluster's advance-reservation plan (a
// cluster.Profile), speed and size, and each job's length, never more.
package coalloc

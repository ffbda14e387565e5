// Package local holds the local-scheduler policies of the two-site gang
// model (package model/gang): the queue disciplines at a processor whose
// head is a waiting gang (FCFS with backfilling under a threshold, the
// paper's; plain FCFS without backfilling, the baseline) and the routing of
// arriving local jobs (start-now queue, else shortest queue by number of
// jobs or by estimated work, ties at random). Both families are built by
// name from a registry with validated options.
package local

// Package results holds what a run produces: the metrics of each
// replication, their statistics across replications (mean, standard
// deviation, 95% Student-t confidence interval), and the writers that turn
// them into tables, CSV, JSON and plots. Files are written atomically
// (WriteFileAtomic), and a run's output directory is staged beside its
// target and committed whole by a rename (Stage), so that a failed or
// killed run never leaves a partial or mixed directory.
package results

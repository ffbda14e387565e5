// Package results holds what a run produces: the metrics of each
// replication, their statistics across replications (mean, standard
// deviation, 95% Student-t confidence interval), the declarations of the
// metrics (MetricInfo: unit and description), and the writers that turn
// them into tables (WriteText: compact pivot tables, per-point blocks,
// Markdown), tidy data files (WriteCSV and WriteJSON share one fixed
// schema; CombineJobs joins the per-job records of every point into one
// long jobs.csv, and the multicluster placements into parts.csv), figures
// (PlotOptions.WriteFigures: line plots of numeric sweeps, dot charts of
// categorical ones, paired differences against a baseline;
// PlotOptions.WriteSchedule: Gantt chart, utilisation and queue, ECDFs;
// LinearTicks and LogTicks label axes exactly; Style keeps series apart
// in greyscale) and a self-contained report.html (WriteHTML).
// docs/reference/outputs.md documents every column. Files are written atomically
// (WriteFileAtomic), and a run's output directory is staged beside its
// target and committed whole by a rename (Stage), so that a failed or
// killed run never leaves a partial or mixed directory.
package results

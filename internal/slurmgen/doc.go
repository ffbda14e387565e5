// Package slurmgen generates a synthetic Slurm site and job history, for
// the tests and benchmarks of the Slurm model (model/slurmsim) and of the
// slurm kind (scenarios), which replays it from a sacct file.
package slurmgen

// Package scenarios owns the scenario: a YAML file (or a built-in embedded
// one) that names a model kind, its parameters, the stop condition, the
// number of replications, the seed, the engine and optional sweep axes.
// It decodes scenarios strictly (unknown keys, wrong types and values out
// of range are errors naming the file, the line and the key), expands
// sweeps into points, and runs every (point, replication) pair in parallel
// on the replication runner of package sim. A run can also be split into
// shards (RunShard, one Slurm array task each) whose raw per-replication
// metrics Merge aggregates into exactly the report of a single run.
//
// Kinds of model register themselves from this package's kind_*.go files;
// each wires one system of package model to the policies it can use.
package scenarios

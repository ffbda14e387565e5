// Package records writes per-job records: one CSV line a job, through a
// buffered writer and one reused line buffer, so that a record costs no
// allocation once the buffer has grown to the longest line.
//
// Every model kind writes its per-job CSV through a Writer: the
// event-driven models (model/mmc, model/gang, model/cluster,
// model/multicluster) and the cycle-based experiments of
// scenarios/slotexp. The package sits below both the models and package
// results and imports neither: a model that writes records depends on
// this leaf, not on the results package that summarises runs.
//
// Records whose fields are all numbers are written with Row; a record
// with other fields (a list, a word) is appended to Line's buffer, with
// AppendFloat for its numbers, and handed to Write. Either way numbers
// are written in the shortest form that reads back to the same float64,
// without exponent.
package records

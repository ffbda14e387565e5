// Package model holds what every model kind shares: the key-path error that
// parameter validation reports (FieldError) and the range checks that make
// it. The model kinds themselves live in the sub-packages (cluster,
// multicluster, gang, slot, mmc).
//
// A FieldError names the key below the kind's `params:` block as a dotted
// path ("sizes.max", "clusters[2].speed"). A package that validates a nested
// value reports the path relative to that value; the caller places it with
// Under, and the scenario loader adds the file, the line and the `params.`
// prefix, so every message a user sees reads
//
//	study.yaml:12: params.sizes.max: must be ≥ 1 (got 0)
package model

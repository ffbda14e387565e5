// Package model holds the state of simulated systems and its invariants,
// never a scheduling decision: jobs, processors and their queues, busy-time
// meters. Systems built on it (the M/M/c queue in model/mmc, and others in
// further subpackages) wire this state to the event kernel; policies decide
// through the small interfaces those systems declare.
//
// It also holds what every package that validates parameters shares: the
// key-path error FieldError and the range checks that make it. A FieldError
// names the key as a dotted path ("sizes.max", "clusters[2].speed"). A
// package that validates a nested value reports the path relative to that
// value; the caller places it with Under, and the scenario loader adds the
// file, the line and the `params.` prefix, so every message a user sees
// reads
//
//	study.yaml:12: params.sizes.max: must be ≥ 1 (got 0)
package model

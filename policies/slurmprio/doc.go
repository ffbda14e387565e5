// Package slurmprio computes Slurm's multifactor job priority: the age,
// job-size, partition, QoS, association and fair-share factors, each in
// [0, 1], weighted and summed as priority/multifactor does, with the
// fair share computed by the classic algorithm (PriorityFlags=NO_FAIR_TREE)
// or by Fair Tree (the default since Slurm 19.05). Usage is decayed with
// PriorityDecayHalfLife, reset at PriorityUsageResetPeriod and the fair
// share recomputed every PriorityCalcPeriod.
//
// The two fair-share algorithms are the policies of the registry
// FairShares, "multifactor-classic" and "multifactor-fairtree"; every
// weight and period is an option key of that family. The formulas, and
// what is not modelled, are in docs/explanation/slurm-priority.md.
//
// The scheduler that orders jobs by these priorities is not part of this
// package.
package slurmprio

// Package slotexp runs the experiments of the slot co-allocation family
// (Toporkov et al.) on the policies of policies/slots, policies/css and
// policies/anticipation, and writes their own output files (per-cycle
// CSV, figures) through package results.
//
// The ALP/AMP experiment of "Resource co-allocation algorithms for job
// batch scheduling in dependable distributed computing" (section 5): per
// cycle, a generated slot list and job batch, alternatives by ALP and by
// AMP, both DP criteria, tallied over the cycles in which every job has
// at least one alternative under both searches (Cycler.RunCycle, Tally,
// Reproduce, WriteCycleFiles, WriteAlternatives).
//
// The experiments of Toporkov et al. 2014 (CSS with user criteria,
// slicing, owners' pricing, the hybrid МПБ, the shift procedure, planned
// vs actual runtimes): per generated cycle of the 2014 environment, the
// chosen variants (plain CSS, the generalised scheme, CSS with the shift,
// the hybrid, backfilling) on the same cycle, tallied per job and per user
// criterion (CSS2014Cycler, RunCSS2014, CheckPlan, CSS2014References),
// with the VO's choice by least processor time or least cost
// (CSS2014Config.VOCriterion), the comparisons the paper draws within one
// run computed per replication (CSS2014Derived), and the views of one
// variant or one Table 1 row (CSS2014View) that let a sweep axis carry
// those comparisons into the claims language.
//
// The three experiments run in one shape: RunExperiment, RunCSS2014 and
// RunANT take the replication's context first and loop through RunCycles,
// which checks it between two cycles and ends a cancelled run with
// sim.ErrInterrupted.
package slotexp

// Package slots holds the slot-selection policies of Toporkov et al.,
// "Resource co-allocation algorithms for job batch scheduling in
// dependable distributed computing": the window searches ALP (a price
// limit per slot) and AMP (a budget per job), a general AEP-style search
// that finds in one scan the best window for several pluggable criteria
// (earliest start, earliest finish, shortest runtime, lowest cost), the
// batch alternatives search (jobs in priority order, repeated passes, every
// found window subtracted so that alternatives never overlap), and the
// dynamic-programming choice of one alternative per job (minimum total
// time under the VO budget B*, minimum total cost under the time limit
// T*, formulas (1)–(3) of the paper).
//
// It also runs the paper's experiment (section 5): per cycle, a generated
// slot list and job batch, alternatives by ALP and by AMP, both DP
// criteria, tallied over the cycles in which every job has at least one
// alternative under both searches (RunCycle, Tally, Reproduce).
//
// The state (nodes, slots, windows, subtraction) is in model/slot; this
// package only decides.
package slots

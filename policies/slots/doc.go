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
// CheckAlternatives is the debug invariant check of an alternatives
// search. The state (nodes, slots, windows, subtraction) is in model/slot;
// this package only decides: the paper's experiment runs in
// scenarios/slotexp.
package slots

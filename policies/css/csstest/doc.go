// Package csstest is the shared test harness of the slot batch policies
// (the registry css.Policies: the backfilling baseline "bf", CSS "css",
// anticipation scheduling "ant" of policies/anticipation, and any new
// css.Policy), like policies/slots/slotstest for the window-search
// methods: a golden Case declares a small slot list, a batch of jobs, the
// policies' options and, per policy, the window every job must get,
// worked out by hand and written as "[start,finish] nodes cost" (or
// None); Run schedules the batch with every policy, checks the plan's
// invariants (css.CheckPlan: valid windows in the free slots, within the
// jobs' price limits, never overlapping) and that the slot list is left
// as it was, and compares. Covered fails a test when a registered policy
// has no golden case. The slot kinds are cycle-based: there is no event
// engine to vary.
package csstest

// Package css holds the cyclic scheduling scheme (CSS) of Toporkov et
// al. ("Anticipation scheduling in grid with stakeholders preferences",
// section 2) on the slot model of model/slot, and conservative
// backfilling on the same model as its baseline.
//
// CSS schedules a batch of jobs per scheduling cycle in two steps:
//
//  1. Alternatives: job by job in priority order, pass after pass, the
//     best window by the job's own criterion (AEP with that criterion,
//     policies/slots), each subtracted from the free slots before the
//     next is sought, so that the alternatives never overlap.
//  2. Choice: dynamic programming picks one alternative per job that
//     solves the VO's problem, e.g. C → max subject to a mean user
//     utility Ua ≤ lim, exactly.
//
// API overview (keep it stable: other policies build on it):
//
//   - Property (Start, Finish, Runtime, ProcTime, Cost, Utility) names
//     what a criterion minimises or a problem optimises or limits;
//     ParseProperty reads its name.
//   - Alternative is a window with its properties (NewAlternative) and
//     its utility; Alternative.Value reads a property.
//   - UserUtility, Range, SetUtilities and UtilityIn compute the user
//     utility U = (Z − Zmin)/(Zmax − Zmin)·100% over a job's
//     alternatives.
//   - Job is a request with the user's criterion and price factor;
//     Job.Search gives its AEP search (SearchCriterion, Job.Limits).
//   - Problem is the VO problem: any objective property → max or min
//     under a mean (or total) limit on any constrained property;
//     CostMaxUtilityLimit is the paper's C → max, lim Ua.
//   - Chooser.Choose solves a Problem on given alternatives by exact DP
//     (policies/slots.DP.Solve); jobs without alternatives take no part.
//   - Scheduler.Alternatives (step 1), Scheduler.Choose (step 2),
//     Scheduler.Schedule (both) return a Plan: the alternatives per job
//     and the chosen index (−1: none); Plan.Choice, Plan.Scheduled and
//     Plan.Mean read it.
//   - Scheduler.Backfill is conservative backfilling on the slot list in
//     batch order, as a Plan with one alternative per scheduled job.
//   - The registry Policies builds a Policy by name from Options: this
//     package registers the backfilling baseline and CSS,
//     policies/anticipation registers ANT.
//
// The generalisations of Toporkov et al. 2014 ("Методы и эвристики
// планирования …", sections 1.2–1.4 and 3.2) build on that API:
//
//   - MinProcScheduler: alternatives by each user's criterion, then the
//     least total processor time under B* = Σ mean alternative cost, as
//     a BatchScheduler; MinCostScheduler: the least total cost under
//     T* = Σ ⌊mean alternative processor time⌋ (formulas (4), (5), (12));
//   - Sliced cuts the batch into k sub-batches (SubBatches), each
//     scheduled on what the previous ones left (МПСР);
//   - Hybrid schedules the first N_CSS jobs by CSS and the rest by
//     Backfill on what is left (МПБ);
//   - Timeline is the free time as merged per-node intervals that can be
//     released and taken again; Shift moves the chosen windows as early
//     as their own nodes allow (ЦСПС);
//   - KeepPlan and Replan execute a plan with actual runtimes: CSS keeps
//     it, backfilling re-plans on every early completion.
//
// The package only decides: the experiments run in scenarios/slotexp.
package css

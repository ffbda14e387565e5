// Package anticipation holds the anticipation scheduling (ANT) of
// Toporkov, Yemelyanov and Toporkova, "Anticipation scheduling in grid
// with stakeholders preferences" (section 3), on the slot model: a
// reference schedule solved by CSS (policies/css) on an idealised view
// of the resources, where every job sees all its possible windows as if
// no other job reserved any, and its replication into a feasible
// schedule by an AEP search with the execution-similarity criterion: the
// window of least linear (D_l = ΣE) or geometric (D_g = sqrt(ΣE²))
// distance over relative errors E = |ref − can| / ref of chosen
// properties (cost, processor time, start …).
//
// Replicator.Replicate is the replication on its own (the paper's
// section 4.1 replicates a feasible CSS solution with it); Scheduler
// runs the three steps; the package registers them as the slot batch
// policy "ant" of policies/css (css.Policies, options read by SimilarityOf).
// The package only decides: the experiments run
// in scenarios/slotexp.
package anticipation

// Package lublin generates rigid parallel jobs with the workload model of
// U. Lublin and D. G. Feitelson, "The workload on parallel supercomputers:
// modeling the characteristics of rigid jobs", J. Parallel & Distributed
// Computing 63(11), 2003.
//
// The model draws, for each job class (batch and interactive, or one
// combined class):
//
//   - the size: 1 with the serial probability; otherwise x from a
//     two-stage uniform distribution on log2 sizes (U[ULow, UMed] with
//     probability UProb, U[UMed, UHi] otherwise), rounded to an integer
//     exponent for the power-of-two share, and size = round(2^x);
//   - the run time: log(run time) is hyper-Gamma, Gamma(A1, B1) with
//     probability p = PA·size + PB (clamped to [0, 1]) and Gamma(A2, B2)
//     otherwise (B is the scale), redrawn above MaxLogRuntime;
//   - the arrivals: log(inter-arrival) is Gamma(AArr·ARAR, BArr) (the
//     rush-hour gap, redrawn above MaxLogInterarrival), spent as "points"
//     over the 48 half-hour buckets of the day, whose weights are the
//     Gamma(ANum, BNum) probabilities of [i − 0.5, i + 0.5] for i = 11 …
//     58 in half hours, i being the bucket that starts at (i − 1)/2 hours
//     mod 24 (i = 11 is 05:00), as in the authors' generator; so arrivals
//     crowd into the working day.
//
// With two classes each class has its own arrival stream; the job that
// comes next is the one of the class whose next arrival is earlier.
//
// Parameter values are the published ones (the paper's Table and the
// authors' public generator); every one is settable (see Params). The
// size bounds that depend on the machine are derived from Procs: UHi =
// log2(Procs) − HiBelow and UMed = UHi − MedBelow, which gives the
// published 7, 5 (batch) and 5.5, 3 (interactive) on 128 processors.
//
// Load: the offered load of the model on a machine is computed exactly
// (Params.ModelLoad) from the parameters; a target Load scales every
// inter-arrival gap by ModelLoad/Load before it is spent over the
// buckets, so the daily cycle keeps its shape and the offered load is the
// one asked for.
//
// Randomness comes only from named streams of sim.Streams (one per class
// and quantity), so the same Params and seed give the same jobs, and
// changing a size parameter does not change the arrival times.
package lublin

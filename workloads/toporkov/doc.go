// Package toporkov generates the scheduling cycles of Toporkov et al.'s
// slot experiments, with every constant of the papers settable:
//
//   - Generator: the ALP/AMP experiment (section 5 of the co-allocation
//     paper), an ordered list of free slots on heterogeneous, priced
//     nodes (NextSlots) and a batch of resource requests (NextJobs);
//   - DomainGenerator: the anticipation experiment's owner-loaded domain;
//   - CSS2014Generator: the environment of the 2014 CSS paper.
//
// DomainGenerator and CSS2014Generator speak one vocabulary: Next returns
// a Cycle (free slots, the batch of Jobs in priority order, the owners'
// share), each generator filling the Job fields its experiment uses.
// Validate methods return a *model.FieldError naming the key.
package toporkov

// Package goldentest holds what the golden-schedule harnesses of every
// policy family share (model/cluster/clustertest, model/multicluster/
// multiclustertest, policies/slots/slotstest, policies/css/csstest): the
// check that every registered policy has a golden case and that no case
// expects a policy that is not registered (Covered), and the loop of the
// event-driven harnesses over policies and engines (OnEveryEngine).
package goldentest

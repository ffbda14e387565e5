// Package toporkov generates the scheduling cycles of Toporkov et al.'s
// ALP/AMP experiment: SlotGenerator (an ordered list of free slots on
// heterogeneous, priced nodes) and JobGenerator (a batch of resource
// requests), with every constant of the paper's section 5 settable.
package toporkov

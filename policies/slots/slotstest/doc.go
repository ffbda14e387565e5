// Package slotstest is the shared test harness of the window-search
// methods of policies/slots (the registry slots.Methods), like
// model/cluster/clustertest for the event-driven models: a golden Case
// declares a slot list, a batch of requests and, per method, every
// alternative the batch alternatives search must find, written as
// "job [start,finish] nodes price/time"; Run searches, compares and
// checks the search's invariants (slots.CheckAlternatives: valid windows
// within the free slots and the method's limits, no overlap, free time
// conserved). The slot kinds are cycle-based: there is no event engine to
// vary. PaperExample is the environment of the paper's hand example.
package slotstest

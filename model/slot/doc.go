// Package slot owns the state of slot-based co-allocation (Toporkov et
// al.): computational nodes with a performance and a price per time unit,
// free time slots on those nodes, a slot list sorted by start time,
// resource requests (jobs), windows (N slots with a common start and a
// possibly uneven right edge), and the subtraction of a window from the
// slot list. It also offers the invariant checks that tests and debug runs
// use: a valid list, a valid window, windows that never overlap in
// processor time, and subtraction that conserves free time exactly.
//
// The package makes no scheduling decision: the window searches (ALP, AMP,
// AEP-style criteria) and the batch choice live in policies/slots.
//
// Time and price units are the model's own. The cost of a window part is
// the node's price per time unit times the part's length, so a window's
// cost is the sum over its slots of price × runtime on that node.
package slot

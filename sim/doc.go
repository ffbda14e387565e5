// Package sim is the discrete-event kernel of schedsim: the event engine
// interface with its two implementations (the fast 4-ary-heap engine and
// one built on github.com/fschuetz04/simgo), the named random streams of a
// replication, and the runner that executes independent replications in
// parallel.
//
// Every implementation orders events by (time, priority, sequence number):
// earlier time first, then lower priority value, then the order in which
// the events were scheduled. Nothing depends on map iteration or goroutine
// timing, so a replication's result depends only on its seed.
package sim

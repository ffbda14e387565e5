// Package model holds the state of simulated systems and its invariants,
// never a scheduling decision: jobs, processors and their queues, busy-time
// meters. Systems built on it (the M/M/c queue in model/mmc, and others in
// further subpackages) wire this state to the event kernel; policies decide
// through the small interfaces those systems declare.
package model

package toporkov

import "github.com/schedsim/schedsim/model/slot"

// Job is one job of a generated batch: its resource request and what the
// experiment that drew it knows of its user. Each generator fills the
// fields its experiment uses and leaves the others zero.
type Job struct {
	// Request is what the job asks for (for the 2014 environment Length
	// is the time t on a node of performance 1, Budget the most the user
	// pays).
	slot.Request
	// Criterion names the user's criterion for the job's alternatives, a
	// name of UserCriteria (anticipation and the 2014 environment).
	Criterion string
	// PriceFactor is the most the user pays, a multiple of a node's base
	// cost (anticipation).
	PriceFactor float64
	// Actual is the actual runtime divided by the reserved runtime, in
	// (0, 1], the same share on every node of its window (the 2014
	// environment).
	Actual float64
}

// Cycle is one scheduling cycle of a slot domain: the nodes and their
// free slots, the batch in priority order, and what the owners' local
// jobs take. DomainGenerator and CSS2014Generator both produce Cycles.
type Cycle struct {
	// List holds the nodes and their free slots.
	List *slot.List
	// Jobs is the batch; the first job has the highest priority.
	Jobs []Job
	// Owner holds the owners' local jobs as busy intervals
	// (DomainGenerator; nil for the 2014 environment).
	Owner []slot.Slot
	// OwnerTime is the node time inside the interval taken by the owners'
	// local jobs (CSS2014Generator; 0 for DomainGenerator).
	OwnerTime float64
}

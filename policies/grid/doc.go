// Package grid holds the grid-scheduler policies of the two-site gang
// model (package model/gang): the allocation approaches of Dimitriadou and
// Karatza (2010) — approach 1, one site only, and approach 2, which may also
// split a gang over the free processors of both sites at a service-time
// overhead — and the GS queue disciplines (largest gang first, the paper's;
// first fit in arrival order, for comparison). Both families are built by
// name from a registry with validated options.
package grid

// Package mmc is the M/M/c queue on the event kernel: Poisson arrivals,
// c identical servers, exponential service, one FIFO queue. It is the
// kernel's validation model (its mean waiting time is known in closed form,
// see ErlangC) and the smallest example of a system built on package model.
package mmc

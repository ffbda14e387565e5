// Package testtrace is for tests that replay the Parallel Workloads
// Archive traces, which are not in the repository: it names each trace
// file by its catalogue name and skips a test whose trace is not on this
// machine with one line saying how to get it, so that `make test` passes
// on a plain clone.
package testtrace

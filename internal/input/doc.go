// Package input opens and reads the files schedsim takes as input
// (scenarios, platforms, model parameters, shard manifests, traces) so
// that no input holds a command: a whole-file read is capped and names the
// file and the cap when the file is longer, a NUL byte (a binary file, a
// device such as /dev/zero) is an error at once, and an open or a read that
// waits on a named pipe returns with the context's error once the context
// is done, so that Ctrl-C stops the command within a second on its own.
package input

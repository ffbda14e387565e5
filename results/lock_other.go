//go:build !unix

package results

import "errors"

// lockDir does nothing where flock is not available: concurrent commits to
// one target may then fail instead of replacing each other whole.
func lockDir(string) (func(), error) { return func() {}, nil }

// tryLockDir fails: without flock a staging directory cannot be told from
// a stale one, so none is removed.
func tryLockDir(string) (func(), error) { return nil, errors.ErrUnsupported }
